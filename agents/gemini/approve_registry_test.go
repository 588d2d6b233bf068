package gemini

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// TestApproveUsesTheOpenedRegistry: trust --all approves what the project
// Open merged, from that registry, instead of merging the files a second
// time (a second registry of 100,000 hooks held beside the first). The
// registry is marked after Open with one more hook the project controls:
// Approve sees it only when it reads the opened registry (the old code
// built its own and approved one hook).
func TestApproveUsesTheOpenedRegistry(t *testing.T) {
	f := newFixture(t)
	f.settings(`{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","name":"ws","command":"echo ws"}]}]}}`)
	env := agents.Env{Vars: f.env(), GOOS: "linux", Home: f.home}
	ap, err := agent{}.Open(context.Background(), env, f.project)
	if err != nil {
		t.Fatal(err)
	}
	p := ap.(*Project)
	p.storeDir = f.store.Dir
	marker := &hooks.Hook{Agent: Name, ID: "user:marker", Event: "BeforeTool", Type: "command", Name: "marker", Command: "echo marker", RawCommand: "echo marker",
		Status: hooks.StatusRuns, Origin: hooks.Origin{Layer: settingsio.LayerUser, File: filepath.Join(f.project, ".gemini", "settings.json"), Path: "hooks.BeforeTool[0].hooks[0]"},
		Ext: &HookFacts{ProjectControlled: "a test marks it"}}
	p.reg.Hooks = append(p.reg.Hooks, marker)
	res, err := p.Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Approved) != 2 {
		t.Errorf("approved %q, want the workspace hook and the one the opened registry holds", res.Approved)
	}
}
