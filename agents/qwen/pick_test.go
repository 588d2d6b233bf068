package qwen

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// TestApprovingByIDApprovesThatHookAlone: a hook ID names one hook, so
// `trust ID` approves it and no other, even when a pulled hook's command
// is that very text (the kit's claudeschema.Section.Pick, for every agent
// of the family). On main every hook whose command spelled the ID was
// approved with it.
func TestApprovingByIDApprovesThatHookAlone(t *testing.T) {
	one := `{"type": "command", "command": "echo one"}`
	p, root := fixture(t, map[string]string{projectFile: settings("", map[string]string{"PreToolUse": one})})
	id := p.Hooks()[0].ID
	testenv.WriteFile(t, filepath.Join(root, projectFile), settings("", map[string]string{"PreToolUse": one + `, {"type": "command", "command": ` + strconv.Quote(id) + `}`}))
	p, err := open(p.env, p.Dir())
	if err != nil {
		t.Fatal(err)
	}
	if hs := p.Hooks(); len(hs) != 2 || hs[0].ID != id {
		t.Fatalf("the fixture moved the first hook")
	}
	res, err := p.Approve(context.Background(), agents.ApproveRequest{IDs: []string{id}, AcceptUnwatched: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Approved) != 1 {
		t.Errorf("trust %s approved %q, want the one hook it names", id, res.Approved)
	}
}
