package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestAuditAtTheTopReviewsASubmodulesStartFolder (review19): a submodule's
// folder is a start folder like any other (an agent started in
// vendor/x runs vendor/x/.claude/settings.json's hooks), but the start
// folders were listed with `git ls-files` of the top alone, which names a
// submodule (a gitlink) and none of its files. A pull that updates a
// checked-out submodule (submodule.recurse, or git submodule update) to a
// commit adding a Claude Code hook left audit and the guard's check at
// the top at exit 0, and trust --all at the top did not reach it. Fails on
// main (c142e99): audit exit 0.
func TestAuditAtTheTopReviewsASubmodulesStartFolder(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	f := newFixture(t, map[string]string{
		"project/.claude/settings.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "sh .claude/s.sh"}]}]}}`,
		"project/.claude/s.sh":          "true\n",
		"lib/README":                    "a library\n",
	})
	lib := filepath.Join(filepath.Dir(f.project), "lib")
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", "-c", "protocol.file.allow=always"}, args...)...)
		cmd.Env = f.env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git(lib, "init", "-q")
	git(lib, "add", "-A")
	git(lib, "commit", "-qm", "lib")
	git(f.project, "init", "-q")
	git(f.project, "submodule", "add", "-q", lib, "vendor/x")
	git(f.project, "add", "-A")
	git(f.project, "commit", "-qm", "init")
	for _, agent := range []string{"claude", "copilot"} {
		if _, errOut, code := f.run(t, "trust", "--agent", agent, "--all"); code != ExitOK {
			t.Fatalf("trust --agent %s: exit %d %s", agent, code, errOut)
		}
	}
	if out, errOut, code := f.run(t, "audit", "--agent", "claude"); code != ExitOK {
		t.Fatalf("approved: audit exit %d\n%s%s", code, out, errOut)
	}
	// upstream of the submodule adds a hook; the pull brings it in
	writeFile(t, filepath.Join(lib, ".claude", "settings.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "sh .claude/x.sh"}]}]}}`, 0o644)
	writeFile(t, filepath.Join(lib, ".claude", "x.sh"), "touch pwned\n", 0o644)
	git(lib, "add", "-A")
	git(lib, "commit", "-qm", "hook")
	sub := filepath.Join(f.project, "vendor", "x")
	git(sub, "pull", "-q", "origin")
	git(f.project, "add", "-A")
	git(f.project, "commit", "-qm", "pull")
	want := filepath.Join("vendor", "x", ".claude", "settings.json")
	out, errOut, code := f.run(t, "audit", "--agent", "claude")
	if code != ExitNeedsReview || !strings.Contains(out+errOut, want) {
		t.Errorf("a pull added a hook to the submodule vendor/x: audit at the top exit %d, want %d naming %s\n%s%s", code, ExitNeedsReview, want, out, errOut)
	}
	out, errOut, code = f.run(t, "guard", "check")
	if code != ExitNeedsReview || !strings.Contains(out+errOut, "vendor/x") {
		t.Errorf("guard check at the top exit %d, want %d naming vendor/x\n%s%s", code, ExitNeedsReview, out, errOut)
	}
	for _, agent := range []string{"claude", "copilot"} {
		if _, errOut, code := f.run(t, "trust", "--agent", agent, "--all"); code != ExitOK {
			t.Fatalf("trust --agent %s --all at the top: exit %d %s", agent, code, errOut)
		}
	}
	if out, errOut, code := f.run(t, "audit", "--agent", "claude"); code != ExitOK {
		t.Errorf("approved at the top with its start folders: audit exit %d\n%s%s", code, out, errOut)
	}
	if out, errOut, code := f.run(t, "guard", "check"); code != ExitOK {
		t.Errorf("approved at the top with its start folders: guard check exit %d\n%s%s", code, out, errOut)
	}
}
