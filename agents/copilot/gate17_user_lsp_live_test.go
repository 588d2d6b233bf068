package copilot

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestLiveStartsAUserLanguageServerInTheProject: a language server of the
// user's own ~/.copilot/lsp-config.json whose command names a relative
// script (sh srv.sh) is started by the real Copilot CLI in the project
// (the git root): the project's srv.sh runs. Hookwarden reviews it for
// the project as a command of the user's that reaches its code.
func TestLiveStartsAUserLanguageServerInTheProject(t *testing.T) {
	requireCopilotLive(t)
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for name, text := range map[string]string{
		"home/.copilot/lsp-config.json": `{"lspServers": {"py": {"bash": "sh srv.sh; exit 1", "fileExtensions": {".py": "python"}}}}`,
		"project/srv.sh":                "echo x | copilot-live-log user-lsp-project\n",
		"project/a.py":                  "print(1)\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"COPILOT_LIVE_TOOL": "lsp", "COPILOT_LIVE_FORCE": "1", "COPILOT_LIVE_ARGS": `{"operation": "documentSymbol", "file": "/home/user/project/a.py"}`,
		"COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_HOOKS_LIST": "0", "COPILOT_LIVE_GIT": "1", "COPILOT_LIVE_TRUST": "fixture"}
	rep := runLive(t, project, home, env)
	if !slices.Contains(rep.tags(), "user-lsp-project") {
		t.Fatalf("Copilot CLI did not run the project's srv.sh for the user's language server: %q", rep.tags())
	}
	p, _, _ := modelOf(t, project, home, env)
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			if filepath.Base(s.Path) == "srv.sh" && filepath.Base(filepath.Dir(s.Path)) == "project" && h.NeedsReview() { // modelOf reads a copy
				return
			}
		}
	}
	t.Errorf("the review does not follow the user's language server into the project's srv.sh: %+v", r.Hooks)
}

// TestLiveStartsAUserCustomAgentsServerInTheProject: a custom agent of the
// user's own (~/.copilot/agents) whose frontmatter names an MCP server
// with a relative script (bash srv.sh) makes the real Copilot CLI start
// it in the project when the model calls the agent: the project's srv.sh
// runs. Hookwarden reviews it for the project.
func TestLiveStartsAUserCustomAgentsServerInTheProject(t *testing.T) {
	requireCopilotLive(t)
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for name, text := range map[string]string{
		"home/.copilot/agents/x.md": "---\nname: x\ndescription: an agent\nmcp-servers:\n  mine:\n    type: local\n    command: bash\n    args: [\"srv.sh\"]\n    tools: [\"*\"]\n---\nYou are x.\n",
		"project/srv.sh":            "echo x | copilot-live-log user-agent-mcp-project; sleep 2\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"COPILOT_LIVE_TOOL": "task", "COPILOT_LIVE_ARGS": `{"agent_type": "x", "prompt": "hi", "description": "d", "name": "x"}`,
		"COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_HOOKS_LIST": "0", "COPILOT_LIVE_GIT": "1", "COPILOT_LIVE_TRUST": "fixture"}
	rep := runLive(t, project, home, env)
	if !slices.Contains(rep.tags(), "user-agent-mcp-project") {
		t.Fatalf("Copilot CLI did not run the project's srv.sh for the user's custom agent's server: %q", rep.tags())
	}
	p, _, _ := modelOf(t, project, home, env)
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			if filepath.Base(s.Path) == "srv.sh" && filepath.Base(filepath.Dir(s.Path)) == "project" && h.NeedsReview() { // modelOf reads a copy
				return
			}
		}
	}
	t.Errorf("the review does not follow the user's custom agent's server into the project's srv.sh: %+v", r.Hooks)
}
