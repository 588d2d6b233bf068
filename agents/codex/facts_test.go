package codex

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/agenttest"
)

// Every file Codex CLI reads for a session folder (system, user and
// project hooks.json and config.toml, requirements.toml) is one its Facts
// name, so that the risk analysis and the sandbox know writing it tampers
// with Codex CLI.
func TestFactsCoverWhatOpenReads(t *testing.T) {
	home, root, store := t.TempDir(), t.TempDir(), t.TempDir()
	dir := filepath.Join(root, "sub")
	write := func(p, s string) { agenttest.WriteFile(t, p, s) }
	hook := `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"echo hi"}]}]}}`
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(filepath.Join(home, ".codex", "hooks.json"), hook)
	write(filepath.Join(home, ".codex", "config.toml"), `[projects."`+root+`"]`+"\ntrust_level = \"trusted\"\n")
	write(filepath.Join(root, ".codex", "hooks.json"), hook)
	write(filepath.Join(dir, ".codex", "config.toml"), "[hooks]\n")
	env := agents.Env{Vars: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + store}, GOOS: "linux", Home: home}
	checked := agenttest.FactsCoverLayers(t, New(), env, dir, map[string]string{
		filepath.ToSlash(store) + "/approvals.json": "Hookwarden's store (risk and sandbox know it by themselves)",
	})
	t.Log(checked)
	agenttest.FactsEventsExist(t, New())
	if f := New().Info().Facts; !slices.Contains(f.HomeVars, "CODEX_HOME") {
		t.Errorf("Facts: home variables %v", f.HomeVars)
	}
}
