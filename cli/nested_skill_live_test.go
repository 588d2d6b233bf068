package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestClaudeLiveLoadsNestedSkills is the live side of
// TestNestedSkillFolderBelowTheStartFolderNeedsReview: the real Claude Code
// (claude-live, offline), started in the project's root, runs the Stop
// hook of pkg/.claude/skills/fmt/SKILL.md once the session has read a file
// under pkg/ (@pkg/notes.txt in the prompt) and the model invokes the
// skill; without that read the skill is unknown. Hookwarden's audit of the
// root exits 3 naming the skill.
func TestClaudeLiveLoadsNestedSkills(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	io, out, project := claudeCommandEnv(t, map[string]string{
		"PROJECT/pkg/notes.txt":                   "hi\n",
		"PROJECT/pkg/.claude/skills/fmt/SKILL.md": nestedSkill("echo x > nested-skill-ran.txt"),
	})
	gitIn(t, project, "init", "-q")
	gitIn(t, project, "add", "-A")
	gitIn(t, project, "commit", "-qm", "pull")
	if code := Main(context.Background(), []string{"audit", "--agent", "claude"}, io); code != ExitNeedsReview ||
		!strings.Contains(out(), filepath.Join("pkg", ".claude", "skills", "fmt", "SKILL.md")) {
		t.Fatalf("audit exit %d, want %d naming the nested skill", code, ExitNeedsReview)
	}
	home := io.Env.Get("HOME")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	skill := []string{"CLAUDE_LIVE_TOOL=Skill", `CLAUDE_LIVE_INPUT={"skill":"fmt"}`}
	created := runClaudeLiveFiles(t, script, project, home, append(skill, "CLAUDE_LIVE_PROMPT=look at @pkg/notes.txt")...)
	if !slices.Contains(created, "nested-skill-ran.txt") {
		t.Errorf("the real Claude Code did not run the nested skill's hook after reading pkg/notes.txt (created %q)", created)
	}
	created = runClaudeLiveFiles(t, script, project, home, append(skill, "CLAUDE_LIVE_PROMPT=look")...)
	if slices.Contains(created, "nested-skill-ran.txt") {
		t.Errorf("the real Claude Code ran the nested skill without a read under pkg/: the note Hookwarden gives is wrong")
	}
}
