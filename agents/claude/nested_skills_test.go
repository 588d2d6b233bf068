package claude

import (
	"fmt"
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
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "proj")
	testenv.WriteFile(t, filepath.Join(project, "deep", "pkg", ".claude", "skills", "fmt", "SKILL.md"), skillDoc("fmt", "echo nested"))
	for i := range 12 {
		testenv.WriteFile(t, filepath.Join(project, "other", fmt.Sprint(i), "x.txt"), "x")
	}
	env := settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(home, "no-managed")}
	open := func() (*snapshot, []string) {
		s := load(options{ProjectDir: project, Env: env, GOOS: "linux", Home: home})
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
