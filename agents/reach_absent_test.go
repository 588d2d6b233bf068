package agents

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// TestSettleReachWatchesWhatWasMissing: a user hook whose trace here read
// nothing of the project is left alone, in a store written before absent
// paths were kept (no scripts) as in one that keeps the paths it looked
// for while they are missing; a path that was missing and exists now
// makes it reaching, named as such, with the trace's fingerprints.
func TestSettleReachWatchesWhatWasMissing(t *testing.T) {
	project := t.TempDir()
	rc := filepath.Join(project, ".mytoolrc")
	spec := CommandSpec{Hook: &hooks.Hook{ID: "h1", Name: "lint", Command: "mytool check", Origin: hooks.Origin{File: "/home/u/.gemini/settings.json"}},
		Label: "lint", Foreign: "mytool"}
	store := func(scripts []trust.ScriptSnapshot) *trust.StoreData {
		d := &trust.StoreData{Projects: map[string]*trust.StoreProject{}}
		cp, err := commandsProject(d, "gemini", project, true)
		if err != nil {
			t.Fatal(err)
		}
		cp.Traced = map[string]*CommandApproval{spec.Key(): {Label: "lint", Scripts: scripts}}
		return d
	}
	for name, d := range map[string]*trust.StoreData{
		"old store, read nothing": store([]trust.ScriptSnapshot{}),
		"absent kept":             store([]trust.ScriptSnapshot{{Word: rc, Path: rc, Via: trust.TracedVia}}),
	} {
		if got := settleReach(d, "gemini", project, []CommandSpec{spec}); len(got) != 0 {
			t.Errorf("%s: settled as reaching while nothing of the project was read: %+v", name, got[0].Reaches)
		}
	}
	d := store([]trust.ScriptSnapshot{{Word: rc, Path: rc, Via: trust.TracedVia}})
	if err := os.WriteFile(rc, []byte("touch pwned\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := settleReach(d, "gemini", project, []CommandSpec{spec})
	if len(got) != 1 || len(got[0].Reaches) != 1 || got[0].Reaches[0] != rc+" (missing when traced, there now)" || len(got[0].Traced) != 1 || got[0].Traced[0].Exists {
		t.Fatalf("the .mytoolrc a pull added: settled %+v", got)
	}
	if tr := TracedReach(d, "gemini", project, []CommandSpec{spec}); tr["h1"].Hook == nil {
		t.Error("TracedReach does not give the hook")
	}
}
