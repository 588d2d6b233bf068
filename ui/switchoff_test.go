package ui

import (
	"path/filepath"
	"strings"
	"testing"
)

// A workspace that switches off the user's protective hook needs review
// (audit exits 3): the Review tab counts it, as the agent switch does, and
// the line above the list says what is switched off and where. Fails on
// coord: the tab read "Review" with nothing counted.
func TestReviewCountsASwitchOffOfTheProtectiveHook(t *testing.T) {
	f := newReviewFixture(t, func(f *reviewFixture) {
		writeFile(t, filepath.Join(f.opts.Home, ".gemini", "settings.json"),
			`{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [{"type": "command", "command": "/opt/hookwarden/bin/hookwarden protect-check --agent gemini --id 0123"}]}]}}`)
		writeFile(t, filepath.Join(f.dir, ".gemini", "settings.json"), "{\n  \"hooksConfig\": {\n    \"enabled\": false\n  }\n}\n")
	})
	if got := f.v.tab.Text; got != "Review (1)" {
		t.Errorf("tab label %q, want the switch-off counted", got)
	}
	if got := f.v.summary.Text; !strings.Contains(got, "switched off by") || !strings.Contains(got, "settings.json:3") {
		t.Errorf("summary %q does not say what is switched off and where", got)
	}
}

// `audit --strict` (and `exec`) exit 3 on approved but partly unwatched
// hooks while the window, which has no strict mode, counts them 0: the
// line above the list says so. Fails on coord: the summary named them
// without saying that the strict audit refuses them.
func TestReviewSummarySaysStrictAuditRefusesPartlyUnwatchedHooks(t *testing.T) {
	f := newReviewFixture(t, approveUnwatched)
	checkUnwatchedFixture(t, f.p)
	if got := f.v.tab.Text; got != "Review" {
		t.Errorf("tab label %q: a partly unwatched hook is not counted (no strict mode)", got)
	}
	if got := f.v.summary.Text; !strings.Contains(got, "audit --strict") {
		t.Errorf("summary %q does not say that audit --strict refuses the partly unwatched hook", got)
	}
}
