//go:build linux

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
)

// productHook writes a script of its own the first time it runs and
// sources it from then on: the cache is the hook's own product, but a
// pull that pre-places it decides what the hook runs.
const productHook = "c=$(printf '%s' .gemini/cache/gen.sh)\n[ -f \"$c\" ] || { mkdir -p .gemini/cache; printf 'echo generated >&2\\n' > \"$c\"; }\n. \"./$c\"\necho '{}'\n"

// TestTraceWatchesWhatTheHookMakes: a file the traced hook creates and
// then reads (a generated script it sources) was missing from the project
// at approval. When a pull brings that file (git tracks it) — or the
// folder is no git work tree, so nothing tells a pull from the hook —
// audit exits 3 naming it, the dry run without --yes does not run it for
// real, exec refuses. When the hook made it itself on a real run (git
// does not track it: no pull can have put it there), the approval
// stands.
func TestTraceWatchesWhatTheHookMakes(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	for _, tc := range []struct {
		name     string
		git      bool // the project is a git work tree
		tracked  bool // the file comes tracked, as a pull brings it
		wantCode int
	}{
		{name: "pulled", git: true, tracked: true, wantCode: ExitNeedsReview},
		{name: "no-git", git: false, wantCode: ExitNeedsReview},
		{name: "made-by-the-hook", git: true, tracked: false, wantCode: ExitOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newTraceProject(t, init)
			p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
			p.write(t, ".gemini/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "h", "command": "bash .gemini/hooks/main.sh"}]}]}}`)
			p.write(t, ".gemini/hooks/main.sh", productHook)
			if tc.git {
				gitIn(t, p.project, "init", "-q")
				gitIn(t, p.project, "add", ".")
				gitIn(t, p.project, "commit", "-qm", "hooks")
			}
			run := func(args ...string) (int, string) {
				return p.run(append([]string{args[0], "--agent", "gemini"}, args[1:]...)...)
			}
			if code, out := run("trust", "--trace", "--accept-unwatched", "--all"); code != ExitOK {
				t.Fatalf("trust --trace: exit %d\n%s", code, out)
			}
			if _, err := os.Stat(filepath.Join(p.project, ".gemini/cache/gen.sh")); err == nil {
				t.Fatal("the trace wrote the cache into the real project")
			}
			if code, out := run("audit"); code != ExitOK {
				t.Fatalf("after trust --trace: audit exit %d\n%s", code, out)
			}

			if tc.tracked || !tc.git {
				// The attack: the file the hook makes arrives ready-made.
				p.write(t, ".gemini/cache/gen.sh", "touch pwned\n")
				if tc.git {
					gitIn(t, p.project, "add", ".gemini/cache/gen.sh")
					gitIn(t, p.project, "commit", "-qm", "pull")
				}
			} else {
				// The hook's own real run makes it (untracked).
				p.write(t, ".gemini/cache/gen.sh", "echo generated >&2\n")
			}
			code, out := run("audit")
			if code != tc.wantCode || tc.wantCode != ExitOK && !strings.Contains(out, "gen.sh") {
				t.Fatalf("gen.sh there after a traced approval: audit exit %d, want %d (naming gen.sh)\n%s", code, tc.wantCode, out)
			}
			if tc.wantCode == ExitOK {
				if !strings.Contains(out, "the hook makes it itself") {
					t.Errorf("the audit does not say the hook makes gen.sh itself:\n%s", out)
				}
				return
			}
			code, out = run("run", "--event", "SessionStart", "--trigger", "startup")
			if _, err := os.Stat(filepath.Join(p.project, "pwned")); err == nil {
				t.Fatalf("the dry run ran the pre-placed gen.sh outside the sandbox without confirmation (exit %d)\n%s", code, out)
			}
			if code, out := run("exec", "--", "true"); code != ExitNeedsReview {
				t.Errorf("gen.sh pre-placed: exec exit %d, want %d\n%s", code, ExitNeedsReview, out)
			}
		})
	}
}

// TestTraceLeavesTheHomesMissingPathsToItsOwner: a traced hook that looked
// for a file of the user's home that was not there (a tool's config,
// ~/.gitconfig) is not flagged when the user creates it: no pull can write
// the home (outside the project), so such a path is not the project's.
// The same path under the project stays watched (TestTraceWatchesWhatWasMissing).
func TestTraceLeavesTheHomesMissingPathsToItsOwner(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	p := newTraceProject(t, init)
	p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
	p.write(t, ".gemini/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "h", "command": "bash .gemini/hooks/main.sh"}]}]}}`)
	p.write(t, ".gemini/hooks/main.sh", "rc=$(printf '%s' \"$HOME/.mytool\" rc)\n[ -f \"$rc\" ] && . \"$rc\"\nprj=$(printf '%s' .my toolrc)\n[ -f \"$prj\" ] && . \"./$prj\"\necho '{}'\n")
	run := func(args ...string) (int, string) {
		return p.run(append([]string{args[0], "--agent", "gemini"}, args[1:]...)...)
	}
	code, out := run("trust", "--trace", "--accept-unwatched", "--all")
	if code != ExitOK || !strings.Contains(out, filepath.Join(p.project, ".mytoolrc")) {
		t.Fatalf("trust --trace: exit %d, want the project's .mytoolrc watched as missing\n%s", code, out)
	}
	if strings.Contains(out, filepath.Join(p.home, ".mytoolrc")) {
		t.Errorf("trust --trace watches the home's missing ~/.mytoolrc:\n%s", out)
	}
	p.write(t, filepath.Join(p.home, ".mytoolrc"), "MYTOOL=1\n")
	if code, out := run("audit"); code != ExitOK {
		t.Fatalf("the user created ~/.mytoolrc: audit exit %d, want %d\n%s", code, ExitOK, out)
	}
	p.write(t, ".mytoolrc", "touch pwned\n")
	if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, ".mytoolrc") {
		t.Fatalf("a pull added .mytoolrc: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
	}
}
