package codex

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestLiveCodexUserNotifyInTheProject: the notify command of the user's
// own config.toml (notify = ["sh", "notify.sh"]) is started by the real
// Codex in the project folder after a turn: the project's notify.sh runs.
// Hookwarden reviews it for the project like a user's server.
func TestLiveCodexUserNotifyInTheProject(t *testing.T) {
	script := requireCodexLive(t)
	out := t.TempDir()
	project, home := t.TempDir(), t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".codex"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, ".codex", "config.toml"), []byte("notify = [\"sh\", \"notify.sh\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, "notify.sh"), []byte("echo x > "+out+"/user-notify-ran\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"CODEX_LIVE_PROJECT_TRUST": "trusted", "CODEX_LIVE_TOOL": "none", "CODEX_LIVE_TIMEOUT": "60"}
	rep := runCodexLive(t, script, project, home, env)
	if rep.ExitCode == nil || *rep.ExitCode != 0 {
		t.Fatalf("codex exec failed: %+v", rep)
	}
	if _, err := os.Stat(filepath.Join(out, "user-notify-ran")); err != nil {
		t.Fatalf("Codex did not run the project's notify.sh for the user's notify: %v", err)
	}
	s, _ := modelOf(t, project, home, env)
	for _, c := range s.commandSpecs() {
		if slices.ContainsFunc(c.Reaches, func(r string) bool { return filepath.Base(r) == "notify.sh" }) {
			return
		}
	}
	t.Errorf("Hookwarden does not review the user's notify for the project: %+v", s.commandSpecs())
}
