package agents

import (
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// TestSelectCommandsByIDTakesThatOneAlone: a selector that is a spec's
// hook ID names that spec alone, not also one whose name or label is the
// same text. On main both were picked.
func TestSelectCommandsByIDTakesThatOneAlone(t *testing.T) {
	specs := []CommandSpec{{Hook: &hooks.Hook{ID: "id-a", Name: "a"}, Label: "a"}, {Hook: &hooks.Hook{ID: "id-b", Name: "id-a"}, Label: "id-a"}}
	got, missing := SelectCommands(specs, []string{"id-a"})
	if len(got) != 1 || got[0].Hook.ID != "id-a" || len(missing) > 0 {
		t.Errorf("picked %d specs (missing %q), want id-a alone", len(got), missing)
	}
}
