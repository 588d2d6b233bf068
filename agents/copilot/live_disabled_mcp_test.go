package copilot

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// TestLiveDisabledMcpServers: the real Copilot CLI 1.0.102 starts neither
// the project's nor the user's MCP server that disabledMcpServers of
// ~/.copilot/settings.json names (the same list in config.json does
// nothing; without it both start), and Hookwarden shows them so.
func TestLiveDisabledMcpServers(t *testing.T) {
	requireCopilotLive(t)
	for _, file := range []string{"settings.json", "config.json", ""} {
		dir := t.TempDir()
		project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
		for p, text := range map[string]string{
			filepath.Join(project, ".mcp.json"):                `{"mcpServers": {"pulled": {"type": "stdio", "command": "bash", "args": ["-c", "echo x | copilot-live-log mcp-pulled"]}}}`,
			filepath.Join(home, ".copilot", "mcp-config.json"): `{"mcpServers": {"mine": {"type": "stdio", "command": "bash", "args": ["-c", "echo x | copilot-live-log mcp-mine"]}}}`,
		} {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if file != "" {
			if err := os.WriteFile(filepath.Join(home, ".copilot", file), []byte(`{"disabledMcpServers": ["pulled", "mine"]}`), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		env := map[string]string{"COPILOT_LIVE_TOOL": "none", "COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_HOOKS_LIST": "0", "COPILOT_LIVE_GIT": "1"}
		rep := runLive(t, project, home, env)
		off := file == "settings.json"
		for _, tag := range []string{"mcp-pulled", "mcp-mine"} {
			if slices.Contains(rep.tags(), tag) == off {
				t.Errorf("disabledMcpServers in %q: %s started %v", file, tag, !off)
			}
		}
		p, _, _ := modelOf(t, project, home, env)
		for _, h := range p.Commands {
			if (h.Status == hooks.StatusDisabled) != off {
				t.Errorf("disabledMcpServers in %q: Hookwarden shows %s %s (%s)", file, h.Name, h.Status, h.Reason)
			}
		}
	}
}
