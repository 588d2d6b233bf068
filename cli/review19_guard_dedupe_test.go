package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGuardNamesAStartFoldersChangeThatLooksLikeTheTops (review19): the
// guard's check at a repository's top leaves out a start folder's items
// that the top already lists, so that a hook both read (the user's own)
// is named once. It compared agent, status, label and event only: a
// monorepo's package whose own .claude/settings.json runs the same
// command text as the top's (sh .claude/x.sh, each its own script) was
// left out when a pull changed both scripts, and the check named the
// top's change alone, not sub/.claude/x.sh. Fails on main (c142e99): sub/
// is not named.
func TestGuardNamesAStartFoldersChangeThatLooksLikeTheTops(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	settings := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "sh .claude/x.sh"}]}]}}`
	f := newFixture(t, map[string]string{
		"project/.claude/settings.json":     settings,
		"project/.claude/x.sh":              "true\n",
		"project/sub/.claude/settings.json": settings,
		"project/sub/.claude/x.sh":          "true\n",
	})
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", f.project, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = f.env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	git("add", "-A")
	git("commit", "-qm", "init")
	for _, agent := range []string{"claude", "copilot"} {
		if _, errOut, code := f.run(t, "trust", "--agent", agent, "--all"); code != ExitOK {
			t.Fatalf("trust --agent %s --all: exit %d %s", agent, code, errOut)
		}
	}
	if out, errOut, code := f.run(t, "guard", "check"); code != ExitOK {
		t.Fatalf("approved: guard check exit %d\n%s%s", code, out, errOut)
	}
	writeFile(t, filepath.Join(f.project, ".claude", "x.sh"), "echo top\n", 0o644)
	writeFile(t, filepath.Join(f.project, "sub", ".claude", "x.sh"), "echo sub\n", 0o644)
	git("add", "-A")
	git("commit", "-qm", "pull")
	out, errOut, code := f.run(t, "guard", "check")
	if code != ExitNeedsReview || !strings.Contains(out+errOut, "started in sub/") || !strings.Contains(out+errOut, filepath.Join("sub", ".claude", "x.sh")) {
		t.Errorf("a pull changed .claude/x.sh and sub/.claude/x.sh: guard check exit %d, want %d naming sub/.claude/x.sh\n%s%s", code, ExitNeedsReview, out, errOut)
	}
}
