//go:build linux

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/sandbox"
)

// TestExecEnforceHoldsEachHookOfOneProgram (review19): enforcement kept
// one rule per agent and command text, and only the first entry's argv
// match under it. Two approved Claude Code exec-form hooks of one program
// with other args (`.claude/run.sh fmt`, `.claude/run.sh lint`) shared a
// rule, so the second hook's start (argv [.claude/run.sh lint], as
// Claude Code passes it) matched nothing: its process was the agent's
// own, unheld, while exec --enforce said it enforced every hook. A pull
// landing after exec's start check changed the script it sources, and
// the changed script ran under --enforce. The stand-in agent rewrites
// both sourced scripts and starts both hooks; neither changed script may
// run. Fails on main (c142e99): lint.sh ran.
func TestExecEnforceHoldsEachHookOfOneProgram(t *testing.T) {
	t.Parallel()
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	for _, c := range []struct {
		name, file, text string
		trust            [][]string
		scripts          []string
		start            string
	}{
		{name: "claude exec-form hooks", file: ".claude/settings.json",
			text:    `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": ".claude/run.sh", "args": ["fmt"]}, {"type": "command", "command": ".claude/run.sh", "args": ["lint"]}]}]}}`,
			trust:   [][]string{{"trust", "--agent", "claude", "--all"}, {"trust", "--agent", "copilot", "--all"}},
			scripts: []string{".claude/fmt.sh", ".claude/lint.sh"}, start: ".claude/run.sh fmt\n.claude/run.sh lint\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := attackEnv(t)
			e.writeProject(c.file, c.text)
			e.writeProject(".claude/run.sh", "#!/bin/sh\ncase \"$1\" in\n fmt) . .claude/fmt.sh ;;\n lint) . .claude/lint.sh ;;\nesac\n")
			if err := os.Chmod(filepath.Join(e.project, ".claude/run.sh"), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, s := range c.scripts {
				e.writeProject(s, "exit 0\n")
			}
			for _, args := range c.trust {
				if code, out, errOut := e.runWithPath(args...); code != ExitOK {
					t.Fatalf("%v: exit %d\n%s%s", args, code, out, errOut)
				}
			}
			if code, out, errOut := e.runWithPath("audit"); code != ExitOK {
				t.Fatalf("audit after the approval: exit %d\n%s%s", code, out, errOut)
			}
			tmp := t.TempDir()
			marks := filepath.Join(tmp, "marks")
			if err := os.MkdirAll(marks, 0o755); err != nil {
				t.Fatal(err)
			}
			// like a pull landing after exec's start check: each script
			// now leaves a mark named after it
			agent := ""
			for _, s := range c.scripts {
				agent += `echo 'touch "$MARK_DIR/` + filepath.Base(s) + `"' > ` + s + "\n"
			}
			agent += c.start + "echo agent: done\n"
			run := func(args ...string) string {
				for _, s := range c.scripts {
					e.writeProject(s, "exit 0\n")
				}
				cmd := exec.Command(os.Args[0], append(append([]string{"exec"}, args...), "--", "sh", "-c", agent)...)
				cmd.Dir = e.project
				cmd.Env = []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config, "PATH=" + os.Getenv("PATH"),
					"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json"), cliSelfEnv + "=1",
					"MARK_DIR=" + marks}
				out, _ := cmd.CombinedOutput()
				return string(out)
			}
			text := run("--enforce", "--on-change", "warn")
			t.Logf("exec --enforce:\n%s", text)
			for _, s := range c.scripts {
				if exists(filepath.Join(marks, filepath.Base(s))) {
					t.Errorf("the changed %s ran under exec --enforce\n%s", s, text)
				}
			}
			if !strings.Contains(text, "agent: done") {
				t.Fatalf("the agent did not go on after the refusal\n%s", text)
			}
			run("--on-change", "warn")
			for _, s := range c.scripts {
				if !exists(filepath.Join(marks, filepath.Base(s))) {
					t.Fatalf("without --enforce the changed %s did not run: the test does not show the gap", s)
				}
			}
		})
	}
}
