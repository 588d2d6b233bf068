package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// longGuard is a script longer than the Review detail at 700 pixels.
var longGuard = "#!/bin/sh\n" + strings.Repeat("echo checking\n", 150) + "exit 0\n"

// selectRow selects the row labelled label without scrolling its detail.
func (f *reviewFixture) selectRow(label string) {
	f.t.Helper()
	for i, it := range f.v.items {
		if it.label() == label {
			f.v.list.Select(i)
			return
		}
	}
	f.t.Fatalf("no row %q in %q", label, f.listed())
}

// PageDown and End did not scroll the review detail, so a keyboard-only
// user could never unlock Approve. Now → moves the focus from the list to
// the detail, and the keys scroll it.
func TestKeyboardScrollsTheDetailToUnlockApprove(t *testing.T) {
	f := newReviewFixture(t, func(f *reviewFixture) {
		writeFile(t, filepath.Join(f.dir, ".gemini", "guard.sh"), longGuard)
	})
	f.selectRow("guard")
	if !f.v.approveButton.Disabled() {
		t.Fatal("Approve is on before the end of a long script was on screen")
	}
	f.w.Canvas().Focus(f.v.list)
	pressKey(f.w, fyne.KeyRight)
	if f.w.Canvas().Focused() != f.v.detail.keys {
		t.Fatalf("→ on the list gave the focus to %v, want the detail", f.w.Canvas().Focused())
	}
	pressKey(f.w, fyne.KeyPageDown)
	if f.v.detail.scroll.Offset.Y <= 0 {
		t.Error("Page Down did not scroll the detail")
	}
	if !f.v.approveButton.Disabled() {
		t.Error("one Page Down unlocked Approve before the end was on screen")
	}
	pressKey(f.w, fyne.KeyHome)
	if f.v.detail.scroll.Offset.Y != 0 {
		t.Errorf("Home left the detail at %v", f.v.detail.scroll.Offset.Y)
	}
	pressKey(f.w, fyne.KeyEnd)
	if f.v.approveButton.Disabled() {
		t.Error("End did not unlock Approve")
	}
	pressKey(f.w, fyne.KeyHome) // read again from the top: it stays unlocked
	if f.v.approveButton.Disabled() {
		t.Error("scrolling back up locked Approve again")
	}
}

// Approve stayed on after the window shrank so far that the end of the
// detail went off screen (it had all fitted before).
func TestApproveLocksAgainWhenAShrinkHidesTheEnd(t *testing.T) {
	f := newReviewFixture(t, func(f *reviewFixture) {
		writeFile(t, filepath.Join(f.dir, ".gemini", "guard.sh"), longGuard)
	})
	f.w.Resize(fyne.NewSize(1100, 6000))
	f.selectRow("guard")
	if f.v.approveButton.Disabled() {
		t.Fatal("Approve is off although the whole detail is on screen")
	}
	f.w.Resize(fyne.NewSize(1100, 700))
	if !f.v.approveButton.Disabled() {
		t.Error("Approve stayed on after a shrink hid the end of the detail")
	}
	f.v.focusDetail()
	pressKey(f.w, fyne.KeyEnd)
	if f.v.approveButton.Disabled() {
		t.Error("End did not unlock Approve again")
	}
}
