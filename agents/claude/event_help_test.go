package claude

import (
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

func TestEveryEventHasADescription(t *testing.T) {
	for _, e := range Events() {
		if Describe(e.Name) == "" {
			t.Errorf("%s has no description", e.Name)
		}
	}
	if len(eventHelp) != len(Events()) {
		t.Errorf("%d descriptions for %d events: one names no event", len(eventHelp), len(Events()))
	}
	for _, name := range []hooks.Event{"BeforeTool", "pretooluse", ""} {
		if d := Describe(name); d != "" {
			t.Errorf("Describe(%q) = %q, want nothing for a name Claude Code does not know", name, d)
		}
	}
}
