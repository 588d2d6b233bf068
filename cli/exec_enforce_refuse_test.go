//go:build linux

package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/sandbox"
)

// TestExecEnforceRefusesToStartWhatItCannotHold (issue 20 items 3 and 5):
// an approved command that is no hook, and whose start enforcement
// cannot tell from the agent's own processes, ran as the agent's own
// process: exec --enforce named it "not held" on stderr and started the
// agent anyway, so a script changed after exec's check (a pull landing,
// the agent rewriting it) ran unchecked. Each case approves a project, then
// a stand-in agent rewrites the approved script and starts the command as
// the real agent would. exec --enforce must not start the agent at all,
// and must name what it cannot hold. On main (6c18c38) every case starts
// the agent and the pulled code runs.
func TestExecEnforceRefusesToStartWhatItCannotHold(t *testing.T) {
	t.Parallel()
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	for _, prog := range []string{"bash", "sh"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skip(prog + " is not installed")
		}
	}
	for _, c := range []struct {
		name   string
		files  map[string]string
		home   map[string]string
		trust  [][]string
		script string
		start  string
		named  string
	}{
		{name: "gemini discovery command",
			files:  map[string]string{".gemini/settings.json": `{"tools": {"discoveryCommand": "bash .gemini/tools.sh"}}`, ".gemini/tools.sh": "echo []\n"},
			trust:  [][]string{{"trust", "--agent", "gemini", "--all"}},
			script: ".gemini/tools.sh", start: `bash -c "bash .gemini/tools.sh"`, named: "bash .gemini/tools.sh"},
		{name: "codex mcp server with a variable",
			files:  map[string]string{".codex/config.toml": "[mcp_servers.probe]\ncommand = \"sh\"\nargs = [\"$PWD/.codex/srv.sh\"]\n", ".codex/srv.sh": "exit 0\n"},
			home:   map[string]string{".codex/config.toml": "[projects.\"PROJECT\"]\ntrust_level = \"trusted\"\n"},
			trust:  [][]string{{"trust", "--agent", "codex", "--all"}},
			script: ".codex/srv.sh", start: `sh "$PWD/.codex/srv.sh"`, named: "probe"},
		{name: "claude mcp server with a variable",
			files:  map[string]string{".mcp.json": `{"mcpServers": {"vars": {"command": "sh", "args": ["${PWD}/.claude/srv.sh"]}}}`, ".claude/srv.sh": "exit 0\n"},
			trust:  [][]string{{"trust", "--agent", "claude", "--all", "--accept-unwatched"}, {"trust", "--agent", "copilot", "--all", "--accept-unwatched"}, {"trust", "--agent", "qwen", "--all", "--accept-unwatched"}},
			script: ".claude/srv.sh", start: `sh "$PWD/.claude/srv.sh"`, named: "vars"},
		{name: "claude skill shell step",
			files: map[string]string{".claude/skills/lint/SKILL.md": "---\nname: lint\ndescription: lint\nallowed-tools: Bash(sh:*)\n---\nResult: !`sh .claude/lint.sh`\n", ".claude/lint.sh": "exit 0\n"},
			trust: [][]string{{"trust", "--agent", "claude", "--all"}, {"trust", "--agent", "copilot", "--all"}},
			// Claude Code runs it with its Bash tool's shell
			script: ".claude/lint.sh", start: `bash -c "sh .claude/lint.sh"`, named: "sh .claude/lint.sh"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			e := attackEnv(t)
			for rel, text := range c.files {
				e.writeProject(rel, text)
			}
			for rel, text := range c.home {
				p := filepath.Join(e.home, rel)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				e.write(p, strings.ReplaceAll(text, "PROJECT", e.project))
			}
			for _, args := range c.trust {
				if code, out, errOut := e.runWithPath(args...); code != ExitOK {
					t.Fatalf("%v: exit %d\n%s%s", args, code, out, errOut)
				}
			}
			tmp := t.TempDir()
			marks := filepath.Join(tmp, "marks")
			if err := os.MkdirAll(marks, 0o755); err != nil {
				t.Fatal(err)
			}
			pull := filepath.Join(tmp, "pulled.sh")
			if err := os.WriteFile(pull, []byte(`touch "$MARK_DIR/pulled-code-ran"`+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			agent := `touch "$MARK_DIR/agent-started"; cp "$PULL" ` + c.script + "\n" + c.start + "\n"
			cmd := exec.Command(os.Args[0], "exec", "--enforce", "--on-change", "warn", "--", "sh", "-c", agent)
			cmd.Dir = e.project
			cmd.Env = []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config, "PATH=" + os.Getenv("PATH"),
				"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json"), cliSelfEnv + "=1",
				"MARK_DIR=" + marks, "PULL=" + pull}
			out, err := cmd.CombinedOutput()
			text := string(out)
			t.Logf("exec --enforce:\n%s", text)
			if exists(filepath.Join(marks, "pulled-code-ran")) {
				t.Fatalf("the changed %s ran under exec --enforce\n%s", c.script, text)
			}
			if exists(filepath.Join(marks, "agent-started")) {
				t.Fatalf("exec --enforce started the agent with a command it cannot hold\n%s", text)
			}
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != ExitFailure {
				t.Fatalf("exec --enforce: %v, want exit %d\n%s", err, ExitFailure, text)
			}
			if !strings.Contains(text, "cannot hold") || !strings.Contains(text, c.named) {
				t.Fatalf("exec --enforce does not name %q as what it cannot hold\n%s", c.named, text)
			}
		})
	}
}

// TestExecEnforceRefusesTheUsersServerThatRunsProjectCode: the user's own
// MCP server runs in the project folder (gate16), so a relative `sh
// srv.sh` runs the project's srv.sh; enforcement holds only what a file of
// the project defines, so exec --enforce must not start the agent with it.
// A user server that runs no project code (git --version), or a user
// plugin's server that runs the plugin's own file, is no reason to
// refuse: exec --enforce starts the agent (enforcement holds project files
// only). The first case fails on main (6c18c38): the agent started.
func TestExecEnforceRefusesTheUsersServerThatRunsProjectCode(t *testing.T) {
	t.Parallel()
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	plugin := ".claude/plugins/cache/market/fmt/1.2.0"
	for _, c := range []struct {
		name   string
		home   map[string]string // HOME: the home folder
		refuse bool
	}{
		{name: "user server running a project script", refuse: true,
			home: map[string]string{".claude.json": `{"mcpServers": {"mine": {"command": "sh", "args": ["srv.sh"]}}}`}},
		{name: "user server running no project code",
			home: map[string]string{".claude.json": `{"mcpServers": {"mine": {"command": "git", "args": ["--version"]}}}`}},
		{name: "user plugin's server",
			home: map[string]string{".claude/settings.json": `{"enabledPlugins": {"fmt@market": true}}`,
				".claude/plugins/installed_plugins.json": `{"version": 2, "plugins": {"fmt@market": [{"scope": "user", "installPath": "HOME/` + plugin + `", "version": "1.2.0"}]}}`,
				plugin + "/.claude-plugin/plugin.json":   `{"name": "fmt"}`,
				plugin + "/.mcp.json":                    `{"mcpServers": {"mine": {"command": "node", "args": ["${CLAUDE_PLUGIN_ROOT}/srv.js"]}}}`,
				plugin + "/srv.js":                       "\n"}},
	} {
		e := attackEnv(t)
		for rel, text := range c.home {
			p := filepath.Join(e.home, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			e.write(p, strings.ReplaceAll(text, "HOME", e.home))
		}
		e.writeProject("srv.sh", "exit 0\n")
		e.writeProject(".claude/settings.json", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "sh .claude/stop.sh"}]}]}}`)
		e.writeProject(".claude/stop.sh", "exit 0\n")
		for _, agent := range []string{"claude", "copilot"} {
			if code, out, errOut := e.runWithPath("trust", "--agent", agent, "--all"); code != ExitOK {
				t.Fatalf("%s: trust --agent %s --all: exit %d\n%s%s", c.name, agent, code, out, errOut)
			}
		}
		cmd := exec.Command(os.Args[0], "exec", "--enforce", "--", "sh", "-c", "echo agent: started")
		cmd.Dir = e.project
		cmd.Env = []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config, "PATH=" + os.Getenv("PATH"),
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json"), cliSelfEnv + "=1"}
		out, err := cmd.CombinedOutput()
		text := string(out)
		started := strings.Contains(text, "agent: started")
		switch {
		case c.refuse && (started || !strings.Contains(text, "cannot hold") || !strings.Contains(text, "mine")):
			t.Errorf("%s: exec --enforce started the agent with the user's server running project code, or did not name it (%v)\n%s", c.name, err, text)
		case !c.refuse && (err != nil || !started):
			t.Errorf("%s: exec --enforce refused a user's server that runs no project code (%v)\n%s", c.name, err, text)
		}
	}
}
