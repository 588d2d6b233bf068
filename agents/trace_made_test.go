package agents

import (
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/sandbox"
)

// TestTracedStateFileIsTheHooksOwn: a state file of the project that
// was there before the traced run, which the hook reads and rewrites on
// every run (a counter, a last-seen marker), is the hook's own product
// like a file it creates: recorded MadeByHook, so that a later review
// does not flag it after every real run while git does not track it
// (trust/products.go). The old code marked only created files: such a
// file read as changed on every audit. A file the run only read is not
// its product; a file of the home it rewrote is not one either.
func TestTracedStateFileIsTheHooksOwn(t *testing.T) {
	project := t.TempDir()
	home := t.TempDir()
	state := filepath.Join(project, ".claude", "state.json")
	config := filepath.Join(project, ".claude", "hooks", "config.json")
	homeState := filepath.Join(home, ".cache", "x.json")
	run := &HookRun{Sandbox: &sandbox.Report{
		Reads: []string{state, config, homeState},
		Files: []sandbox.FileChange{{Path: state, Change: sandbox.Changed, InProject: true}, {Path: homeState, Change: sandbox.Changed}},
	}}
	got := tracedFiles(project, HookReview{}, run, "", TraceOptions{})
	made := map[string]bool{}
	for _, f := range got.seen {
		made[f.Path] = f.MadeByHook
	}
	if !made[state] {
		t.Errorf("the state file the hook rewrote and read is not its own product: %+v", got.seen)
	}
	if v, ok := made[config]; !ok || v {
		t.Errorf("a file the run only read: seen %v, made %v", ok, v)
	}
	if made[homeState] {
		t.Errorf("a file of the home counts as the hook's product: %+v", got.seen)
	}
}
