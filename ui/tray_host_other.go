//go:build !(linux || freebsd || openbsd || netbsd)

package ui

// trayHostRunning reports whether the desktop has a system tray: macOS and
// Windows always do.
func trayHostRunning() bool { return true }
