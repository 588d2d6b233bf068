package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// hScroll scrolls its content sideways (a diff or a script whose lines are
// wider than the panel) but hands a vertical wheel to the scroll around
// it. A plain horizontal scroll turns the wheel into sideways movement and
// keeps it, so the pointer over a wide script would stop the Review detail
// from scrolling on to its end (where Approve becomes possible).
type hScroll struct {
	container.Scroll
	outer *container.Scroll
}

func newHScroll(content fyne.CanvasObject, outer *container.Scroll) *hScroll {
	s := &hScroll{outer: outer}
	s.Direction = container.ScrollHorizontalOnly
	s.Content = content
	s.ExtendBaseWidget(s)
	return s
}

// Scrolled moves the outer scroll for a mostly vertical wheel, and this one
// for a sideways one (a touchpad's horizontal swipe, Shift+wheel).
func (s *hScroll) Scrolled(ev *fyne.ScrollEvent) {
	dx, dy := ev.Scrolled.DX, ev.Scrolled.DY
	if s.outer != nil && abs32(dy) > abs32(dx) {
		s.outer.Scrolled(ev)
		return
	}
	s.Scroll.Scrolled(ev)
}

func abs32(f float32) float32 {
	if f < 0 {
		return -f
	}
	return f
}
