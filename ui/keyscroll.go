package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// keyScroll is a vertical scroll that Tab reaches and the keyboard moves:
// Up and Down by a line, Page Up and Page Down (and Space) by a screen,
// Home and End to the top and the end. It draws a ring while it has the
// focus, and onMoved runs after every move and every layout, so that a
// reader who only uses the keyboard reaches the end of the Review detail
// (where Approve unlocks) as one with a wheel does.
type keyScroll struct {
	widget.BaseWidget
	scroll  *container.Scroll
	onMoved func(size fyne.Size)
	focused bool
}

func newKeyScroll(s *container.Scroll, onMoved func(fyne.Size)) *keyScroll {
	k := &keyScroll{scroll: s, onMoved: onMoved}
	k.ExtendBaseWidget(k)
	return k
}

// Tapped gives it the focus, so that the keys scroll after a click too.
func (k *keyScroll) Tapped(*fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(k); c != nil {
		c.Focus(k)
	}
}

func (k *keyScroll) FocusGained() { k.focused = true; k.Refresh() }
func (k *keyScroll) FocusLost()   { k.focused = false; k.Refresh() }

func (k *keyScroll) TypedRune(r rune) {
	if r == ' ' {
		k.TypedKey(&fyne.KeyEvent{Name: fyne.KeyPageDown})
	}
}

// lineStep is how far Up and Down move.
const lineStep = 40

func (k *keyScroll) TypedKey(ev *fyne.KeyEvent) {
	s := k.scroll
	view := s.Size().Height
	end := max(0, s.Content.MinSize().Height-view)
	page := max(lineStep, view-lineStep)
	y := s.Offset.Y
	switch ev.Name {
	case fyne.KeyDown:
		y += lineStep
	case fyne.KeyUp:
		y -= lineStep
	case fyne.KeyPageDown:
		y += page
	case fyne.KeyPageUp:
		y -= page
	case fyne.KeyHome:
		y = 0
	case fyne.KeyEnd:
		y = end
	case fyne.KeyEscape:
		if c := fyne.CurrentApp().Driver().CanvasForObject(k); c != nil && c.OnTypedKey() != nil {
			c.OnTypedKey()(ev)
		}
		return
	default:
		return
	}
	s.ScrollToOffset(fyne.NewPos(s.Offset.X, min(max(0, y), end)))
	if k.onMoved != nil {
		k.onMoved(k.Size())
	}
}

func (k *keyScroll) CreateRenderer() fyne.WidgetRenderer {
	ring := canvas.NewRectangle(color.Transparent)
	ring.StrokeWidth = 2
	return &keyScrollRenderer{k: k, ring: ring}
}

type keyScrollRenderer struct {
	k    *keyScroll
	ring *canvas.Rectangle
}

func (r *keyScrollRenderer) Layout(size fyne.Size) {
	r.k.scroll.Resize(size)
	r.k.scroll.Move(fyne.Position{})
	r.ring.Resize(size)
	if r.k.onMoved != nil {
		r.k.onMoved(size)
	}
}

func (r *keyScrollRenderer) MinSize() fyne.Size { return r.k.scroll.MinSize() }

func (r *keyScrollRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.k.scroll, r.ring}
}

func (r *keyScrollRenderer) Refresh() {
	r.ring.StrokeColor = color.Transparent
	if r.k.focused {
		r.ring.StrokeColor = theme.Color(theme.ColorNameForeground)
	}
	r.ring.Refresh()
	r.k.scroll.Refresh()
}

func (r *keyScrollRenderer) Destroy() {}
