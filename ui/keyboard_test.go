package ui

import (
	"testing"

	"fyne.io/fyne/v2"
)

// Tab onto a switch scrolls its hook into view and selects it; Up and Down
// move between hooks; Space never toggles a switch that is off screen.
func TestKeyboardNeverTogglesAnOffScreenSwitch(t *testing.T) {
	m, _ := openDemoWindow(t)
	w := m.window
	w.Resize(fyne.NewSize(1024, 700))
	rows := m.hooks.rows()
	var last *hookRow
	for _, r := range rows {
		if r.toggle != nil && !r.toggle.Disabled() {
			last = r
		}
	}
	if last == nil {
		t.Fatal("no switch in the demo")
	}
	m.hooks.scroll.ScrollToTop()
	if onScreenIn(m.hooks.scroll, last.toggle) {
		t.Fatal("the last switch is on screen at the top; the test needs a longer list")
	}
	before := last.toggle.Checked
	last.toggle.TypedRune(' ') // a key press reaching it without a visible focus
	if last.toggle.Checked != before {
		t.Error("Space toggled a switch that is off screen")
	}

	w.Canvas().Focus(last.toggle) // as Tab does
	if !onScreenIn(m.hooks.scroll, last.toggle) {
		t.Error("the focused switch was not scrolled into view")
	}
	if m.hooks.selectedID != last.hook.ID {
		t.Error("the focused switch's hook is not selected")
	}

	first := rows[0]
	for _, r := range rows {
		if r.toggle != nil {
			first = r
			break
		}
	}
	w.Canvas().Focus(first.toggle)
	pressKey(w, fyne.KeyDown)
	if f := w.Canvas().Focused(); f == first.toggle || f == nil {
		t.Error("Down did not move the focus to the next switch")
	}
	pressKey(w, fyne.KeyUp)
	if w.Canvas().Focused() != first.toggle {
		t.Error("Up did not move the focus back")
	}
}

// Up and Down in the Review list select (a plain list only moved a
// highlight), so the detail follows.
func TestArrowKeysSelectInTheReviewList(t *testing.T) {
	m, _ := openDemoWindow(t)
	w := m.window
	m.showReviewTab()
	if len(m.review.items) < 2 {
		t.Fatal("the demo needs two items to review")
	}
	m.review.list.Select(0)
	w.Canvas().Focus(m.review.list)
	pressKey(w, fyne.KeyDown)
	if m.review.selectedKey != m.review.items[1].key() {
		t.Errorf("Down selected %q, want the second item", m.review.selectedKey)
	}
	pressKey(w, fyne.KeyUp)
	if m.review.selectedKey != m.review.items[0].key() {
		t.Errorf("Up selected %q, want the first item", m.review.selectedKey)
	}
}

// The focus colour is strong enough to see.
func TestFocusIsVisible(t *testing.T) {
	th := newCompactTheme()
	_, _, _, a := th.Color("focus", 0).RGBA()
	if a < 0x8000 {
		t.Errorf("focus colour alpha %#x: too faint to see", a>>8)
	}
}
