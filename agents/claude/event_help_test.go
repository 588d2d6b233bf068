package claude

import (
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

func TestEveryEventHasADescription(t *testing.T) {
	for _, e := range eventList() {
		if Describe(e.Name) == "" {
			t.Errorf("%s has no description", e.Name)
		}
	}
	if len(eventHelp) != len(eventList()) {
		t.Errorf("%d descriptions for %d events: one names no event", len(eventHelp), len(eventList()))
	}
	for _, name := range []hooks.Event{"BeforeTool", "pretooluse", ""} {
		if d := Describe(name); d != "" {
			t.Errorf("Describe(%q) = %q, want nothing for a name Claude Code does not know", name, d)
		}
	}
}
