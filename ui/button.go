package ui

import (
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// keyButton is a widget.Button for the keyboard too: Enter and Space
// activate it while it has the focus (a plain Button takes Space only),
// it draws a ring in the foreground colour while focused (Fyne's focus
// wash disappears on a primary button, which is drawn in the focus
// colour already), and Escape goes on to the window's key handler, so
// that a dialog closes whichever of its buttons has the focus.
type keyButton struct {
	widget.Button
	focused bool
}

// newButton is a keyButton.
func newButton(text string, icon fyne.Resource, importance widget.Importance, tapped func()) *keyButton {
	b := &keyButton{}
	b.Text, b.Icon, b.Importance, b.OnTapped = text, icon, importance, tapped
	b.ExtendBaseWidget(b)
	return b
}

func (b *keyButton) FocusGained() {
	b.focused = true
	b.Button.FocusGained()
}

func (b *keyButton) FocusLost() {
	b.focused = false
	b.Button.FocusLost()
}

func (b *keyButton) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		if !b.Disabled() {
			b.Tapped(&fyne.PointEvent{})
		}
	case fyne.KeyEscape:
		if c := fyne.CurrentApp().Driver().CanvasForObject(b); c != nil && c.OnTypedKey() != nil {
			c.OnTypedKey()(ev)
		}
	}
}

func (b *keyButton) CreateRenderer() fyne.WidgetRenderer {
	ring := canvas.NewRectangle(color.Transparent)
	ring.StrokeWidth = 2
	ring.CornerRadius = theme.Size(theme.SizeNameInputRadius)
	return &focusRingRenderer{WidgetRenderer: b.Button.CreateRenderer(), ring: ring, focused: func() bool { return b.focused }}
}

// focusRingRenderer draws a widget's own renderer with a ring over it
// while the widget has the focus.
type focusRingRenderer struct {
	fyne.WidgetRenderer
	ring    *canvas.Rectangle
	focused func() bool
}

func (r *focusRingRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	r.ring.Resize(size)
	r.ring.Move(fyne.Position{})
}

func (r *focusRingRenderer) Objects() []fyne.CanvasObject {
	return append(slices.Clip(r.WidgetRenderer.Objects()), r.ring)
}

func (r *focusRingRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.ring.StrokeColor = color.Transparent
	if r.focused() {
		r.ring.StrokeColor = theme.Color(theme.ColorNameForeground)
	}
	r.ring.Refresh()
}
