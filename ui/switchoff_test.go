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
