package claude

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// disableSkillShellExecution as Claude Code 2.1.332 reads it (claude-live,
// a project command /x whose body runs !`touch cmd_ran`, each case one
// run; managed files through a private mount of /etc/claude-code): true in
// any scope stops it — user, project, local, managed-settings.json, a
// managed-settings.d drop-in — and the nearer scope wins both ways:
// managed false over user or project true ran it, a drop-in over the
// managed file (either way), project false over user true and local false
// over project true ran it, local true over user false did not; the
// string "true" is not true (it ran). In the binary: policySettings'
// value === true, else the merged settings' value === true. Hookwarden
// lists the commands as switched off exactly then, as not running (they
// need no approval while off; a change of the switch brings them back).
func TestSkillShellSwitchAsClaudeCodeReadsIt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	const on, off, str = `{"disableSkillShellExecution": true}`, `{"disableSkillShellExecution": false}`, `{"disableSkillShellExecution": "true"}`
	for _, c := range []struct {
		name                                  string
		user, project, local, managed, dropIn string
		runs                                  bool
	}{
		{name: "nothing", runs: true},
		{name: "project", project: on},
		{name: "local", local: on},
		{name: "user", user: on},
		{name: "managed", managed: on},
		{name: "drop-in", dropIn: on},
		{name: "managed false over user true", managed: off, user: on, runs: true},
		{name: "managed false over project true", managed: off, project: on, runs: true},
		{name: "drop-in false over managed true", managed: on, dropIn: off, runs: true},
		{name: "drop-in true over managed false", managed: off, dropIn: on},
		{name: "project false over user true", user: on, project: off, runs: true},
		{name: "local false over project true", project: on, local: off, runs: true},
		{name: "local true over user false", user: off, local: on},
		{name: "a string is not true", project: str, runs: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			home, project, managed := filepath.Join(tmp, "h"), filepath.Join(tmp, "p"), filepath.Join(tmp, "managed")
			testenv.WriteFile(t, filepath.Join(project, ".claude", "commands", "x.md"), "Run: !`touch cmd_ran`\n")
			for p, v := range map[string]string{
				filepath.Join(home, ".claude", "settings.json"):           c.user,
				filepath.Join(project, ".claude", "settings.json"):        c.project,
				filepath.Join(project, ".claude", "settings.local.json"):  c.local,
				filepath.Join(managed, "managed-settings.json"):           c.managed,
				filepath.Join(managed, "managed-settings.d", "50-x.json"): c.dropIn,
			} {
				if v != "" {
					testenv.WriteFile(t, p, v)
				}
			}
			s := load(options{ProjectDir: project, Env: settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + managed}, GOOS: runtime.GOOS, Home: home})
			var got []*hooks.Hook
			for _, h := range build(s).Hooks {
				if h.Kind == hooks.KindPromptCommand {
					got = append(got, h)
				}
			}
			if len(got) != 1 {
				t.Fatalf("prompt commands: %d, want the command file's one", len(got))
			}
			if runs := got[0].Status == hooks.StatusRuns; runs != c.runs {
				t.Errorf("status %q (%s); Claude Code ran it: %v", got[0].Status, got[0].Reason, c.runs)
			}
		})
	}
}
