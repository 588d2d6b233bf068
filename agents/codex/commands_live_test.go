package codex

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// The real Codex 0.171.0 (codex-live, offline) starts an MCP server of a
// project's .codex/config.toml only when the project is trusted, and never
// runs the project's notify: the model says the same.
func TestLiveCodexProjectCommands(t *testing.T) {
	script := requireCodexLive(t)
	out := t.TempDir()
	project, home := t.TempDir(), t.TempDir()
	config := "notify = [\"sh\", \"-c\", \"echo x > " + out + "/notify-ran\"]\n" +
		"[mcp_servers.probe]\ncommand = \"sh\"\nargs = [\"-c\", \"echo x > " + out + "/mcp-ran; exec cat >/dev/null\"]\n"
	if err := os.MkdirAll(filepath.Join(project, ".codex"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, ".codex", "config.toml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		trust  string
		runs   bool
		status hooks.Status
	}{{"trusted", true, hooks.StatusRuns}, {"fixture", false, StatusProjectUntrusted}} {
		for _, f := range []string{"mcp-ran", "notify-ran"} {
			os.Remove(filepath.Join(out, f))
		}
		env := map[string]string{"CODEX_LIVE_PROJECT_TRUST": c.trust, "CODEX_LIVE_TOOL": "none", "CODEX_LIVE_TIMEOUT": "60"}
		rep := runCodexLive(t, script, project, home, env)
		if rep.ExitCode == nil || *rep.ExitCode != 0 {
			t.Fatalf("%s: codex exec failed: %+v", c.trust, rep)
		}
		_, err := os.Stat(filepath.Join(out, "mcp-ran"))
		if ran := err == nil; ran != c.runs {
			t.Errorf("%s project: Codex started the MCP server: %t, want %t", c.trust, ran, c.runs)
		}
		if _, err := os.Stat(filepath.Join(out, "notify-ran")); err == nil {
			t.Errorf("%s project: Codex ran the project's notify (the model says it does not)", c.trust)
		}
		s, _ := modelOf(t, project, home, env)
		var probe, notify *hooks.Hook
		for _, h := range s.Commands {
			switch h.Name {
			case "probe":
				probe = h
			case "notify":
				notify = h
			}
		}
		if probe == nil || probe.Status != c.status {
			t.Errorf("%s project: model of the server %+v, want status %s", c.trust, probe, c.status)
		}
		if notify == nil || (c.trust == "trusted" && notify.Status != StatusSkipped) {
			t.Errorf("%s project: model of notify %+v, want skipped", c.trust, notify)
		}
	}
}
