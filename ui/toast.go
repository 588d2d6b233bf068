package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// toast is the strip that says what a write did and where, with an Undo
// button while the write can be undone. It stays until it is closed or the
// next write replaces it, so that nobody has to read it in a hurry.
type toast struct {
	label *widget.Label
	undo  *widget.Button
	close *widget.Button
	box   *fyne.Container
	// onUndo undoes the write on screen (nil: nothing to undo).
	onUndo func()
	// owner names what the write belongs to (showFor), so that the toast
	// goes when something else is on screen.
	owner string
}

func newToast() *toast {
	t := &toast{label: &widget.Label{Wrapping: fyne.TextWrapWord}}
	t.undo = &widget.Button{Text: "Undo", Icon: theme.ContentUndoIcon(), OnTapped: t.onUndoTapped}
	t.close = &widget.Button{Icon: theme.WindowCloseIcon(), Importance: widget.LowImportance, OnTapped: t.hide}
	bg := canvas.NewRectangle(withAlpha(theme.Color(theme.ColorNameSuccess), 0x30))
	bg.CornerRadius = theme.Size(theme.SizeNameInputRadius)
	t.box = container.NewStack(bg, container.NewPadded(
		container.NewBorder(nil, nil, nil, container.NewHBox(t.undo, t.close), t.label)))
	t.box.Hide()
	return t
}

func (t *toast) buildUI() fyne.CanvasObject { return t.box }

// show says text, offering Undo when undo is not nil.
func (t *toast) show(text string, undo func()) {
	t.label.SetText(text)
	t.onUndo = undo
	if undo == nil {
		t.undo.Hide()
	} else {
		t.undo.Show()
		t.undo.Enable()
	}
	t.box.Show()
}

func (t *toast) hide() {
	t.onUndo = nil
	t.owner = ""
	t.box.Hide()
}

// showFor is show for a write that belongs to owner (a project).
func (t *toast) showFor(owner, text string, undo func()) {
	t.show(text, undo)
	t.owner = owner
}

// hideUnless hides the toast unless it belongs to owner.
func (t *toast) hideUnless(owner string) {
	if t.owner != owner {
		t.hide()
	}
}

// visible reports whether the toast is on screen (for tests).
func (t *toast) visible() bool { return t.box.Visible() }

func (t *toast) onUndoTapped() {
	if t.onUndo == nil {
		return
	}
	undo := t.onUndo
	t.onUndo = nil
	t.undo.Disable()
	undo()
}
