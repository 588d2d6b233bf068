package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/trust"
)

// The review detail scrolls vertically only: long titles, keys, commands
// and origins wrap to the panel's width, so no part of them is hidden.
func TestReviewDetailWrapsLongLinesToThePanelWidth(t *testing.T) {
	test.NewTempApp(t)
	long := strings.Repeat("a-very-long-segment/", 12)
	h := &trust.HookReview{Status: trust.StatusNew, ProjectHook: trust.ProjectHook{
		Event: "BeforeTool", Matcher: "write_file|" + long, Name: "guard-" + long, Label: "guard-" + long,
		Command: "/usr/local/" + long + "check.sh --verbose", Type: "command", IsCommand: true,
	}}
	h.Key = h.Name + ":" + h.Command
	d := newReviewDetail()
	w := test.NewTempWindow(t, d.buildUI())
	w.Resize(fyne.NewSize(480, 600))
	d.show(reviewItem{hook: h}, nil)

	if d.scroll.Direction != fyne.ScrollVerticalOnly {
		t.Errorf("the detail scrolls in direction %v, want vertically only", d.scroll.Direction)
	}
	if got, max := d.content.MinSize().Width, w.Canvas().Size().Width; got > max {
		t.Errorf("the detail is %.0f wide in a %.0f wide panel: lines are cut", got, max)
	}
	shown := strings.Join(textsOf(d.content), "\n")
	for _, want := range []string{h.Key, h.Command, "matcher " + h.Matcher} {
		if !strings.Contains(shown, want) {
			t.Errorf("the detail does not show %q in full", want)
		}
	}
}
