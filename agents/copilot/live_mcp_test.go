package copilot

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// TestLiveStartsThePulledMCPServer: a trusted project with no hooks whose
// pull added an .mcp.json server — the real Copilot CLI starts it (the
// server logs itself), and Hookwarden's review (what audit exits 3 on)
// needs review for that server of that file until it is approved.
func TestLiveStartsThePulledMCPServer(t *testing.T) {
	requireCopilotLive(t)
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for _, d := range []string{project, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(project, ".mcp.json"), []byte(`{"mcpServers": {"pulled": {"type": "stdio", "command": "bash", "args": ["-c", "echo x | copilot-live-log mcp-pulled"]}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"COPILOT_LIVE_TOOL": "none", "COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_HOOKS_LIST": "0", "COPILOT_LIVE_GIT": "1"}
	rep := runLive(t, project, home, env)
	if !slices.Contains(rep.tags(), "mcp-pulled") {
		t.Fatalf("Copilot CLI did not start the pulled server: %q", rep.tags())
	}
	p, _, _ := modelOf(t, project, home, env)
	review := func() *agents.HookReview {
		r, err := p.Review(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		for i, h := range r.Hooks {
			if h.Label == "MCP server pulled: bash -c 'echo x | copilot-live-log mcp-pulled'" && filepath.Base(p.commandByID(h.HookID).Origin.File) == ".mcp.json" {
				if !r.NeedsReview && h.NeedsReview() {
					t.Errorf("the review needs no review while its server does")
				}
				return &r.Hooks[i]
			}
		}
		t.Fatalf("the review lists no MCP server pulled of .mcp.json: %+v", r.Hooks)
		return nil
	}
	if h := review(); !h.NeedsReview() || p.commandByID(h.HookID).Kind != hooks.KindMCPServer {
		t.Fatalf("before approval: status %s, want it to need review", h.Status)
	}
	if _, err := p.Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true}); err != nil {
		t.Fatal(err)
	}
	var err error
	if p, err = open(p.env, p.Dir()); err != nil {
		t.Fatal(err)
	}
	if h := review(); h.NeedsReview() {
		t.Errorf("after approval: status %s, want approved", h.Status)
	}
}

// TestLiveStartsAUserServerInTheProject: an MCP server of the user's own
// ~/.copilot/mcp-config.json whose command names a relative script
// (bash srv.sh) is started by the real Copilot CLI in the project: the
// project's srv.sh runs. Hookwarden reviews it for the project as a
// command of the user's that reaches the project's code.
func TestLiveStartsAUserServerInTheProject(t *testing.T) {
	requireCopilotLive(t)
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for _, d := range []string{project, filepath.Join(home, ".copilot")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(home, ".copilot", "mcp-config.json"), []byte(`{"mcpServers": {"mine": {"type": "stdio", "command": "bash", "args": ["srv.sh"]}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, "srv.sh"), []byte("echo x | copilot-live-log user-server-project\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"COPILOT_LIVE_TOOL": "none", "COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_HOOKS_LIST": "0", "COPILOT_LIVE_GIT": "1"}
	rep := runLive(t, project, home, env)
	if !slices.Contains(rep.tags(), "user-server-project") {
		t.Fatalf("Copilot CLI did not run the project's srv.sh for the user's server: %q", rep.tags())
	}
	p, _, _ := modelOf(t, project, home, env)
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			if filepath.Base(s.Path) == "srv.sh" && h.NeedsReview() {
				return
			}
		}
	}
	t.Errorf("the review does not follow the user's server into the project's srv.sh: %+v", r.Hooks)
}
