//go:build linux || freebsd || openbsd || netbsd

package ui

import "github.com/godbus/dbus/v5"

// trayHostRunning reports whether the session bus has a tray host: an
// org.kde.StatusNotifierWatcher, the only kind of tray Fyne's systray
// shows an icon in on these systems. It never starts a session bus.
func trayHostRunning() bool {
	conn, err := dbus.SessionBusPrivateNoAutoStartup()
	if err != nil {
		return false
	}
	defer conn.Close()
	if conn.Auth(nil) != nil || conn.Hello() != nil {
		return false
	}
	var owned bool
	err = conn.BusObject().Call("org.freedesktop.DBus.NameHasOwner", 0, "org.kde.StatusNotifierWatcher").Store(&owned)
	return err == nil && owned
}
