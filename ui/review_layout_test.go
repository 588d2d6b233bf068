package ui

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
)

// The head of the Review tab (folder trust, the agent's notes, the row
// that counts the hooks) keeps the height its wrapped lines need after the
// window is resized: at 1024×700 on the Qwen Code demo the list covered
// "2 of 2 project hooks need review" because the tab measured its head
// while the notes still wrapped at the old width.
func TestReviewHeadKeepsItsHeightWhenTheWindowIsResized(t *testing.T) {
	m, _ := openDemoWindow(t)
	m.selectAgent("qwen")
	m.tabs.Select(m.review.tabItem())
	d := fyne.CurrentApp().Driver()
	content := m.review.content.(*fyne.Container)
	top := content.Objects[1].(*fyne.Container) // the center comes first, then the head
	for _, s := range []fyne.Size{{Width: 1400, Height: 900}, {Width: 1120, Height: 760}, {Width: 1024, Height: 700},
		{Width: 800, Height: 600}, {Width: 1024, Height: 700}, {Width: 1400, Height: 900}, {Width: 800, Height: 600}} {
		m.window.Resize(s)
		at := fmt.Sprintf("%vx%v", s.Width, s.Height)
		rows := append([]fyne.CanvasObject{}, top.Objects...)
		rows = append(rows, m.review.list)
		var bottom float32
		for i, o := range rows {
			if !o.Visible() || (o != m.review.list && o.MinSize().Height == 0) {
				continue
			}
			y := d.AbsolutePositionForObject(o).Y
			if i > 0 && y+0.5 < bottom {
				t.Errorf("%s: part %d of the head starts at %v, above the end of what is before it (%v): they overlap", at, i, y, bottom)
			}
			bottom = y + o.MinSize().Height
		}
		if got, want := top.Size().Height, top.MinSize().Height; got+0.5 < want {
			t.Errorf("%s: the head got %v of the %v it needs", at, got, want)
		}
	}
}

// At 800×600 the hint "To approve, scroll the detail … to its end"
// takes its own full-width row under the list rather than a narrow column
// beside the five buttons, where it wrapped to four lines and left the
// list about a row and a half.
func TestReviewHintHasItsOwnRowAt800x600(t *testing.T) {
	m, _ := openDemoWindow(t)
	m.window.Resize(fyne.NewSize(800, 600))
	m.tabs.Select(m.review.tabItem())
	v := m.review
	for i, it := range v.items {
		if it.hook != nil && it.hook.NeedsReview() {
			v.list.Select(i)
			break
		}
	}
	v.detail.seenEnd = false
	v.updateButtons()
	if !v.hint.Visible() {
		t.Skip("no hint on screen in the demo's Review tab")
	}
	m.window.Resize(fyne.NewSize(800, 601))
	m.window.Resize(fyne.NewSize(800, 600))
	win := m.window.Canvas().Size()
	if w := v.hint.Size().Width; w < win.Width*0.8 {
		t.Errorf("the hint is %v wide in a %v-wide window: it wraps beside the buttons", w, win.Width)
	}
	line := fyne.MeasureText("Scroll", fyne.CurrentApp().Settings().Theme().Size("text"), fyne.TextStyle{}).Height
	if h := v.hint.Size().Height; h > 3*line {
		t.Errorf("the hint is %v high (%.1f lines)", h, h/line)
	}
	t.Logf("hint %v, list %v", v.hint.Size(), v.list.Size())
	if h := v.list.Size().Height; h < 120 { // 89 with the hint beside the buttons, 144 now
		t.Errorf("the list got %v px at 800x600", h)
	}
}
