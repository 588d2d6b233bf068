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

// TestExecEnforceHoldsWhatAnEnvFileBringsIn (issue 20, attack through an
// env file): a held command's code can change without its script
// changing, through a file that sets its environment or that it sources.
// The stand-in agent changes that file after exec's check (as a pull, or
// the agent's own edit mid-session, would) and starts the command as the
// real agent does:
//   - a server script that sources its env file (`. ./.claude/srv.env`),
//     the env file rewritten;
//   - the same env file swapped for a link to a file outside the project
//     (fails on main, 6c18c38: the linked-in code ran);
//   - Gemini CLI's custom command's !{…} started with BASH_ENV pointing at
//     a project file written after the approval (what a later
//     .gemini/.env setting BASH_ENV gives the agent's shell steps).
//
// The changed code must not run, and exec must name the refusal.
func TestExecEnforceHoldsWhatAnEnvFileBringsIn(t *testing.T) {
	t.Parallel()
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	for _, prog := range []string{"bash", "sh"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skip(prog + " is not installed")
		}
	}
	server := map[string]string{".mcp.json": `{"mcpServers": {"probe": {"command": "sh", "args": [".claude/srv.sh"]}}}`,
		".claude/srv.sh": ". ./.claude/srv.env\nexit 0\n", ".claude/srv.env": "X=1\n"}
	claude := []string{"claude", "copilot", "qwen"}
	for _, c := range []struct {
		name   string
		files  map[string]string
		agents []string
		change string // the agent's shell lines: the change, then the start
	}{
		{name: "sourced env file rewritten", files: server, agents: claude,
			change: `cp "$PULL" .claude/srv.env` + "\n" + `sh .claude/srv.sh`},
		{name: "sourced env file swapped for a link out", files: server, agents: claude,
			change: `ln -sf "$PULL" .claude/srv.env` + "\n" + `sh .claude/srv.sh`},
		{name: "gemini shell step with a later BASH_ENV",
			files:  map[string]string{".gemini/commands/go.toml": "prompt = \"Run: !{bash .gemini/helper.sh}\"\n", ".gemini/helper.sh": "exit 0\n"},
			agents: []string{"gemini"},
			change: `cp "$PULL" .gemini/env.sh` + "\n" + `BASH_ENV=.gemini/env.sh /usr/bin/env bash -c "shopt -u promptvars nullglob extglob nocaseglob dotglob; bash .gemini/helper.sh"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := attackEnv(t)
			for rel, text := range c.files {
				e.writeProject(rel, text)
			}
			for _, agent := range c.agents {
				if code, out, errOut := e.runWithPath("trust", "--agent", agent, "--all"); code != ExitOK {
					t.Fatalf("trust --agent %s: exit %d\n%s%s", agent, code, out, errOut)
				}
			}
			tmp := t.TempDir()
			marks := filepath.Join(tmp, "marks")
			if err := os.MkdirAll(marks, 0o755); err != nil {
				t.Fatal(err)
			}
			pull := filepath.Join(tmp, "pulled.env")
			if err := os.WriteFile(pull, []byte(`touch "$MARK_DIR/pulled-code-ran"`+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "exec", "--enforce", "--on-change", "warn", "--", "sh", "-c", c.change+"\necho agent: done\n")
			cmd.Dir = e.project
			cmd.Env = []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config, "PATH=" + os.Getenv("PATH"),
				"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json"), cliSelfEnv + "=1",
				"MARK_DIR=" + marks, "PULL=" + pull}
			b, _ := cmd.CombinedOutput()
			text := string(b)
			t.Logf("exec --enforce:\n%s", text)
			if exists(filepath.Join(marks, "pulled-code-ran")) {
				t.Fatalf("the code the env file brought in ran under exec --enforce\n%s", text)
			}
			if !strings.Contains(text, "refused to") || !strings.Contains(text, "agent: done") {
				t.Fatalf("exec --enforce did not name the refusal, or the agent did not go on\n%s", text)
			}
		})
	}
}
