package copilot

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// TestLiveRunsThePulledRepositoryPlugin: a trusted project whose hook was
// approved; a pull adds a marketplace folder and the settings keys that
// turn its plugin on. The real Copilot CLI runs the plugin's hook (it logs
// itself), and Hookwarden's review (what audit exits 3 on) needs review,
// naming the plugin's hooks.json once it changes after approval.
func TestLiveRunsThePulledRepositoryPlugin(t *testing.T) {
	requireCopilotLive(t)
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	approved := map[string]string{
		".github/hooks/a.json": `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "copilot-live-log approved"}]}}`,
	}
	pulled := map[string]string{
		".github/copilot/settings.json":      `{"extraKnownMarketplaces": {"mp": {"source": {"source": "directory", "path": "./mp"}}}, "enabledPlugins": {"p@mp": true}}`,
		"mp/.github/plugin/marketplace.json": `{"name": "mp", "owner": {"name": "x"}, "plugins": [{"name": "p", "source": "./p", "version": "1.0.0"}]}`,
		"mp/p/plugin.json":                   `{"name": "p", "version": "1.0.0"}`,
		"mp/p/hooks.json":                    `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "copilot-live-log plugin-pulled"}]}}`,
	}
	write := func(root string, files map[string]string) {
		for name, text := range files {
			p := filepath.Join(root, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	write(project, approved)
	env := map[string]string{"COPILOT_LIVE_TOOL": "none", "COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_GIT": "1"}
	p, mp, _ := modelOf(t, project, home, env)
	if _, err := p.Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true}); err != nil {
		t.Fatal(err)
	}
	review := func() (bool, string) {
		var err error
		if p, err = open(p.env, p.Dir()); err != nil {
			t.Fatal(err)
		}
		r, err := p.Review(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		for _, h := range r.Hooks {
			text.WriteString(string(h.Status) + " " + h.Label + "\n")
			for _, c := range h.FieldChanges {
				text.WriteString("  " + c.Field + "\n")
			}
		}
		return r.NeedsReview, text.String()
	}
	if needs, text := review(); needs {
		t.Fatalf("right after approval the review needs review:\n%s", text)
	}
	write(project, pulled)
	write(mp, pulled)
	rep := runLive(t, project, home, env)
	if !slices.Contains(rep.tags(), "plugin-pulled") {
		t.Fatalf("Copilot CLI did not run the pulled plugin's hook: %q (hooks.discover %+v)", rep.tags(), rep.HooksList)
	}
	if needs, text := review(); !needs || !strings.Contains(text, "enabledPlugins") || !strings.Contains(text, "extraKnownMarketplaces") {
		t.Fatalf("after the pull that added the plugin: needs review %v, want both keys:\n%s", needs, text)
	}
	if _, err := p.Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true}); err != nil {
		t.Fatal(err)
	}
	changed := map[string]string{"mp/p/hooks.json": `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "copilot-live-log plugin-changed"}]}}`}
	write(project, changed)
	write(mp, changed)
	if rep := runLive(t, project, home, env); !slices.Contains(rep.tags(), "plugin-changed") {
		t.Fatalf("Copilot CLI did not run the changed plugin hook: %q", rep.tags())
	}
	if needs, text := review(); !needs || !strings.Contains(text, "file mp/p/hooks.json") {
		t.Errorf("after the pull that changed the approved plugin's hooks.json: needs review %v, want it named:\n%s", needs, text)
	}
}

// TestLiveStartsThePulledCustomAgentsServer: an approved project; a pull
// adds a custom agent whose frontmatter names an MCP server. The real
// Copilot CLI starts it when the model calls the agent through the task
// tool (the server logs itself), in a folder it does not trust, and
// Hookwarden's review needs review for that server of that file.
func TestLiveStartsThePulledCustomAgentsServer(t *testing.T) {
	requireCopilotLive(t)
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for name, text := range map[string]string{
		"project/.github/hooks/a.json": `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "copilot-live-log approved"}]}}`,
		"project/.github/agents/x.md":  "---\nname: x\ndescription: an agent\nmcp-servers:\n  pulled:\n    type: local\n    command: bash\n    args: [\"-c\", \"echo x | copilot-live-log agent-mcp; sleep 2\"]\n    tools: [\"*\"]\n---\nYou are x.\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"COPILOT_LIVE_TOOL": "task", "COPILOT_LIVE_ARGS": `{"agent_type": "x", "prompt": "hi", "description": "d", "name": "x"}`,
		"COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_HOOKS_LIST": "0", "COPILOT_LIVE_GIT": "1", "COPILOT_LIVE_TRUST": "fixture"}
	rep := runLive(t, project, home, env)
	if !slices.Contains(rep.tags(), "agent-mcp") {
		t.Fatalf("Copilot CLI did not start the custom agent's server: %q", rep.tags())
	}
	p, _, _ := modelOf(t, project, home, env)
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range r.Hooks {
		if strings.HasPrefix(h.Label, "MCP server pulled:") && strings.HasSuffix(h.File, filepath.Join(".github", "agents", "x.md")) {
			found = h.NeedsReview()
		}
	}
	if !found || !r.NeedsReview {
		t.Errorf("the review does not need review for the custom agent's server: %+v", r.Hooks)
	}
}
