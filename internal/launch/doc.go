// Package launch is what both Hookwarden binaries do before (or instead
// of) opening a window: answer --version, run a command-line command, and
// - in the command-line build, which has no window - say so where the
// window build would open one. The window build (main.go at the root) and
// the static command-line build (cmd/hookwarden-cli) share it, so that
// their commands cannot drift apart.
package launch
