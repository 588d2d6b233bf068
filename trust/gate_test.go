package trust

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

func TestHoldUnapproved(t *testing.T) {
	dir := t.TempDir()
	th := filepath.Join(dir, "trusted_hooks.json")
	snap := &settingsio.Snapshot{ProjectDir: "/p", Paths: settingsio.Paths{TrustedHooks: th}}
	ws := func(name string) *hooks.Hook {
		return &hooks.Hook{Type: "command", Name: name, Command: "echo " + name, Origin: hooks.Origin{Layer: settingsio.LayerWorkspace}}
	}
	user := &hooks.Hook{Type: "command", Name: "u", Command: "echo u", Origin: hooks.Origin{Layer: settingsio.LayerUser}}
	plan := &hooks.Plan{Event: hooks.BeforeTool, Sequential: true, Hooks: []*hooks.Hook{ws("a"), user, ws("b")}}
	if err := os.WriteFile(th, []byte(`{"/p": ["a:echo a"], "/other": ["b:echo b"]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	g := HoldUnapproved(snap, Options{}, plan)
	if g.Err != nil || g.Run == nil || len(g.Run.Hooks) != 2 || g.Run.Hooks[1] != user || !g.Run.Sequential {
		t.Fatalf("run = %+v, err %v", g.Run, g.Err)
	}
	if len(g.Unapproved) != 1 || g.Unapproved[0].Name != "b" {
		t.Errorf("unapproved = %+v", g.Unapproved)
	}
	// A corrupt file approves nothing and says why.
	if err := os.WriteFile(th, []byte(`{"/p": [`), 0o600); err != nil {
		t.Fatal(err)
	}
	g = HoldUnapproved(snap, Options{}, plan)
	if g.Err == nil || len(g.Unapproved) != 2 || len(g.Run.Hooks) != 1 {
		t.Errorf("corrupt file: %+v", g)
	}
	if g := HoldUnapproved(snap, Options{}, nil); g.Run != nil || g.Unapproved != nil {
		t.Errorf("nil plan: %+v", g)
	}
}
