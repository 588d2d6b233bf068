package agents

import (
	"slices"
	"testing"
)

// Two entries of one key (one agent and command text: exec-form hooks of
// one program with other args) each hold their own start: the second's
// argv is the key's too, not the agent's own (review19; fails on main
// c142e99, where only the first entry's match was kept).
func TestEnforcementKeepsEachStartOfAKey(t *testing.T) {
	e := &Enforcement{hooks: map[string]*enforcedHook{}}
	for _, arg := range []string{"fmt", "lint"} {
		want := []string{".claude/run.sh", arg}
		e.add("Claude Code\x1f.claude/run.sh", "Claude Code: .claude/run.sh "+arg, func(argv []string) bool { return slices.Equal(argv, want) }, &HookReview{})
	}
	for _, arg := range []string{"fmt", "lint"} {
		if key, ok := e.Root([]string{".claude/run.sh", arg}); !ok || key != "Claude Code\x1f.claude/run.sh" {
			t.Errorf("the start of .claude/run.sh %s is not held: %q %v", arg, key, ok)
		}
	}
	if _, ok := e.Root([]string{".claude/run.sh", "other"}); ok {
		t.Error("a start of neither entry is held as theirs")
	}
	if e.Hooks() != 1 {
		t.Errorf("Hooks() = %d, want 1 (one key)", e.Hooks())
	}
}
