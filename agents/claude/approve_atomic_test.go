package claude

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/agenttest"
)

// TestMCPApprovalIsAllOrNothing: approving a .mcp.json server writes
// Hookwarden's store (the handler's approval and its record of Claude
// Code's choice, in one update) and then settings.local.json, which makes
// Claude Code start the server without asking. When that last write
// fails, the store is put back byte for byte and nothing is approved;
// when the store cannot be written (a corrupt section), settings.local.json
// is never touched.
func TestMCPApprovalIsAllOrNothing(t *testing.T) {
	setup := func(t *testing.T) (env agents.Env, dir, storePath string) {
		home, dir, store := t.TempDir(), t.TempDir(), t.TempDir()
		agenttest.WriteFile(t, filepath.Join(dir, ".mcp.json"), `{"mcpServers": {"notes": {"command": "./notes-srv"}}}`)
		env = agents.Env{Vars: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + store}, GOOS: "linux", Home: home}
		return env, dir, filepath.Join(store, "approvals.json")
	}
	open := func(t *testing.T, env agents.Env, dir string) *project {
		p, err := New().Open(context.Background(), env, dir)
		if err != nil {
			t.Fatal(err)
		}
		return p.(*project)
	}
	local := func(dir string) string { return filepath.Join(dir, ".claude", "settings.local.json") }

	t.Run("settings.local.json write fails", func(t *testing.T) {
		env, dir, storePath := setup(t)
		// an earlier approval of something else: the store exists, with a layout of its own
		before := []byte("{\"version\": 1,   \"projects\": {}}\n")
		agenttest.WriteFile(t, storePath, string(before))
		p := open(t, env, dir)
		// right before the write, .claude becomes a file: the write cannot create its folder
		p.beforeMCPWrite = func() { agenttest.WriteFile(t, filepath.Join(dir, ".claude"), "in the way\n") }
		_, err := p.Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true})
		if err == nil || !strings.Contains(err.Error(), "nothing was approved") {
			t.Fatalf("Approve with a failing settings.local.json write: %v", err)
		}
		if got, _ := os.ReadFile(storePath); !bytes.Equal(got, before) {
			t.Fatalf("the store was not put back byte for byte:\n%s\nwant\n%s", got, before)
		}
		os.Remove(filepath.Join(dir, ".claude"))
		if r, err := open(t, env, dir).Review(context.Background()); err != nil || !r.NeedsReview {
			t.Fatalf("after the failed approval the server does not need review (err %v)", err)
		}
		// and it approves once the file can be written
		if _, err := open(t, env, dir).Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true}); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(local(dir)); !strings.Contains(string(data), `"notes"`) {
			t.Fatalf("settings.local.json after approving: %q", data)
		}
	})

	t.Run("store write fails", func(t *testing.T) {
		env, dir, storePath := setup(t)
		const mine = "{\n  // mine\n  \"enabledMcpjsonServers\": []\n}\n"
		agenttest.WriteFile(t, local(dir), mine)
		p := open(t, env, dir)
		// a corrupt Claude Code section: the approval's store update fails
		before := []byte(`{"version": 1, "projects": {}, "claude": "not an object"}` + "\n")
		agenttest.WriteFile(t, storePath, string(before))
		if _, err := p.Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true}); err == nil {
			t.Fatal("Approve with a corrupt store section succeeded")
		}
		if got, _ := os.ReadFile(storePath); !bytes.Equal(got, before) {
			t.Fatalf("the store changed:\n%s", got)
		}
		if got, _ := os.ReadFile(local(dir)); string(got) != mine {
			t.Fatalf("settings.local.json was written although the store update failed:\n%s", got)
		}
	})
}
