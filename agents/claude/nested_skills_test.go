package claude

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Outside git the folders below the start folder are walked for nested
// .claude/skills (Claude Code loads them once the session reads a file
// there); a tree past the walk's cap is not "no skills": the project
// reads as unreadable (audit exit 4), naming why. Below the cap, a nested
// skill's hook is a reviewed hook.
func TestNestedSkillWalkFailsClosed(t *testing.T) {
	tmp := t.TempDir()
	home, proj := filepath.Join(tmp, "home"), filepath.Join(tmp, "proj")
	testenv.WriteFile(t, filepath.Join(proj, "deep", "pkg", ".claude", "skills", "fmt", "SKILL.md"), skillDoc("fmt", "echo nested"))
	for i := range 12 {
		testenv.WriteFile(t, filepath.Join(proj, "other", fmt.Sprint(i), "x.txt"), "x")
	}
	env := settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(home, "no-managed")}
	open := func() (*project, []string) {
		s := load(options{ProjectDir: proj, Env: env, GOOS: "linux", Home: home})
		var got []string
		for _, h := range build(s).Hooks {
			if reviewed(h) {
				got = append(got, h.Command)
			}
		}
		return s, got
	}
	s, got := open()
	if len(s.UnreadableFiles()) != 0 || !strings.Contains(strings.Join(got, "\n"), "echo nested") {
		t.Fatalf("deep/pkg/.claude/skills/fmt: reviewed %q, unreadable %v", got, s.UnreadableFiles())
	}
	old := maxNestedWalk
	maxNestedWalk = 10
	defer func() { maxNestedWalk = old }()
	s, _ = open()
	u := s.UnreadableFiles()
	if len(u) == 0 || !strings.Contains(fmt.Sprint(u), "more than 10 entries") {
		t.Fatalf("a walk past its cap must leave the project unreadable, got %v", u)
	}
}

// In a git work tree, git lists a submodule (a gitlink) or a repository
// that is not tracked as one entry and nothing inside it: a skill under
// one must still be found (Claude Code's nested search looks at folders,
// not at git's index), never read as "no skills".
func TestNestedSkillInsideAnInnerRepositoryIsReviewed(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		testenv.Missing(t, "git is not installed")
	}
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "proj")
	gitEnv := append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.invalid",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.invalid", "GIT_ALLOW_PROTOCOL=file")
	git := func(dir string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = dir, gitEnv
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	upstream := filepath.Join(tmp, "vendored")
	testenv.WriteFile(t, filepath.Join(upstream, ".claude", "skills", "sub", "SKILL.md"), skillDoc("sub", "echo from-submodule"))
	git(tmp, "init", "-q", upstream)
	git(upstream, "add", ".")
	git(upstream, "commit", "-q", "-m", "skill")
	testenv.WriteFile(t, filepath.Join(project, "README.md"), "x")
	git(tmp, "init", "-q", project)
	git(project, "-c", "protocol.file.allow=always", "submodule", "add", "-q", upstream, "lib/vendored")
	git(project, "add", ".")
	git(project, "commit", "-q", "-m", "with a submodule")
	inner := filepath.Join(project, "tools", "inner")
	testenv.WriteFile(t, filepath.Join(inner, ".claude", "skills", "in", "SKILL.md"), skillDoc("in", "echo from-inner-repo"))
	git(project, "init", "-q", inner)

	env := settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(home, "no-managed"), "PATH=" + os.Getenv("PATH")}
	s := load(options{ProjectDir: project, Env: env, GOOS: "linux", Home: home})
	var got []string
	for _, h := range build(s).Hooks {
		if reviewed(h) {
			got = append(got, h.Command)
		}
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{"echo from-submodule", "echo from-inner-repo"} {
		if !strings.Contains(all, want) {
			t.Errorf("a nested skill's hook %q is not reviewed: reviewed %q, unreadable %v", want, got, s.UnreadableFiles())
		}
	}
}
