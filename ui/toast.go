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
// next write replaces it, so that nobody has to read it in a hurry. Each
// tab that writes has its own, in the window's group (joinToasts): a write
// starting anywhere clears every strip, and only the strip of the newest
// write is on screen, so that no Undo undoes anything but the last write.
type toast struct {
	group *toastGroup
	label *widget.Label
	undo  *keyButton
	close *keyButton
	box   *fyne.Container
	// onUndo undoes the write on screen (nil: nothing to undo).
	onUndo func()
	// owner names what the write belongs to (showFor), so that the toast
	// goes when something else is on screen.
	owner string
}

func newToast() *toast {
	t := &toast{label: &widget.Label{Wrapping: fyne.TextWrapWord}}
	t.undo = newButton("Undo", theme.ContentUndoIcon(), widget.MediumImportance, t.onUndoTapped)
	t.close = newButton("", theme.WindowCloseIcon(), widget.LowImportance, t.hide)
	bg := canvas.NewRectangle(withAlpha(theme.Color(theme.ColorNameSuccess), 0x30))
	bg.CornerRadius = theme.Size(theme.SizeNameInputRadius)
	t.box = container.NewStack(bg, container.NewPadded(
		container.NewBorder(nil, nil, nil, container.NewHBox(t.undo, t.close), t.label)))
	t.box.Hide()
	return t
}

func (t *toast) buildUI() fyne.CanvasObject { return t.box }

// toastGroup are the window's toasts, one per tab that writes.
type toastGroup struct{ toasts []*toast }

// joinToasts puts ts in one group.
func joinToasts(ts ...*toast) {
	g := &toastGroup{toasts: ts}
	for _, t := range ts {
		t.group = g
	}
}

// each runs f on every toast of t's group (t alone when it has none).
func (t *toast) each(f func(*toast)) {
	if t.group == nil {
		f(t)
		return
	}
	for _, o := range t.group.toasts {
		f(o)
	}
}

// writing clears every strip of the group: a write is starting, and an
// Undo on screen would undo a write older than it.
func (t *toast) writing() { t.each((*toast).hide) }

// show says text, offering Undo when undo is not nil; the strips of the
// other tabs go.
func (t *toast) show(text string, undo func()) {
	t.each(func(o *toast) {
		if o != t {
			o.hide()
		}
	})
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
