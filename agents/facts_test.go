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

func TestFactsCovers(t *testing.T) {
	f := Facts{Config: []File{{Path: ".a/settings.json"}, {Path: "~/.a/plugins/"}, {Path: "/etc/a/"}},
		Credentials: []File{{Path: "~/.a/token.json"}}}
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/h/.a/settings.json", true},
		{"/p/q/.a/settings.json", true},
		{"/p/q/x.a/settings.json", false},
		{"/h/.a/plugins/x/hooks.json", true},
		{"/p/.a/plugins/x/hooks.json", false},
		{"/h/.a/plugins", true},
		{"/etc/a/managed.json", true},
		{"/etc/ab/managed.json", false},
		{"/h/.a/token.json", true},
		{"/p/.a/token.json", false},
	} {
		if _, got := f.Covers(tt.path, "/h"); got != tt.want {
			t.Errorf("Covers(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}
