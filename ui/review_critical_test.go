package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// labelsOf are the labels under o, hidden ones included.
func labelsOf(o fyne.CanvasObject) []*widget.Label {
	switch o := o.(type) {
	case *widget.Label:
		return []*widget.Label{o}
	case *fyne.Container:
		var out []*widget.Label
		for _, c := range o.Objects {
			out = append(out, labelsOf(c)...)
		}
		return out
	}
	return nil
}

// The agent's critical findings (the audit's CRITICAL lines: Qwen Code's
// folder trust is off, so the project's hooks run unprompted) are on the
// Review tab, each whole and in red, and the banner over the tabs that
// names the first is drawn in the error colour, not as a warning.
func TestReviewShowsTheCriticalFindingsInRed(t *testing.T) {
	m, _ := openDemoWindow(t)
	m.selectAgent("qwen")
	r := m.current.Review
	if r == nil || len(r.Critical) == 0 {
		t.Fatalf("the Qwen Code demo has no critical finding (review %v)", r)
	}
	labels := labelsOf(m.review.problems)
	for _, d := range r.Critical {
		found := false
		for _, l := range labels {
			if strings.Contains(l.Text, d.Message) {
				found = true
				if l.Importance != widget.DangerImportance {
					t.Errorf("%q is shown with importance %v, not in red", d.Message, l.Importance)
				}
			}
		}
		if !found {
			t.Errorf("the Review tab does not show the critical finding %q; it shows %q", d.Message, visibleTexts(m.review.problems))
		}
	}
	if !m.banner.box.Visible() || !strings.HasPrefix(m.banner.label.Text, "Critical: ") {
		t.Fatalf("the banner says %q (visible %v)", m.banner.label.Text, m.banner.box.Visible())
	}
	if got, want := m.banner.bg.FillColor, withAlpha(theme.Color(theme.ColorNameError), 0x38); got != want {
		t.Errorf("the critical banner is drawn in %v, not the error colour %v", got, want)
	}
	m.selectAgent("gemini")
	if m.banner.critical {
		t.Errorf("the banner stays red on an agent without a critical finding: %q", m.banner.label.Text)
	}
}
