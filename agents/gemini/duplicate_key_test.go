package gemini

import (
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Gemini reads settings with JSON.parse: of two "BeforeTool" keys only the
// last counts, so the first one's hooks are not registered (nor counted).
func TestDuplicateEventKeyLastWins(t *testing.T) {
	user := `{"hooks": {
  "BeforeTool": [{"hooks": [{"type": "command", "command": "echo first"}]}],
  "BeforeTool": [{"hooks": [{"type": "command", "command": "echo second"}]}]
}}`
	r := build(snapshot(t, layers{settingsio.LayerUser: user}, true))
	if len(r.Hooks) != 1 || r.Hooks[0].Command != "echo second" {
		t.Fatalf("hooks %+v, want only the last key's", r.Hooks)
	}
	var found bool
	for _, d := range r.Diagnostics {
		if d.Line == 2 && d.Column == 3 && d.Severity == hooks.SeverityWarning && strings.Contains(d.Message, `duplicate key "BeforeTool"`) && strings.Contains(d.Message, "(line 3)") {
			found = true
		}
	}
	if !found {
		t.Errorf("no warning at the first key: %+v", r.Diagnostics)
	}
}
