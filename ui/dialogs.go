package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
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
// any other dialog when enter is nil). A question whose yes makes hooks
// run or trusts them is a riskyConfirm instead, where Enter cancels. The window's own key handler is
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

// riskyConfirm is a question whose answer makes hooks run or trusts them
// (approve a critical hook, approve all, trust the folder, run unapproved
// hooks, enable all): Cancel is the default. It has the focus when the
// dialog opens, so Enter cancels, as does Escape; confirming takes a click
// on the confirm button, or Tab to it and Enter or Space there.
type riskyConfirm struct {
	*dialog.CustomDialog
	window   fyne.Window
	cancel   *keyButton
	confirm  *keyButton
	callback func(bool)
	answered bool
}

// newRiskyConfirm is a riskyConfirm titled title, showing content, whose
// buttons say dismiss and confirm; callback gets the answer once (false
// for Cancel, Escape and a dialog closed by the program).
func newRiskyConfirm(title, confirm, dismiss string, content fyne.CanvasObject, callback func(bool), w fyne.Window) *riskyConfirm {
	r := &riskyConfirm{window: w, callback: callback}
	r.cancel = newButton(dismiss, theme.CancelIcon(), widget.MediumImportance, func() { r.answer(false) })
	r.confirm = newButton(confirm, theme.WarningIcon(), widget.WarningImportance, func() { r.answer(true) })
	r.CustomDialog = dialog.NewCustomWithoutButtons(title, content, w)
	r.CustomDialog.SetButtons([]fyne.CanvasObject{r.cancel, r.confirm})
	r.CustomDialog.SetOnClosed(func() { r.answer(false) })
	return r
}

// answer closes the dialog and passes ok on, the first time only.
func (r *riskyConfirm) answer(ok bool) {
	if r.answered {
		return
	}
	r.answered = true
	r.CustomDialog.Hide()
	if r.callback != nil {
		r.callback(ok)
	}
}

// Confirm answers yes, as a click on the confirm button does.
func (r *riskyConfirm) Confirm() { r.answer(true) }

// Dismiss answers no.
func (r *riskyConfirm) Dismiss() { r.answer(false) }

// show puts the dialog on screen with the focus on Cancel.
func (r *riskyConfirm) show() {
	showDialog(r.window, r, r.Dismiss)
	r.window.Canvas().Focus(r.cancel)
}
