package cli

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestClaudeLiveUserSkillsHookRunsAProjectScript: the hooks in the
// frontmatter of a skill of the user's own (~/.claude/skills/NAME/SKILL.md)
// register when the skill is invoked, as a project skill's do, and run in
// the project folder: a relative `sh scripts/fmt.sh` runs the project's
// script (the real Claude Code 2.1.332, the model invoking the skill).
// Hookwarden read no frontmatter of the user's skills.
func TestClaudeLiveUserSkillsHookRunsAProjectScript(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	io, out, project := claudeCommandEnv(t, map[string]string{
		"HOME/.claude/skills/fmt/SKILL.md": nestedSkill("sh scripts/fmt.sh"),
		"PROJECT/scripts/fmt.sh":           "touch fmt-ran.txt\n",
	})
	created := runClaudeLiveFiles(t, script, project, io.Env.Get("HOME"), "CLAUDE_LIVE_TOOL=Skill", `CLAUDE_LIVE_INPUT={"skill":"fmt"}`, "CLAUDE_LIVE_PROMPT=format it")
	if !slices.Contains(created, "fmt-ran.txt") {
		t.Fatalf("Claude Code did not run the project's scripts/fmt.sh through the user's skill's Stop hook (created %q)", created)
	}
	if code := Main(context.Background(), []string{"audit", "--agent", "claude"}, io); code != ExitNeedsReview || !strings.Contains(out(), filepath.Join("scripts", "fmt.sh")) {
		t.Fatalf("audit exit %d, want %d naming the project script the user's skill's hook runs", code, ExitNeedsReview)
	}
}

// TestClaudeLiveUserAgentsHookRunsAProjectScript: the hooks in the
// frontmatter of a subagent of the user's own (~/.claude/agents/NAME.md)
// run while it runs, in the project folder (the real Claude Code 2.1.332,
// the model starting the subagent). Hookwarden read no user subagent.
func TestClaudeLiveUserAgentsHookRunsAProjectScript(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	io, out, project := claudeCommandEnv(t, map[string]string{
		"HOME/.claude/agents/rev.md": "---\nname: rev\ndescription: Reviews the code\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: sh scripts/rev.sh\n---\nReview it.\n",
		"PROJECT/scripts/rev.sh":     "touch rev-ran.txt\n",
	})
	created := runClaudeLiveFiles(t, script, project, io.Env.Get("HOME"), "CLAUDE_LIVE_TOOL=Agent", `CLAUDE_LIVE_INPUT={"subagent_type":"rev","description":"review","prompt":"review it"}`, "CLAUDE_LIVE_PROMPT=review it")
	if !slices.Contains(created, "rev-ran.txt") {
		t.Fatalf("Claude Code did not run the project's scripts/rev.sh through the user's subagent's hook (created %q)", created)
	}
	if code := Main(context.Background(), []string{"audit", "--agent", "claude"}, io); code != ExitNeedsReview || !strings.Contains(out(), filepath.Join("scripts", "rev.sh")) {
		t.Fatalf("audit exit %d, want %d naming the project script the user's subagent's hook runs", code, ExitNeedsReview)
	}
}
