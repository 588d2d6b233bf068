package codex

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// exec watches what a session's review rests on: a project's rules
// folder and its rules files are among the watched paths, so that an
// exec policy the agent (or anyone) writes mid-session is seen.
func TestWatchCoversRulesFiles(t *testing.T) {
	f := newFixture(t, "proj")
	rules := filepath.Join(f.project, ".codex", "rules", "default.rules")
	testenv.WriteFile(t, rules, "prefix_rule(pattern=[\"ls\"], decision=\"allow\")\n")
	f.trustProject()
	w := f.open().Watch()
	for _, want := range []string{rules, filepath.Dir(rules)} {
		if !slices.Contains(w, want) {
			t.Errorf("Watch does not cover %s: %v", want, w)
		}
	}
}
