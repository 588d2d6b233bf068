package gemini

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/agenttest"
)

// Every file Gemini CLI reads for a project (its layers: settings of every
// scope, extensions, trust files, .env files) is one its Facts name, so
// that the risk analysis and the sandbox know writing it tampers with
// Gemini CLI.
func TestFactsCoverWhatOpenReads(t *testing.T) {
	home, dir, store := t.TempDir(), t.TempDir(), t.TempDir()
	write := func(p, s string) { agenttest.WriteFile(t, p, s) }
	hook := `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"echo hi"}]}]}}`
	write(filepath.Join(home, ".gemini", "settings.json"), hook)
	write(filepath.Join(home, ".gemini", ".env"), "A=1\n")
	write(filepath.Join(home, ".gemini", "trustedFolders.json"), `{"`+dir+`":"TRUST_FOLDER"}`)
	write(filepath.Join(home, ".gemini", "trusted_hooks.json"), `{}`)
	ext := filepath.Join(home, ".gemini", "extensions", "x")
	write(filepath.Join(ext, "gemini-extension.json"), `{"name":"x","version":"1.0.0"}`)
	write(filepath.Join(ext, "hooks", "hooks.json"), hook)
	write(filepath.Join(dir, ".gemini", "settings.json"), hook)
	write(filepath.Join(dir, ".gemini", ".env"), "B=1\n")
	env := agents.Env{Vars: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + store}, GOOS: "linux", Home: home}
	checked := agenttest.FactsCoverLayers(t, New(), env, dir, map[string]string{
		"/.env": "a .env Gemini CLI loads is a secret of the project's or the user's (risk's neutral rules), not Gemini's own file",
	})
	t.Log(checked)
	agenttest.FactsEventsExist(t, New())
	f := New().Info().Facts
	if !slices.Equal(f.ProjectVars, projectVars) || !slices.Contains(f.HomeVars, envCLIHome) {
		t.Errorf("Facts: project variables %v (the runtime's %v), home variables %v", f.ProjectVars, projectVars, f.HomeVars)
	}
}
