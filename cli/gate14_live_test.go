package cli

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestClaudeLiveSkillHookPluginRoot is the live side of
// TestSkillHookPluginRootIsTheSkillFolder and TestSkillHookSkillDirIsNotSet:
// the real Claude Code (claude-live, offline) invokes the skill fmt, whose
// Stop hooks run "$CLAUDE_PLUGIN_ROOT/y.sh" (the skill's y.sh: it ran, in
// the project folder) and ${CLAUDE_SKILL_DIR}/x.sh (empty: /x.sh, the
// skill's x.sh did not run). Hookwarden fingerprints y.sh: after trust
// --all a change to it makes audit exit 3 naming it.
func TestClaudeLiveSkillHookPluginRoot(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	skill := "---\nname: fmt\ndescription: Formats the package\nhooks:\n  Stop:\n    - hooks:\n" +
		"        - type: command\n          command: bash \"$CLAUDE_PLUGIN_ROOT/y.sh\"\n" +
		"        - type: command\n          command: bash ${CLAUDE_SKILL_DIR}/x.sh\n---\nFormat it.\n"
	io, out, project := claudeCommandEnv(t, map[string]string{
		"PROJECT/.claude/skills/fmt/SKILL.md": skill,
		"PROJECT/.claude/skills/fmt/y.sh":     "touch y-ran-in-project.txt\n",
		"PROJECT/.claude/skills/fmt/x.sh":     "touch x-ran.txt\n",
	})
	home := io.Env.Get("HOME")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	created := runClaudeLiveFiles(t, script, project, home, "CLAUDE_LIVE_TOOL=Skill", `CLAUDE_LIVE_INPUT={"skill":"fmt"}`)
	if !slices.Contains(created, "y-ran-in-project.txt") {
		t.Errorf("the real Claude Code did not run the skill's y.sh through $CLAUDE_PLUGIN_ROOT in the project folder (created %q)", created)
	}
	if slices.Contains(created, "x-ran.txt") || slices.Contains(created, filepath.Join(".claude", "skills", "fmt", "x-ran.txt")) {
		t.Errorf("the real Claude Code filled ${CLAUDE_SKILL_DIR} in a skill's hook: Hookwarden reads it as unset")
	}
	if code := Main(context.Background(), []string{"trust", "--agent", "claude", "--all", "--accept-unwatched"}, io); code != ExitOK {
		t.Fatalf("trust: exit %d\n%s", code, out())
	}
	out()
	if err := os.WriteFile(filepath.Join(project, ".claude", "skills", "fmt", "y.sh"), []byte("touch pwned\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code := Main(context.Background(), []string{"audit", "--agent", "claude"}, io); code != ExitNeedsReview || !strings.Contains(out(), "y.sh") {
		t.Errorf("after y.sh changed: audit exit %d, want %d naming it", code, ExitNeedsReview)
	}
}
