package claude

import (
	"strings"
	"testing"
)

// Claude Code reads settings with JSON.parse: of two "PreToolUse" keys only
// the last counts, so the first one's handlers never run.
func TestDuplicateEventKeyLastWins(t *testing.T) {
	fx := newFixture(t, map[string]string{
		projectFile: `{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [` + cmd("first") + `]}],
  "PreToolUse": [{"matcher": "Bash", "hooks": [` + cmd("second") + `]}]
}}`,
	})
	r := fx.build()
	if len(r.Hooks) != 1 || Label(r.Hooks[0]) != "second" {
		var labels []string
		for _, h := range r.Hooks {
			labels = append(labels, Label(h))
		}
		t.Fatalf("hooks %q, want only the last key's", labels)
	}
	var found bool
	for _, d := range r.Diagnostics {
		if d.Line == 2 && d.Column == 3 && strings.Contains(d.Message, `duplicate key "PreToolUse"`) && strings.Contains(d.Message, "(line 3)") {
			found = true
		}
	}
	if !found {
		t.Errorf("no warning at the first key: %+v", r.Diagnostics)
	}
}
