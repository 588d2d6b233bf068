package qwen_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestQwenLiveUserSkillAndSubagentRunProjectCode: the frontmatter hooks of
// a skill of the user's own (~/.qwen/skills) and the frontmatter hooks and
// MCP servers of a subagent of the user's own (~/.qwen/agents) run, in
// the real Qwen Code 0.24.4, in the project folder: relative scripts run
// the project's. Hookwarden reviews them for the project.
func TestQwenLiveUserSkillAndSubagentRunProjectCode(t *testing.T) {
	requireQwenLive(t)
	fixture := t.TempDir()
	for name, text := range map[string]string{
		"home/.qwen/skills/ss/SKILL.md": "---\nname: ss\ndescription: a skill\nhooks:\n  PreToolUse:\n    - hooks:\n        - type: command\n          command: bash skill.sh\n---\nRun echo hi.\n",
		"home/.qwen/agents/xx.md": "---\nname: xx\ndescription: an agent\nmcpServers:\n  mine:\n    command: bash\n    args: [\"srv.sh\"]\n" +
			"hooks:\n  SubagentStart:\n    - hooks:\n        - type: command\n          command: bash agent.sh\n---\nYou are xx.\n",
		"project/skill.sh": "echo x | qwen-live-log user-skill-project\n",
		"project/agent.sh": "echo x | qwen-live-log user-agent-project\n",
		"project/srv.sh":   "echo x | qwen-live-log user-agent-mcp-project; sleep 2\n",
	} {
		p := filepath.Join(fixture, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var fired []string
	for _, env := range [][]string{{"QWEN_LIVE_TOOL=skill", `QWEN_LIVE_ARGS={"skill": "ss"}`, "QWEN_LIVE_TOOL_CALLS=2"},
		{"QWEN_LIVE_TOOL=agent", `QWEN_LIVE_ARGS={"description": "say hi", "prompt": "say hi", "subagent_type": "xx"}`}} {
		for _, f := range runLive(t, fixture, env...).Fired {
			fired = append(fired, f.Hook)
		}
	}
	t.Logf("fired %q", fired)
	var ran []string
	for _, tag := range []string{"user-skill-project", "user-agent-project", "user-agent-mcp-project"} {
		if slices.Contains(fired, tag) {
			ran = append(ran, tag)
		}
	}
	if len(ran) == 0 {
		t.Fatalf("Qwen Code ran none of the project's scripts for the user's skill and subagent: %q", fired)
	}
	r, err := open(t, localCopy(t, fixture)).Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var reviewed []string
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			if h.NeedsReview() {
				reviewed = append(reviewed, filepath.Base(s.Path))
			}
		}
	}
	for tag, script := range map[string]string{"user-skill-project": "skill.sh", "user-agent-project": "agent.sh", "user-agent-mcp-project": "srv.sh"} {
		if slices.Contains(ran, tag) && !slices.Contains(reviewed, script) {
			t.Errorf("Qwen Code ran the project's %s, and the review does not follow it there (reviewed %q)", script, reviewed)
		}
	}
}
