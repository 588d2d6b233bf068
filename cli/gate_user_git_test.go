//go:build unix

package cli

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestUserGitConfigHooksPathIsWatched is atk's HOLE 9: the user's own
// ~/.gitconfig sets a relative core.hooksPath (".githooks", a common
// "share the team's hooks" setup), so every `git commit` a hook runs
// executes the project's tracked .githooks/* — which a pull changes. For
// every agent, as a project hook and as the user's own hook: approved, a
// pull that changes .githooks/pre-commit, or adds .githooks/post-commit,
// makes audit exit 3 naming it, and the dry run without --yes does not
// run it for real. (Discovery read only the project's .git/config: audit
// said trusted, and the dry run committed with the pulled hook.)
func TestUserGitConfigHooksPathIsWatched(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	const command = "git commit -q --allow-empty -m wip >/dev/null 2>&1 || true"
	for _, a := range []struct{ agent, file string }{{"gemini", ".gemini/settings.json"}, {"claude", ".claude/settings.json"}, {"codex", ".codex/hooks.json"}} {
		for _, user := range []bool{false, true} {
			for _, change := range []string{".githooks/pre-commit", ".githooks/post-commit"} {
				name := a.agent + "/project-hook/" + filepath.Base(change)
				if user {
					name = a.agent + "/user-hook/" + filepath.Base(change)
				}
				t.Run(name, func(t *testing.T) {
					e := attackEnv(t)
					hook, _ := json.Marshal(command)
					doc := `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "commit", "command": ` + string(hook) + `}]}]}}`
					if user {
						if err := os.MkdirAll(filepath.Dir(filepath.Join(e.home, a.file)), 0o755); err != nil {
							t.Fatal(err)
						}
						e.write(filepath.Join(e.home, a.file), doc)
					} else {
						e.writeProject(a.file, doc)
					}
					e.write(filepath.Join(e.home, ".gitconfig"), "[user]\n\tname = t\n\temail = t@example.com\n[core]\n\thooksPath = .githooks\n")
					e.writeProject(".githooks/pre-commit", "#!/bin/sh\nexit 0\n")
					gitIn(t, e.project, "init", "-q")
					run := func(args ...string) (int, string) {
						code, out, errOut := e.runWithPath(append([]string{args[0], "--agent", a.agent}, args[1:]...)...)
						return code, out + errOut
					}
					if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
						t.Fatalf("trust --all --accept-unwatched: exit %d\n%s", code, out)
					}
					if code, out := run("audit"); code != ExitOK {
						t.Fatalf("approved: audit exit %d\n%s", code, out)
					}
					e.writeProject(change, "#!/bin/sh\ntouch \"$(git rev-parse --show-toplevel)/pwned\"\nexit 0\n") // the pull
					code, out := run("audit")
					if code != ExitNeedsReview || !strings.Contains(out, filepath.Base(change)) {
						t.Fatalf("%s after approval: audit exit %d, want %d naming it\n%s", change, code, ExitNeedsReview, out)
					}
					code, out = run("run", "--event", "SessionStart", "--trigger", "startup")
					if _, err := os.Stat(filepath.Join(e.project, "pwned")); err == nil {
						t.Fatalf("the dry run ran the pulled %s for real without --yes (exit %d)\n%s", change, code, out)
					}
				})
			}
		}
	}
}

// TestPulledPyprojectUnderUvRunNeedsReview is atk's probable HOLE 10 as a
// pull would make it: `uv run .claude/hooks/x.py` is approved in a project
// with no pyproject.toml; a pull adds one whose build backend is a file of
// the project (backend-path), which uv run would build and so run before
// the hook. audit exits 3 naming it. (uv is not installed here: the
// agents' runs are not confirmed; uv's documentation says uv run locks
// and syncs the project before the command.)
func TestPulledPyprojectUnderUvRunNeedsReview(t *testing.T) {
	t.Parallel()
	for _, a := range []struct{ agent, file string }{{"gemini", ".gemini/settings.json"}, {"claude", ".claude/settings.json"}, {"codex", ".codex/hooks.json"}} {
		t.Run(a.agent, func(t *testing.T) {
			e := attackEnv(t)
			e.writeProject(a.file, `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "x", "command": "uv run .claude/hooks/x.py"}]}]}}`)
			e.writeProject(".claude/hooks/x.py", "print('{}')\n")
			run := func(args ...string) (int, string) {
				code, out, errOut := e.runWithPath(append([]string{args[0], "--agent", a.agent}, args[1:]...)...)
				return code, out + errOut
			}
			if code, out := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust: exit %d\n%s", code, out)
			}
			if code, out := run("audit"); code != ExitOK {
				t.Fatalf("approved: audit exit %d\n%s", code, out)
			}
			e.writeProject("pyproject.toml", "[project]\nname = \"x\"\nversion = \"0\"\n\n[build-system]\nrequires = []\nbuild-backend = \"build_backend\"\nbackend-path = [\".\"]\n")
			e.writeProject("build_backend.py", "import os\nos.system('touch pwned')\n")
			if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, "pyproject.toml") {
				t.Fatalf("pulled pyproject.toml: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
			}
		})
	}
}
