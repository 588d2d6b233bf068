package agents

import (
	"slices"
	"testing"
)

func TestFactsMergeKeepsFirstAndOrder(t *testing.T) {
	a := Facts{Config: []File{{Path: ".a/x", What: "a's"}}, HomeVars: []string{"A_HOME"}}
	b := Facts{Config: []File{{Path: ".a/x", What: "other"}, {Path: "~/.b/y", What: "b's"}}, HomeVars: []string{"B_HOME", "A_HOME"}}
	got := a.Merge(b)
	if want := []File{{Path: ".a/x", What: "a's"}, {Path: "~/.b/y", What: "b's"}}; !slices.Equal(got.Config, want) {
		t.Errorf("Config = %v, want %v", got.Config, want)
	}
	if want := []string{"A_HOME", "B_HOME"}; !slices.Equal(got.HomeVars, want) {
		t.Errorf("HomeVars = %v, want %v", got.HomeVars, want)
	}
	got.HomeVars[0] = "X"
	if a.HomeVars[0] != "A_HOME" {
		t.Error("Merge shares its receiver's slices")
	}
}
