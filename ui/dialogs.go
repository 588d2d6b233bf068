package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
)

// closable is what every Fyne dialog can do (dialog.Dialog and
// dialog.FileDialog).
type closable interface {
	Show()
	Hide()
	SetOnClosed(func())
}

// showDialog shows d with the keyboard working on it: Escape closes it
// without its action, Enter runs enter (confirms a ConfirmDialog; closes
// any other dialog when enter is nil). The window's own key handler is
// back when the dialog closes, so dialogs over dialogs work.
func showDialog(w fyne.Window, d closable, enter func()) {
	c := w.Canvas()
	prev := c.OnTypedKey()
	open := true
	if enter == nil {
		if cd, ok := d.(*dialog.ConfirmDialog); ok {
			enter = cd.Confirm
		} else {
			enter = d.Hide
		}
	}
	c.SetOnTypedKey(func(ev *fyne.KeyEvent) {
		if !open {
			if prev != nil {
				prev(ev)
			}
			return
		}
		switch ev.Name {
		case fyne.KeyEscape:
			d.Hide()
		case fyne.KeyReturn, fyne.KeyEnter:
			enter()
		}
	})
	d.SetOnClosed(func() {
		if !open {
			return
		}
		open = false
		c.SetOnTypedKey(prev)
	})
	d.Show()
}

// showError shows err in a dialog that Enter and Escape close.
func showError(err error, w fyne.Window) {
	showDialog(w, dialog.NewError(err, w), nil)
}

// showInformation shows a message in a dialog that Enter and Escape close.
func showInformation(title, message string, w fyne.Window) {
	showDialog(w, dialog.NewInformation(title, message, w), nil)
}
