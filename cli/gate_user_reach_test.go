//go:build unix

package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// userReachAgent is where one agent reads the user's own hooks, and the
// event a SessionStart dry run names.
type userReachAgent struct {
	agent, file, settings, trigger string
}

func userReachAgents(command string) []userReachAgent {
	cmd, _ := json.Marshal(command)
	hooksDoc := `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "fmt", "command": ` + string(cmd) + `}]}]}}`
	return []userReachAgent{
		{agent: "gemini", file: ".gemini/settings.json", settings: hooksDoc, trigger: "startup"},
		{agent: "claude", file: ".claude/settings.json", settings: hooksDoc, trigger: "startup"},
		{agent: "codex", file: ".codex/hooks.json", settings: hooksDoc, trigger: "startup"},
		// Qwen Code: with its folder trust off (the default) exec --enforce
		// starts it, and this hook is no project hook it holds
		{agent: "qwen", file: ".qwen/settings.json", settings: hooksDoc, trigger: "startup"},
	}
}

// userReach is one user hook that runs code the project controls.
type userReach struct {
	name    string
	command string
	// files are the project's files before approval; change is the file a
	// pull then writes with payload (which would create "pwned").
	files           map[string]string
	change, payload string
}

func userReaches() []userReach {
	return []userReach{
		{name: "make -s format runs the project's Makefile", command: "make -s format",
			files:  map[string]string{"Makefile": "format:\n\t@true\n"},
			change: "Makefile", payload: "format:\n\t@touch pwned\n"},
		{name: "npm run lint runs a package.json script", command: "npm run -s lint",
			files:  map[string]string{"package.json": `{"scripts":{"lint":"sh tools/lint.sh"}}`, "tools/lint.sh": "true\n"},
			change: "tools/lint.sh", payload: "touch pwned\n"},
		{name: "npx of a local bin", command: "npx fmt-tool --write .",
			files:  map[string]string{"node_modules/.bin/fmt-tool": "#!/bin/sh\ntrue\n"},
			change: "node_modules/.bin/fmt-tool", payload: "#!/bin/sh\ntouch pwned\n"},
		{name: "prettier loads the project's prettier.config.js", command: "prettier --write . >/dev/null 2>&1 || true",
			files:  map[string]string{"prettier.config.js": "module.exports = {}\n"},
			change: "prettier.config.js", payload: "require('fs').writeFileSync('pwned', '')\nmodule.exports = {}\n"},
		{name: "eslint loads the project's eslint.config.js and its imports", command: "eslint --fix . || true",
			files:  map[string]string{"eslint.config.js": "const rules = require('./tools/rules.js')\nmodule.exports = [rules]\n", "tools/rules.js": "module.exports = {}\n"},
			change: "tools/rules.js", payload: "require('fs').writeFileSync('pwned', '')\nmodule.exports = {}\n"},
		{name: "pytest loads the project's conftest.py", command: "pytest -q -x || true",
			files:  map[string]string{"conftest.py": "pass\n"},
			change: "conftest.py", payload: "open('pwned', 'w')\n"},
		{name: "git commit runs the project's core.hooksPath hooks (husky)", command: "git commit -qm wip --allow-empty >/dev/null 2>&1 || true",
			files: map[string]string{".git/config": "[core]\n\thooksPath = .husky/_\n", ".git/HEAD": "ref: refs/heads/main\n",
				".husky/_/pre-commit": "#!/bin/sh\n. \"$(dirname \"$0\")/h\"\n", ".husky/pre-commit": "exit 0\n"},
			change: ".husky/pre-commit", payload: "touch pwned\n"},
		{name: "a script of the project by its path", command: `bash "$PWD/scripts/format.sh"`,
			files:  map[string]string{"scripts/format.sh": "true\n"},
			change: "scripts/format.sh", payload: "touch pwned\n"},
	}
}

// TestUserHookRunningProjectCodeIsGated is issue 20's item 6: a hook in
// the user's own settings that runs code the project controls (the
// project's Makefile, package.json scripts, a local package binary, a
// formatter's JavaScript config) counts as the project's for the gate.
// Before approval audit exits 3 and the dry run does not run it for real;
// approved, a pull that changes the project file makes audit exit 3
// naming it, and the dry run again does not run the changed code without
// --yes. For every agent.
func TestUserHookRunningProjectCodeIsGated(t *testing.T) {
	t.Parallel()
	for _, r := range userReaches() {
		for _, a := range userReachAgents(r.command) {
			t.Run(a.agent+"/"+r.name, func(t *testing.T) {
				e := attackEnv(t)
				home := filepath.Join(e.home, a.file)
				if err := os.MkdirAll(filepath.Dir(home), 0o755); err != nil {
					t.Fatal(err)
				}
				e.write(home, a.settings)
				for rel, content := range r.files {
					e.writeProject(rel, content)
				}
				run := func(args ...string) (int, string) {
					code, out, errOut := e.runWithPath(append([]string{args[0], "--agent", a.agent}, args[1:]...)...)
					return code, out + errOut
				}
				pwned := filepath.Join(e.project, "pwned")
				dryRun := func(when string) {
					t.Helper()
					code, out := run("run", "--event", "SessionStart", "--trigger", a.trigger)
					if _, err := os.Stat(pwned); err == nil {
						t.Fatalf("%s: the dry run ran the project's code outside the sandbox without confirmation (exit %d)\n%s", when, code, out)
					}
				}
				// Before any approval the project's code is unreviewed.
				e.writeProject(r.change, r.payload)
				if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, "fmt") && !strings.Contains(out, r.command) {
					t.Fatalf("unapproved user hook reaching the project: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
				}
				dryRun("unapproved")
				// Approved as it is now (the harmless version) ...
				e.writeProject(r.change, r.files[r.change])
				os.Remove(pwned)
				if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
					t.Fatalf("trust --all --accept-unwatched: exit %d\n%s", code, out)
				}
				if code, out := run("audit"); code != ExitOK {
					t.Fatalf("approved: audit exit %d\n%s", code, out)
				}
				// ... then a pull changes the project file.
				e.writeProject(r.change, r.payload)
				code, out := run("audit")
				if code != ExitNeedsReview || !strings.Contains(out, r.change) {
					t.Fatalf("changed %s: audit exit %d, want %d naming it\n%s", r.change, code, ExitNeedsReview, out)
				}
				dryRun("changed after approval")
				// exec refuses to start the agent, and the guard's check reports the hook.
				if code, out, errOut := e.runWithPath("exec", "--", "true"); code != ExitNeedsReview || !strings.Contains(out+errOut, "fmt") && !strings.Contains(out+errOut, r.command) {
					t.Errorf("changed %s: exec exit %d, want %d naming the hook\n%s%s", r.change, code, ExitNeedsReview, out, errOut)
				}
				if code, out, errOut := e.runWithPath("guard", "check"); !strings.Contains(out+errOut, "fmt") && !strings.Contains(out+errOut, r.command) {
					t.Errorf("changed %s: guard check exit %d does not report the hook\n%s%s", r.change, code, out, errOut)
				}
			})
		}
	}
}

// TestSoundGateAttacksEveryAgent runs issue 20's forms and attacks
// (soundAttacks) as project hooks of Claude Code and Codex CLI too: every
// form is approved (with --accept-unwatched where discovery is
// incomplete), audit --strict exits 3 exactly for the incomplete ones, a
// pull's change makes audit exit 3 naming the file (where it is watched)
// and a dry run without --yes never runs the changed code for real. The
// forms that are Gemini CLI's own (.gemini/.env) and bash's (brace
// expansion, which /bin/sh does not do: TestClaudeGateAttacks) are left
// out.
func TestSoundGateAttacksEveryAgent(t *testing.T) {
	t.Parallel()
	for _, agent := range []struct{ name, file string }{{"claude", ".claude/settings.json"}, {"codex", ".codex/hooks.json"}} {
		for _, a := range soundAttacks() {
			// Claude Code runs /bin/sh, and so does Codex with no $SHELL (as
			// here): a brace is read literally (TestClaudeGateAttacks).
			if strings.Contains(a.change, ".gemini/.env") || strings.Contains(a.command, "{") {
				continue
			}
			t.Run(agent.name+"/"+a.name, func(t *testing.T) {
				e := attackEnv(t)
				hook, _ := json.Marshal(a.command)
				e.writeProject(agent.file, `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": `+string(hook)+`}]}]}}`)
				for link, target := range a.links {
					if err := os.MkdirAll(filepath.Join(e.project, target), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.Symlink(target, filepath.Join(e.project, link)); err != nil {
						t.Fatal(err)
					}
				}
				for rel, content := range a.files {
					e.writeProject(rel, content)
				}
				run := func(args ...string) (int, string) {
					code, out, errOut := e.runWithPath(append([]string{args[0], "--agent", agent.name}, args[1:]...)...)
					return code, out + errOut
				}
				if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
					t.Fatalf("trust --all --accept-unwatched: exit %d\n%s", code, out)
				}
				if code, out := run("audit"); code != ExitOK {
					t.Fatalf("approved: audit exit %d\n%s", code, out)
				}
				if code, out := run("audit", "--strict"); a.incomplete != (code == ExitNeedsReview) {
					t.Fatalf("approved: audit --strict exit %d (incomplete %v)\n%s", code, a.incomplete, out)
				}
				payload := strings.ReplaceAll(a.payload, `"$GEMINI_PROJECT_DIR/pwned"`, "pwned")
				e.writeProject(a.change, payload)
				code, out := run("audit")
				if a.watched || !a.incomplete {
					if code != ExitNeedsReview || !strings.Contains(out, a.change) && !strings.Contains(out, filepath.Join(e.project, a.change)) {
						t.Fatalf("changed %s: audit exit %d, want %d naming it\n%s", a.change, code, ExitNeedsReview, out)
					}
				} else if code, out := run("audit", "--strict"); code != ExitNeedsReview {
					t.Fatalf("changed %s: audit --strict exit %d, want %d\n%s", a.change, code, ExitNeedsReview, out)
				}
				run("run", "--event", "SessionStart", "--trigger", "startup")
				if _, err := os.Stat(filepath.Join(e.project, "pwned")); err == nil {
					t.Fatal("the changed code ran without confirmation")
				}
			})
		}
	}
}

// TestUserHookApprovalIsPerProject: approving a user hook that runs the
// project's Makefile approves it for that project only: the same hook in
// another project with the same Makefile still needs review there, and
// approving it there too leaves the first approval standing (for Codex
// CLI, whose trust of a user hook is one hash for every project, the
// files it runs are recorded per project). A user hook that runs nothing
// of the project (echo) is never listed.
func TestUserHookApprovalIsPerProject(t *testing.T) {
	t.Parallel()
	for _, a := range []struct{ agent, file string }{{"gemini", ".gemini/settings.json"}, {"claude", ".claude/settings.json"}, {"codex", ".codex/hooks.json"}} {
		t.Run(a.agent, func(t *testing.T) {
			e := attackEnv(t)
			if err := os.MkdirAll(filepath.Dir(filepath.Join(e.home, a.file)), 0o755); err != nil {
				t.Fatal(err)
			}
			e.write(filepath.Join(e.home, a.file), `{"hooks": {"SessionStart": [{"hooks": [
  {"type": "command", "command": "make -s format"},
  {"type": "command", "command": "echo done"}]}]}}`)
			e.writeProject("Makefile", "format:\n\t@true\n")
			other := filepath.Join(filepath.Dir(e.project), "other")
			if err := os.MkdirAll(other, 0o755); err != nil {
				t.Fatal(err)
			}
			e.write(filepath.Join(other, "Makefile"), "format:\n\t@true\n")
			run := func(args ...string) (int, string) {
				code, out, errOut := e.runWithPath(append([]string{args[0], "--agent", a.agent}, args[1:]...)...)
				return code, out + errOut
			}
			if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust: exit %d\n%s", code, out)
			}
			if code, out := run("audit"); code != ExitOK || a.agent != "codex" && strings.Contains(out, "echo done") {
				t.Fatalf("approved here: audit exit %d (the echo hook must not be listed)\n%s", code, out)
			}
			if code, out := run("audit", "--project", other); code != ExitNeedsReview || !strings.Contains(out, "make -s format") {
				t.Fatalf("the other project: audit exit %d, want %d naming the hook\n%s", code, ExitNeedsReview, out)
			}
			if code, out := run("trust", "--all", "--accept-unwatched", "--project", other); code != ExitOK {
				t.Fatalf("trust in the other project: exit %d\n%s", code, out)
			}
			if code, out := run("audit"); code != ExitOK {
				t.Fatalf("approving it in the other project undid the first approval: audit exit %d\n%s", code, out)
			}
			if code, out := run("audit", "--project", other); code != ExitOK {
				t.Fatalf("the other project after its approval: audit exit %d\n%s", code, out)
			}
		})
	}
}
