package ui

import (
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// A hook's row says what `hookwarden list` says under it (the agent's
// agents.ListNoter lines): on the Qwen Code demo the list printed "runs
// unprompted when Qwen Code starts here, with OPENAI_API_KEY in its
// environment" under each project hook, and the window's row said nothing
// of it.
func TestHookRowShowsTheAgentsListNotes(t *testing.T) {
	m, _ := openDemoWindow(t)
	m.selectAgent("qwen")
	noter, ok := m.current.proj.(agents.ListNoter)
	if !ok {
		t.Fatal("the Qwen Code project has no list notes")
	}
	seen := 0
	for _, r := range m.hooks.rows() {
		notes := noter.ListNotes(r.hook)
		if len(notes) == 0 {
			continue
		}
		seen++
		shown := strings.Join(visibleTexts(r.box), "\n")
		for _, n := range notes {
			if n != "" && !strings.Contains(shown, n) {
				t.Errorf("the row of %q does not say %q; it shows %q", r.hook.Command, n, shown)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no hook of the Qwen Code demo has a list note")
	}
}
