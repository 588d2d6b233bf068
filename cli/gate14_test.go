package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gate14Pull approves every hook of agent in p, then checks the gate
// against a pull that changes the script rel: trust and a plain audit
// exit 0 before it (nothing partly unwatched), audit exits 3 naming the
// script after it, and a dry run of event without --yes does not run the
// changed script (which would create pwned in the project).
func gate14Pull(t *testing.T, p *traceProject, agent, rel, event string) {
	t.Helper()
	run := func(args ...string) (int, string) {
		return p.run(append([]string{args[0], "--agent", agent, "--project", p.project}, args[1:]...)...)
	}
	if code, out := run("trust", "--all"); code != ExitOK {
		t.Fatalf("trust --all: exit %d, want 0\n%s", code, out)
	}
	if code, out := run("audit", "--strict"); code != ExitOK {
		t.Fatalf("approved: audit --strict exit %d, want 0\n%s", code, out)
	}
	p.write(t, rel, "touch pwned\n")
	if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, filepath.Base(rel)) {
		t.Fatalf("after the pull: audit exit %d, want %d naming %s\n%s", code, ExitNeedsReview, rel, out)
	}
	code, out := run("run", "--event", event)
	if _, err := os.Stat(filepath.Join(p.project, "pwned")); err == nil {
		t.Fatalf("run without --yes ran the changed script (exit %d)\n%s", code, out)
	}
	if code == ExitOK {
		t.Errorf("run without --yes: exit 0 with a changed script\n%s", out)
	}
}

// TestSkillHookPluginRootIsTheSkillFolder: Claude Code 2.1.332 runs a
// skill's frontmatter hooks with CLAUDE_PLUGIN_ROOT set to the skill's own
// folder (claude-live: "$CLAUDE_PLUGIN_ROOT" and "${CLAUDE_PLUGIN_ROOT}" in
// a project skill's Stop hook were .claude/skills/fmt, its cwd the
// project). Hookwarden resolved the variable only for plugins, so such a
// hook read "partly unwatched": `trust --all` refused it, and once
// approved with --accept-unwatched a pull changing the script left plain
// `audit` at exit 0. Now the script is fingerprinted: trust approves it
// as fully watched, audit exits 3 naming it, run holds it.
func TestSkillHookPluginRootIsTheSkillFolder(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	for name, command := range map[string]string{
		"braced":   "bash ${CLAUDE_PLUGIN_ROOT}/y.sh",
		"unbraced": `bash "$CLAUDE_PLUGIN_ROOT/y.sh"`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.write(t, ".claude/skills/fmt/SKILL.md", "---\nname: fmt\ndescription: Formats\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: '"+
				strings.ReplaceAll(command, "'", "''")+"'\n---\nFormat it.\n")
			p.write(t, ".claude/skills/fmt/y.sh", "echo y\n")
			gitIn(t, p.project, "init", "-q")
			gitIn(t, p.project, "add", "-A")
			gitIn(t, p.project, "commit", "-qm", "skill")
			gate14Pull(t, p, "claude", ".claude/skills/fmt/y.sh", "Stop")
		})
	}
}

// TestSkillHookSkillDirIsNotSet: ${CLAUDE_SKILL_DIR} is filled in a skill's
// text and allowed-tools only; in its frontmatter hooks it is empty
// (claude-live 2.1.332: `bash ${CLAUDE_SKILL_DIR}/x.sh` ran /x.sh, not the
// skill's x.sh). Hookwarden does not pretend it is the skill's folder: the
// hook stays partly unwatched (its value is the user's environment's), and
// the warning says what the hook gets instead.
func TestSkillHookSkillDirIsNotSet(t *testing.T) {
	t.Parallel()
	p := newTraceProject(t, "")
	p.write(t, ".claude/skills/fmt/SKILL.md", "---\nname: fmt\ndescription: Formats\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: bash ${CLAUDE_SKILL_DIR}/x.sh\n---\nFormat it.\n")
	p.write(t, ".claude/skills/fmt/x.sh", "echo x\n")
	code, out := p.run("list", "--agent", "claude", "--project", p.project)
	if code != ExitOK || !strings.Contains(out, "not set for a skill's hooks") || !strings.Contains(out, "CLAUDE_PLUGIN_ROOT, the skill's folder") {
		t.Errorf("list: exit %d, want the skill-hook warning\n%s", code, out)
	}
	if code, out := p.run("trust", "--agent", "claude", "--project", p.project, "--all"); code == ExitOK {
		t.Errorf("trust --all approved a hook whose script path comes from an unset variable\n%s", out)
	}
}

// TestProjectFolderNameWithShellCharacters: a project folder may be named
// anything. Claude Code's ${CLAUDE_PROJECT_DIR} was put into the hook's
// text before discovery parsed it as shell, so a folder named a${X}b,
// a$(id)b, a$Xb, with a backquote or a double quote made `trust` fail (exit 1: "parsing the hook command", or a command
// substitution read as unwatched). Claude Code itself expands the variable
// from the hook's environment. For every agent: trust approves, a pull
// changing the script makes audit exit 3 naming it, run holds it.
func TestProjectFolderNameWithShellCharacters(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	type setup struct {
		file, settings, event string
	}
	agents := map[string]setup{
		"claude": {".claude/settings.json", `{"hooks": {"SessionStart": [{"hooks": [
  {"type": "command", "command": "bash \"${CLAUDE_PROJECT_DIR}/x.sh\""},
  {"type": "command", "command": "bash \"$CLAUDE_PROJECT_DIR/x.sh\""},
  {"type": "command", "command": "bash", "args": ["${CLAUDE_PROJECT_DIR}/x.sh"]},
  {"type": "command", "command": "bash x.sh"}]}]}}`, "SessionStart"},
		"gemini": {".gemini/settings.json", `{"hooks": {"SessionStart": [{"hooks": [
  {"type": "command", "name": "a", "command": "bash \"${GEMINI_PROJECT_DIR}/x.sh\""},
  {"type": "command", "name": "c", "command": "bash x.sh"}]}]}}`, "SessionStart"},
		"qwen": {".qwen/settings.json", `{"hooks": {"SessionStart": [{"hooks": [
  {"type": "command", "command": "bash \"${QWEN_PROJECT_DIR}/x.sh\""},
  {"type": "command", "command": "bash \"$QWEN_PROJECT_DIR/x.sh\""},
  {"type": "command", "command": "bash x.sh"}]}]}}`, "SessionStart"},
		"codex": {".codex/hooks.json", `{"hooks": {"SessionStart": [{"hooks": [
  {"type": "command", "command": "bash x.sh"},
  {"type": "command", "command": "bash \"$(git rev-parse --show-toplevel)/x.sh\""}]}]}}`, "SessionStart"},
		"copilot": {".github/hooks/h.json", `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "bash x.sh"}]}}`, "sessionStart"},
	}
	// A name whose bytes are not UTF-8 is not among them: every store
	// that keys approvals by the folder's path is JSON or TOML (Hookwarden's,
	// Gemini CLI's trusted_hooks.json, Codex's config.toml), which cannot
	// hold it; such a folder's hooks stay "new" (or trust refuses),
	// failing closed.
	names := map[string]string{"brace": "a${X}b", "subst": "a$(id)b", "backquote": "a`id`b", "space": "a b",
		"newline": "a\nb", "quote": `a"b`, "dollar": "a$Xb"}
	for agent, s := range agents {
		for label, name := range names {
			t.Run(agent+"/"+label, func(t *testing.T) {
				t.Parallel()
				p := newTraceProject(t, "")
				p.project = filepath.Join(p.root, name)
				if err := os.Mkdir(p.project, 0o755); err != nil {
					t.Skipf("the file system refuses the name %q: %v", name, err)
				}
				// the agents that run no project hook in a folder they do
				// not trust trust it, so that the dry run has one to hold
				quoted, _ := json.Marshal(p.project) // a TOML basic string too
				p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{`+string(quoted)+`: "TRUST_FOLDER"}`)
				p.write(t, filepath.Join(p.home, ".copilot", "config.json"), `{"trustedFolders": [`+string(quoted)+`]}`)
				p.write(t, filepath.Join(p.home, ".codex", "config.toml"), "[projects."+string(quoted)+"]\ntrust_level = \"trusted\"\n")
				p.write(t, s.file, s.settings)
				p.write(t, "x.sh", "echo ok\n")
				gitIn(t, p.project, "init", "-q")
				gitIn(t, p.project, "add", "-A")
				gitIn(t, p.project, "commit", "-qm", "hooks")
				gate14Pull(t, p, agent, "x.sh", s.event)
			})
		}
	}
}

// TestExecBitOfAScriptAlsoReadAsAnArgument: an approval records the exec
// bit of a script the hook runs as a program, but discovery's snapshot of
// a path was taken once, by the first way the command names it: in
// `bash x.sh && ./x.sh` the interpreter's argument came first, so the
// program's snapshot had no mode and a pull clearing the exec bit (the
// guard ./x.sh then fails with 126 and the agent goes on) left audit at 0.
// Now each way a path is found carries its own mode.
func TestExecBitOfAScriptAlsoReadAsAnArgument(t *testing.T) {
	t.Parallel()
	for agent, s := range map[string][2]string{
		"claude": {".claude/settings.json", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "bash x.sh && ./x.sh"}]}]}}`},
		"gemini": {".gemini/settings.json", `{"hooks": {"AfterAgent": [{"hooks": [{"type": "command", "name": "g", "command": "bash x.sh && ./x.sh"}]}]}}`},
	} {
		t.Run(agent, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.write(t, s[0], s[1])
			p.write(t, "x.sh", "echo ok\n") // written 0755
			run := func(args ...string) (int, string) {
				return p.run(append([]string{args[0], "--agent", agent, "--project", p.project}, args[1:]...)...)
			}
			if code, out := run("trust", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s", code, out)
			}
			if code, out := run("audit"); code != ExitOK {
				t.Fatalf("approved: audit exit %d\n%s", code, out)
			}
			if err := os.Chmod(filepath.Join(p.project, "x.sh"), 0o644); err != nil {
				t.Fatal(err)
			}
			if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, "exec bit") {
				t.Fatalf("after the exec bit was cleared: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
			}
		})
	}
}
