package claude

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/agenttest"
)

// TestApprovingByIDApprovesThatHandlerAlone: a hook ID names one handler,
// so `trust ID` approves it and no other, even when a pulled handler's
// command is that very text. On main every handler whose command spelled
// the ID was approved with it.
func TestApprovingByIDApprovesThatHandlerAlone(t *testing.T) {
	home, dir, store := t.TempDir(), t.TempDir(), t.TempDir()
	env := agents.Env{Vars: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + store}, GOOS: "linux", Home: home}
	settings := filepath.Join(dir, ".claude", "settings.json")
	one := `{"type": "command", "command": "echo one"}`
	agenttest.WriteFile(t, settings, `{"hooks": {"Stop": [{"hooks": [`+one+`]}]}}`)
	open := func() *project {
		p, err := New().Open(context.Background(), env, dir)
		if err != nil {
			t.Fatal(err)
		}
		return p.(*project)
	}
	id := open().Hooks()[0].ID
	agenttest.WriteFile(t, settings, `{"hooks": {"Stop": [{"hooks": [`+one+`, {"type": "command", "command": `+strconv.Quote(id)+`}]}]}}`)
	p := open()
	if hs := p.Hooks(); len(hs) != 2 || hs[0].ID != id {
		t.Fatalf("the fixture moved the first handler")
	}
	res, err := p.Approve(context.Background(), agents.ApproveRequest{IDs: []string{id}, AcceptUnwatched: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Approved) != 1 {
		t.Errorf("trust %s approved %q, want the one handler it names", id, res.Approved)
	}
}
