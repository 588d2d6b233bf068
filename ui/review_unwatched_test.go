package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/trust"
)

// With many parts named (the list stops at 12, each may wrap), the
// question for partly unwatched hooks still fits an 800x600 window: its
// list scrolls and both buttons stay on screen. The old plain label grew
// the dialog past the window and pushed the buttons below its edge.
func TestConfirmUnwatchedFitsSmallWindow(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, widget.NewLabel("behind"))
	w.Resize(fyne.NewSize(800, 600))
	var hs []trust.HookReview
	for i := range 4 {
		h := trust.HookReview{}
		h.Label = fmt.Sprintf("hook %d", i)
		for j := range 4 {
			h.Unresolved = append(h.Unresolved, trust.UnresolvedCode{
				Text: fmt.Sprintf(`"$RUNNER_%d_%d" --config "$(cat .config/part%d)"`, i, j, j),
				Why:  "a path computed at run time " + strings.Repeat("that Hookwarden cannot follow ", 3),
				File: ".codex/hooks/run.sh", Line: 3 + j,
			})
		}
		hs = append(hs, h)
	}
	approved := false
	confirmUnwatched(w, hs, func() { approved = true })
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no question was shown")
	}
	win := w.Canvas().Size()
	if m := top.MinSize(); m.Height > win.Height || m.Width > win.Width {
		t.Errorf("the question needs %v, more than the %v window", m, win)
	}
	for _, text := range []string{"Approve partly unwatched", "Don't approve"} {
		b := findButton(top, text)
		if b == nil {
			t.Fatalf("no button %q", text)
		}
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
		if end := pos.Y + b.Size().Height; end > win.Height || pos.Y < 0 {
			t.Errorf("%q spans y %.0f..%.0f, outside the %.0f-high window", text, pos.Y, end, win.Height)
		}
	}
	if !hasVScroll(top) {
		t.Error("the list of unwatched parts does not scroll")
	}
	if !anyContains(textsOf(top), "hook 3") {
		t.Errorf("the last hook is not named: %q", textsOf(top))
	}
	tapDialogButton(t, w, "Approve partly unwatched")
	if !approved {
		t.Error("confirming did not approve")
	}
}

func hasVScroll(o fyne.CanvasObject) bool {
	switch o := o.(type) {
	case *container.Scroll:
		return o.Direction == container.ScrollVerticalOnly || o.Direction == container.ScrollBoth
	case *fyne.Container:
		for _, c := range o.Objects {
			if hasVScroll(c) {
				return true
			}
		}
	case fyne.Widget:
		r := test.WidgetRenderer(o)
		for _, c := range r.Objects() {
			if hasVScroll(c) {
				return true
			}
		}
	}
	return false
}
