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

// Issue 20 items 3 and 5: under exec --enforce, the approved commands that
// are no hooks (MCP servers, helpers, custom commands' shell steps) ran as
// the agent's own processes, unchecked. Each case approves a project,
// starts exec --enforce --on-change warn (so that the watch does not stop
// the agent first: the hold must not rest on winning that race) with a
// stand-in agent that, like a pull landing after exec's start check,
// rewrites the approved script and then starts the command with the
// exact argv the real agent uses (observed with strace through the kits:
// Claude Code 2.1.332 and Qwen Code 0.24.4 start a stdio MCP server as its
// command and args as written, Claude Code an apiKeyHelper as
// `/bin/sh -c TEXT`, Qwen Code a custom command's !{…} as `bash -c TEXT`,
// Copilot CLI 1.0.102 a server as its command resolved to a path and its
// args, Gemini CLI 0.61.0 a custom command's !{…} as `/usr/bin/bash -c
// "shopt -u …; TEXT"`).
// The changed script must not run, and exec must name it. The control
// (exec without --enforce) runs it. All fail on main (0bf4696): the
// pulled code ran under --enforce.
func TestExecEnforceHoldsTheApprovedCommandsThatAreNoHooks(t *testing.T) {
	t.Parallel()
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	for _, prog := range []string{"bash", "sh"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skip(prog + " is not installed")
		}
	}
	pulled := `touch "$MARK_DIR/pulled-code-ran"` + "\n"
	for _, c := range []struct {
		name  string
		files map[string]string
		home  map[string]string // files of the user's home (PROJECT: the project)
		trust [][]string
		// script is the approved file the pull changes; start is how the
		// agent starts the command (a shell line of the stand-in agent)
		script, start string
	}{
		{name: "claude mcp server",
			files:  map[string]string{".mcp.json": `{"mcpServers": {"probe": {"command": "sh", "args": [".claude/srv.sh", "a b"]}}}`, ".claude/srv.sh": "exit 0\n"},
			trust:  [][]string{{"trust", "--agent", "claude", "--all"}, {"trust", "--agent", "copilot", "--all"}, {"trust", "--agent", "qwen", "--all"}},
			script: ".claude/srv.sh", start: `sh .claude/srv.sh "a b"`},
		{name: "claude mcp server, exec form",
			files:  map[string]string{".mcp.json": `{"mcpServers": {"probe": {"command": "./tools/srv.sh"}}}`, "tools/srv.sh": "#!/bin/sh\nexit 0\n"},
			trust:  [][]string{{"trust", "--agent", "claude", "--all"}, {"trust", "--agent", "copilot", "--all"}, {"trust", "--agent", "qwen", "--all"}},
			script: "tools/srv.sh", start: `./tools/srv.sh`},
		{name: "copilot mcp server",
			files:  map[string]string{".github/mcp.json": `{"mcpServers": {"probe": {"type": "stdio", "command": "sh", "args": [".github/srv.sh"]}}}`, ".github/srv.sh": "exit 0\n"},
			trust:  [][]string{{"trust", "--agent", "copilot", "--all"}},
			script: ".github/srv.sh", start: `"$(command -v sh)" .github/srv.sh`},
		{name: "gemini custom command",
			files:  map[string]string{".gemini/commands/team/go.toml": "prompt = \"Run: !{bash .gemini/helper.sh}\"\n", ".gemini/helper.sh": "exit 0\n"},
			trust:  [][]string{{"trust", "--agent", "gemini", "--all"}},
			script: ".gemini/helper.sh", start: `/usr/bin/env bash -c "shopt -u promptvars nullglob extglob nocaseglob dotglob; bash .gemini/helper.sh"`},
		{name: "claude apiKeyHelper",
			files:  map[string]string{".claude/settings.json": `{"apiKeyHelper": "sh .claude/key.sh"}`, ".claude/key.sh": "echo k\n"},
			trust:  [][]string{{"trust", "--agent", "claude", "--all"}, {"trust", "--agent", "copilot", "--all"}},
			script: ".claude/key.sh", start: `/bin/sh -c "sh .claude/key.sh"`},
		{name: "qwen mcp server",
			files:  map[string]string{".qwen/settings.json": `{"$version": 4, "mcpServers": {"probe": {"command": "sh", "args": [".qwen/srv.sh"]}}}`, ".qwen/srv.sh": "exit 0\n"},
			trust:  [][]string{{"trust", "--agent", "qwen", "--all"}},
			script: ".qwen/srv.sh", start: `sh .qwen/srv.sh`},
		{name: "codex mcp server",
			// Codex CLI 0.171.0 (codex-live): `sh .codex/srv.sh "a b"`, in
			// the session's folder (TestLiveCodexStartsAServerAsItsCommandAndArgs)
			files:  map[string]string{".codex/config.toml": "[mcp_servers.probe]\ncommand = \"sh\"\nargs = [\".codex/srv.sh\", \"a b\"]\n", ".codex/srv.sh": "exit 0\n"},
			home:   map[string]string{".codex/config.toml": "[projects.\"PROJECT\"]\ntrust_level = \"trusted\"\n"},
			trust:  [][]string{{"trust", "--agent", "codex", "--all"}},
			script: ".codex/srv.sh", start: `sh .codex/srv.sh "a b"`},
		{name: "qwen custom command",
			files:  map[string]string{".qwen/commands/x.toml": "description = \"x\"\nprompt = \"Say: !{sh .qwen/cmd.sh}\"\n", ".qwen/cmd.sh": "exit 0\n"},
			trust:  [][]string{{"trust", "--agent", "qwen", "--all"}},
			script: ".qwen/cmd.sh", start: `bash -c "sh .qwen/cmd.sh"`},
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
			if code, out, errOut := e.runWithPath("audit"); code != ExitOK {
				t.Fatalf("audit after the approval: exit %d\n%s%s", code, out, errOut)
			}
			tmp := t.TempDir()
			marks := filepath.Join(tmp, "marks")
			if err := os.MkdirAll(marks, 0o755); err != nil {
				t.Fatal(err)
			}
			pull := filepath.Join(tmp, "pulled.sh")
			if err := os.WriteFile(pull, []byte(pulled), 0o644); err != nil {
				t.Fatal(err)
			}
			agent := `cp "$PULL" ` + c.script + "\n" + c.start + "\necho agent: done\n"
			run := func(args ...string) string {
				// the approved text again, for the next run
				e.writeProject(c.script, c.files[c.script])
				cmd := exec.Command(os.Args[0], append(append([]string{"exec"}, args...), "--", "sh", "-c", agent)...)
				cmd.Dir = e.project
				cmd.Env = []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config, "PATH=" + os.Getenv("PATH"),
					"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json"), cliSelfEnv + "=1",
					"MARK_DIR=" + marks, "PULL=" + pull}
				out, _ := cmd.CombinedOutput()
				return string(out)
			}
			text := run("--enforce", "--on-change", "warn")
			t.Logf("exec --enforce:\n%s", text)
			if exists(filepath.Join(marks, "pulled-code-ran")) {
				t.Fatalf("the changed %s ran under exec --enforce\n%s", c.script, text)
			}
			if !strings.Contains(text, "refused to") || !strings.Contains(text, filepath.Base(c.script)) {
				t.Fatalf("exec --enforce did not name the refused %s\n%s", c.script, text)
			}
			if !strings.Contains(text, "agent: done") {
				t.Fatalf("the agent did not go on after the refusal\n%s", text)
			}
			if text := run("--on-change", "warn"); !exists(filepath.Join(marks, "pulled-code-ran")) {
				t.Fatalf("without --enforce the changed %s did not run: the test does not show the gap\n%s", c.script, text)
			}
		})
	}
}

// TestExecEnforceNamesTheCommandsItCannotTell: a server whose command or
// args hold a variable (the agent expands it from its own environment at
// load or at start, which need not be Hookwarden's) cannot be told by its
// argv, so it is not claimed held: exec names it as what it cannot hold
// (and, since enforce5, does not start the agent). Gemini CLI's discovery
// command, whose start is not told, is named too. The held one of the
// same project is not named.
func TestExecEnforceNamesTheCommandsItCannotTell(t *testing.T) {
	t.Parallel()
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	e := attackEnv(t)
	e.writeProject(".mcp.json", `{"mcpServers": {"held": {"command": "sh", "args": [".claude/srv.sh"]}, "vars": {"command": "sh", "args": ["${PWD}/.claude/srv.sh"]}}}`)
	e.writeProject(".claude/srv.sh", "exit 0\n")
	e.writeProject(".gemini/settings.json", `{"tools": {"discoveryCommand": "bash .gemini/tools.sh"}}`)
	e.writeProject(".gemini/tools.sh", "echo []\n")
	for _, agent := range []string{"claude", "copilot", "qwen", "gemini"} {
		if code, out, errOut := e.runWithPath("trust", "--agent", agent, "--all", "--accept-unwatched"); code != ExitOK {
			t.Fatalf("trust --agent %s --all: exit %d\n%s%s", agent, code, out, errOut)
		}
	}
	cmd := exec.Command(os.Args[0], "exec", "--enforce", "--", "true")
	cmd.Dir = e.project
	cmd.Env = []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config, "PATH=" + os.Getenv("PATH"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json"), cliSelfEnv + "=1"}
	out, err := cmd.CombinedOutput()
	// issue 20 (enforce5): what enforcement cannot hold is no longer
	// named and run: exec --enforce does not start the agent
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != ExitFailure || !strings.Contains(string(out), "cannot hold") {
		t.Fatalf("exec --enforce: %v, want exit %d naming what it cannot hold\n%s", err, ExitFailure, out)
	}
	var unheld []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "  - ") {
			unheld = append(unheld, l)
		}
	}
	text := strings.Join(unheld, "\n")
	for _, want := range []string{"Claude Code: MCP server vars", "Gemini CLI: tool command tools.discoveryCommand"} {
		if !strings.Contains(text, want) {
			t.Errorf("exec --enforce does not name %q as not held\n%s", want, out)
		}
	}
	if strings.Contains(text, "Claude Code: MCP server held") || strings.Contains(text, "Qwen Code: MCP server held") {
		t.Errorf("exec --enforce names a server it holds as not held\n%s", out)
	}
}

// TestExecEnforceStopsTheAgentWhenAChangeIsNotHeld: a pull while the agent
// runs adds a server enforcement cannot hold (its args hold a variable the
// agent expands itself). With --on-change warn, exec used to warn and let
// the agent go on, so the new server would run as the agent's own
// process, unchecked; under --enforce exec now stops the agent (exit 3)
// and says why, whatever --on-change says. Fails on main (0bf4696): the
// agent ran on to its end (exit 0).
func TestExecEnforceStopsTheAgentWhenAChangeIsNotHeld(t *testing.T) {
	t.Parallel()
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	e := attackEnv(t)
	e.writeProject(".claude/settings.json", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "sh .claude/hooks/stop.sh"}]}]}}`)
	e.writeProject(".claude/hooks/stop.sh", "exit 0\n")
	for _, agent := range []string{"claude", "copilot"} {
		if code, out, errOut := e.runWithPath("trust", "--agent", agent, "--all"); code != ExitOK {
			t.Fatalf("trust --agent %s: exit %d\n%s%s", agent, code, out, errOut)
		}
	}
	tmp := t.TempDir()
	pulled := filepath.Join(tmp, "mcp.json")
	if err := os.WriteFile(pulled, []byte(`{"mcpServers": {"late": {"command": "sh", "args": ["${PWD}/.claude/late.sh"]}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	// the agent: the pull lands, then it runs on for up to 60 s
	agent := `cp "$PULL" .mcp.json; i=0; while [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; echo agent: ran to its end`
	cmd := exec.Command(os.Args[0], "exec", "--enforce", "--on-change", "warn", "--", "sh", "-c", agent)
	cmd.Dir = e.project
	cmd.Env = []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config, "PATH=" + os.Getenv("PATH"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json"), cliSelfEnv + "=1", "PULL=" + pulled}
	out, err := cmd.CombinedOutput()
	text := string(out)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != ExitNeedsReview || strings.Contains(text, "agent: ran to its end") {
		t.Fatalf("exec --enforce --on-change warn: %v, want the agent stopped (exit 3)\n%s", err, text)
	}
	if !strings.Contains(text, "--enforce cannot hold") || !strings.Contains(text, "MCP server late") {
		t.Fatalf("exec --enforce did not say which change it cannot hold\n%s", text)
	}
}
