package copilot

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/agenttest"
)

// Every file Copilot CLI reads for a session folder (user hooks folder
// and settings, config.json, the repository's .github/hooks and settings,
// Claude Code's .claude/settings*.json, which it runs too, installed
// plugins) is one the registry's Facts name: its own, or Claude Code's for
// the .claude files it shares.
func TestFactsCoverWhatOpenReads(t *testing.T) {
	home, dir, store := t.TempDir(), t.TempDir(), t.TempDir()
	write := func(p, s string) { agenttest.WriteFile(t, p, s) }
	hook := `{"version":1,"hooks":{"preToolUse":[{"type":"command","bash":"echo hi"}]}}`
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(home, ".copilot", "hooks", "a.json"), hook)
	write(filepath.Join(home, ".copilot", "settings.json"), `{}`)
	write(filepath.Join(home, ".copilot", "config.json"), `{"trustedFolders":["`+dir+`"]}`)
	write(filepath.Join(home, ".copilot", "installed-plugins", "p", "plugin.json"), `{}`)
	write(filepath.Join(dir, ".github", "hooks", "b.json"), hook)
	write(filepath.Join(dir, ".github", "copilot", "settings.json"), `{}`)
	write(filepath.Join(dir, ".claude", "settings.json"), `{}`)
	env := agents.Env{Vars: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + store}, GOOS: "linux", Home: home}
	// Claude Code's facts name the .claude files Copilot CLI shares.
	shared := map[string]string{
		filepath.ToSlash(store) + "/approvals.json": "Hookwarden's store (risk and sandbox know it by themselves)",
		"/.claude/settings.json":                    "Claude Code's file (agents.FileSharer), named by Claude Code's facts",
		"/.claude/settings.local.json":              "Claude Code's file (agents.FileSharer), named by Claude Code's facts",
	}
	checked := agenttest.FactsCoverLayers(t, New(), env, dir, shared)
	t.Log(checked)
	agenttest.FactsEventsExist(t, New())
	if f := New().Info().Facts; !slices.Contains(f.HomeVars, "COPILOT_HOME") || !slices.Contains(f.ProjectVars, "COPILOT_PROJECT_DIR") {
		t.Errorf("Facts: home variables %v, project variables %v", f.HomeVars, f.ProjectVars)
	}
}
