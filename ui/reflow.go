package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// reflowBorder lays out a top, a center and a bottom as container.NewBorder
// does, except that it measures top and bottom again after giving them the
// new width. A wrapped label knows its height only for the width it was
// last laid out at, so when the window narrows, the Border asks top for its
// height while its labels still wrap at the old width, gives it a line or
// so too little, and the labels laid out at the new width then spill over
// the center (the Review tab's list covered the row "2 of 2 project hooks
// need review" by about 18 px at 1024×700). Fyne's driver would lay the
// Border out again when top's height changes, but it remembers one parent
// to update per walk, and the bottom's wrapped hint, re-wrapped in the same
// frame, takes that place: the Border stayed as it was until the next tab
// switch. This layout settles within its own Layout instead.
type reflowBorder struct {
	top, center, bottom fyne.CanvasObject
	// laying is set while Layout runs: a relayout asked for by a child
	// laid out here (cappedHeight.grew) is part of it.
	laying bool
	box    *fyne.Container
}

// newReflowBorder is a container laying out top, center and bottom with a
// reflowBorder.
func newReflowBorder(top, bottom, center fyne.CanvasObject) (*fyne.Container, *reflowBorder) {
	l := &reflowBorder{top: top, center: center, bottom: bottom}
	l.box = container.New(l, center, top, bottom)
	return l.box, l
}

// relayout lays the box out again (a part of top changed its height
// outside of a layout of the box), unless the box is being laid out now.
func (l *reflowBorder) relayout() {
	if !l.laying && l.box != nil {
		l.box.Refresh() // lays it out
	}
}

func (l *reflowBorder) Layout(_ []fyne.CanvasObject, size fyne.Size) {
	l.laying = true
	defer func() { l.laying = false }()
	pad := theme.Padding()
	var th, bh float32
	for range 4 { // a wrapped text settles once it has its width: one more pass
		th, bh = l.visibleHeight(l.top), l.visibleHeight(l.bottom)
		l.top.Move(fyne.NewPos(0, 0))
		l.top.Resize(fyne.NewSize(size.Width, th))
		l.bottom.Move(fyne.NewPos(0, size.Height-bh))
		l.bottom.Resize(fyne.NewSize(size.Width, bh))
		if l.visibleHeight(l.top) == th && l.visibleHeight(l.bottom) == bh {
			break
		}
	}
	y, h := float32(0), size.Height
	if th > 0 {
		y = th + pad
		h -= th + pad
	}
	if bh > 0 {
		h -= bh + pad
	}
	l.center.Move(fyne.NewPos(0, y))
	l.center.Resize(fyne.NewSize(size.Width, max(h, 0)))
}

func (l *reflowBorder) visibleHeight(o fyne.CanvasObject) float32 {
	if !o.Visible() {
		return 0
	}
	return o.MinSize().Height
}

func (l *reflowBorder) MinSize([]fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	w := fyne.NewSize(0, 0)
	var h float32
	for _, o := range []fyne.CanvasObject{l.top, l.center, l.bottom} {
		if !o.Visible() {
			continue
		}
		m := o.MinSize()
		w.Width = max(w.Width, m.Width)
		if h > 0 {
			h += pad
		}
		h += m.Height
	}
	w.Height = h
	return w
}
