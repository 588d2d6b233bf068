package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// shortcutEntry is an Entry that hands the window's own shortcuts (Ctrl+Enter,
// Ctrl+R, Ctrl+1…4, Ctrl+O) to the window: the driver gives every shortcut
// to the focused widget, so a plain Entry would swallow them.
type shortcutEntry struct {
	widget.Entry
	// forward runs the window's shortcut s and reports whether it had one.
	forward func(s fyne.Shortcut) bool
}

// newPayloadEntry is the multi-line, monospace editor of the hook input.
func newPayloadEntry() *shortcutEntry {
	e := &shortcutEntry{}
	e.MultiLine = true
	e.Wrapping = fyne.TextWrapOff
	e.TextStyle = fyne.TextStyle{Monospace: true}
	e.ExtendBaseWidget(e)
	return e
}

// TypedShortcut runs the window's shortcut, else the Entry's own (copy,
// paste, undo…).
func (e *shortcutEntry) TypedShortcut(s fyne.Shortcut) {
	if e.forward != nil && e.forward(s) {
		return
	}
	e.Entry.TypedShortcut(s)
}
