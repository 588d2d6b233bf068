package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
)

// problemTexts are the texts shown above the Review tab's list.
func problemTexts(v *reviewView) string {
	var out []string
	for _, o := range append(v.problems.Objects, v.notes.Objects...) {
		if l, ok := o.(*widget.Label); ok {
			out = append(out, l.Text)
		}
	}
	return strings.Join(out, "\n")
}

// The Review tab says what the audit text says above the hooks: the
// agent's own warnings about the project's hooks (Gemini CLI warns about
// workspace hooks and names them; Qwen Code's are sentences of their own)
// and the hooks Hookwarden switched off, which the list does not show.
func TestReviewShowsTheAgentsWarningsAndTheHooksSwitchedOff(t *testing.T) {
	f := newReviewFixture(t, nil)
	r := f.v.review
	if r == nil {
		t.Fatal("no review on screen")
	}
	if len(r.Warnings) == 0 || r.Words.Warnings == "" {
		t.Fatalf("the fixture's Gemini CLI review has no warning naming its workspace hooks: %+v %q", r.Warnings, r.Words.Warnings)
	}
	got := problemTexts(f.v)
	if strings.Contains(got, `\n`) {
		t.Errorf("a line break is shown escaped:\n%s", got)
	}
	for _, w := range append([]string{r.Words.Warnings}, r.Warnings...) {
		if !strings.Contains(got, w) {
			t.Errorf("the Review tab does not show %q; it shows:\n%s", w, got)
		}
	}

	// Warnings that are sentences, and hooks switched off.
	again := *r
	again.Words.Warnings = ""
	again.Warnings = []string{"a project hook's allow overrides your own blocking hook", "every hook gets the API key"}
	again.Disabled = []agents.DisabledHook{{Event: "PreToolUse", Label: "guard.sh", File: f.dir + "/.claude/settings.json", ID: "off-1"}}
	f.v.apply(f.p, &again, nil)
	got = problemTexts(f.v)
	for _, w := range []string{again.Warnings[0], again.Warnings[1], "Switched off by Hookwarden (1", "PreToolUse guard.sh", ".claude/settings.json", "Hooks tab"} {
		if !strings.Contains(got, w) {
			t.Errorf("the Review tab does not show %q; it shows:\n%s", w, got)
		}
	}
	for _, o := range f.v.notes.Objects {
		if l, ok := o.(*widget.Label); ok && strings.Contains(l.Text, again.Warnings[0]) && l.Importance != widget.WarningImportance {
			t.Errorf("the agent's warning is shown as %v, not as a warning", l.Importance)
		}
	}
}
