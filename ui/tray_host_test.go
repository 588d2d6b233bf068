//go:build linux || freebsd || openbsd || netbsd

package ui

import (
	"path/filepath"
	"testing"
)

// TestNoTrayHostWithoutASessionBus: a session bus that cannot be reached
// has no tray host, and finding that out starts no bus of its own.
func TestNoTrayHostWithoutASessionBus(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(dir, "no-bus"))
	t.Setenv("XDG_RUNTIME_DIR", dir)
	if trayHostRunning() {
		t.Fatal("a tray host was found on a session bus that does not exist")
	}
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "")
	if trayHostRunning() {
		t.Fatal("a tray host was found with no session bus at all")
	}
}
