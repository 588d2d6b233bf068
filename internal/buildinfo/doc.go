// Package buildinfo says which Hookwarden this is: the version, the commit
// and its date, read from the build information the Go toolchain stamps
// into every binary (runtime/debug.ReadBuildInfo), so that the window
// build, the command-line build and a `go install` all answer alike
// without link-time flags.
package buildinfo
