package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// hookToggle is a hook's enable switch for the keyboard too: when it gets
// the focus (Tab) its row scrolls into view and is selected, Up and Down
// move the focus to the neighbouring hook, and Space toggles it only while
// it is on screen, so that a key press never switches a hook the user
// cannot see.
type hookToggle struct {
	widget.Check
	// onFocus runs when the switch gets the focus; onArrow moves the focus
	// (up or down); onScreen reports whether the switch is visible now.
	onFocus  func()
	onArrow  func(up bool)
	onScreen func() bool
}

func newHookToggle(checked bool) *hookToggle {
	t := &hookToggle{}
	t.Checked = checked
	t.ExtendBaseWidget(t)
	return t
}

func (t *hookToggle) FocusGained() {
	t.Check.FocusGained()
	if t.onFocus != nil {
		t.onFocus()
	}
}

func (t *hookToggle) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyUp, fyne.KeyDown:
		if t.onArrow != nil {
			t.onArrow(ev.Name == fyne.KeyUp)
		}
		return
	}
	t.Check.TypedKey(ev)
}

func (t *hookToggle) TypedRune(r rune) {
	if r == ' ' && t.onScreen != nil && !t.onScreen() {
		return
	}
	t.Check.TypedRune(r)
}

// scrollIntoView scrolls s so that o, somewhere in its content, is fully
// on screen.
func scrollIntoView(s *container.Scroll, o fyne.CanvasObject) {
	y, h, ok := offsetIn(s, o)
	if !ok {
		return
	}
	view := s.Size().Height
	off := s.Offset
	switch {
	case y < off.Y:
		off.Y = y
	case y+h > off.Y+view:
		off.Y = y + h - view
	default:
		return
	}
	s.ScrollToOffset(off)
}

// onScreenIn reports whether o is fully inside the visible part of s.
func onScreenIn(s *container.Scroll, o fyne.CanvasObject) bool {
	y, h, ok := offsetIn(s, o)
	if !ok || !o.Visible() {
		return false
	}
	return y >= s.Offset.Y-1 && y+h <= s.Offset.Y+s.Size().Height+1
}

// offsetIn is o's top and height in the content of s.
func offsetIn(s *container.Scroll, o fyne.CanvasObject) (y, h float32, ok bool) {
	d := fyne.CurrentApp().Driver()
	if s.Content == nil {
		return 0, 0, false
	}
	top := d.AbsolutePositionForObject(o).Y - d.AbsolutePositionForObject(s.Content).Y
	return top, o.Size().Height, true
}

// keyList is a widget.List whose Up and Down keys select the next item (a
// plain List only moves a highlight), so the detail beside it follows the
// keyboard.
type keyList struct {
	widget.List
	selected widget.ListItemID
	// onRight runs on Right and Enter: the Review tab moves the focus to
	// the detail of the item.
	onRight func()
}

func newKeyList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject),
	onSelected func(widget.ListItemID)) *keyList {
	k := &keyList{selected: -1}
	k.Length, k.CreateItem, k.UpdateItem = length, create, update
	k.List.OnSelected = func(id widget.ListItemID) {
		k.selected = id
		if onSelected != nil {
			onSelected(id)
		}
	}
	k.List.OnUnselected = func(id widget.ListItemID) {
		if k.selected == id {
			k.selected = -1
		}
	}
	k.ExtendBaseWidget(k)
	return k
}

func (k *keyList) TypedKey(ev *fyne.KeyEvent) {
	n := k.Length()
	switch ev.Name {
	case fyne.KeyRight, fyne.KeyReturn, fyne.KeyEnter:
		if k.onRight != nil && k.selected >= 0 {
			k.onRight()
			return
		}
	case fyne.KeyDown, fyne.KeyUp:
		if n == 0 {
			return
		}
		next := 0
		if k.selected >= 0 {
			next = k.selected + 1
			if ev.Name == fyne.KeyUp {
				next = k.selected - 1
			}
		}
		if next < 0 || next >= n {
			return
		}
		k.Select(next)
		k.ScrollTo(next)
		return
	}
	k.List.TypedKey(ev)
}
