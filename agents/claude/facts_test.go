package claude

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/agenttest"
)

// Every file Claude Code reads for a project (settings of every scope,
// managed settings, plugins, skills and subagents, .mcp.json,
// ~/.claude.json) is one its Facts name, so that the risk analysis and the
// sandbox know writing it tampers with Claude Code.
func TestFactsCoverWhatOpenReads(t *testing.T) {
	home, dir, store := t.TempDir(), t.TempDir(), t.TempDir()
	write := func(p, s string) { agenttest.WriteFile(t, p, s) }
	hook := `"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo hi"}]}]}`
	plugin := filepath.Join(home, ".claude", "plugins", "cache", "m", "p", "1.0.0")
	write(filepath.Join(home, ".claude", "settings.json"), `{`+hook+`,"enabledPlugins":{"p@m":true}}`)
	write(filepath.Join(home, ".claude", "plugins", "installed_plugins.json"),
		`{"version":2,"plugins":{"p@m":[{"scope":"user","installPath":"`+plugin+`","version":"1.0.0"}]}}`)
	write(filepath.Join(plugin, ".claude-plugin", "plugin.json"), `{"name":"p"}`)
	write(filepath.Join(plugin, "hooks", "hooks.json"), `{`+hook+`}`)
	write(filepath.Join(home, ".claude.json"), `{}`)
	write(filepath.Join(dir, ".claude", "settings.json"), `{`+hook+`}`)
	write(filepath.Join(dir, ".claude", "settings.local.json"), `{`+hook+`}`)
	write(filepath.Join(dir, ".claude", "skills", "s", "SKILL.md"), "---\nname: s\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: echo s\n---\n")
	write(filepath.Join(dir, ".claude", "agents", "a.md"), "---\nname: a\n---\n")
	write(filepath.Join(dir, ".mcp.json"), `{"mcpServers":{"x":{"command":"x"}}}`)
	env := agents.Env{Vars: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + store}, GOOS: "linux", Home: home}
	checked := agenttest.FactsCoverLayers(t, New(), env, dir, map[string]string{
		filepath.ToSlash(store) + "/approvals.json": "Hookwarden's store (risk and sandbox know it by themselves)",
	})
	t.Log(checked)
	agenttest.FactsEventsExist(t, New())
	f := New().Info().Facts
	if !slices.Contains(f.HomeVars, envConfigDir) || !slices.Equal(f.ProjectVars, scriptRuntime(dir, nil).ProjectVars) {
		t.Errorf("Facts: home variables %v, project variables %v", f.HomeVars, f.ProjectVars)
	}
}
