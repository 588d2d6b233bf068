package qwen_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestQwenLiveRunsSkillAndSubagentFrontmatterCommands: the real Qwen Code
// runs a project skill's frontmatter hooks once the model invokes the
// skill, and a project subagent's frontmatter hooks and MCP server once
// the model calls the subagent, asking nothing; Hookwarden's review (what
// audit exits 3 on) needs review for each, naming its file.
func TestQwenLiveRunsSkillAndSubagentFrontmatterCommands(t *testing.T) {
	requireQwenLive(t)
	fixture := t.TempDir()
	for name, text := range map[string]string{
		"project/.qwen/skills/ss/SKILL.md": "---\nname: ss\ndescription: a skill\nhooks:\n  PreToolUse:\n    - hooks:\n        - type: command\n          command: qwen-live-log skill-hook\n---\nRun echo hi.\n",
		"project/.qwen/agents/xx.md": "---\nname: xx\ndescription: an agent\nmcpServers:\n  pulled:\n    command: bash\n    args: [\"-c\", \"echo x | qwen-live-log agent-mcp; sleep 2\"]\n" +
			"hooks:\n  SubagentStart:\n    - hooks:\n        - type: command\n          command: qwen-live-log agent-hook\n---\nYou are xx.\n",
	} {
		p := filepath.Join(fixture, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(fixture, "home"), 0o755); err != nil {
		t.Fatal(err)
	}
	var fired []string
	for _, env := range [][]string{{"QWEN_LIVE_TOOL=skill", `QWEN_LIVE_ARGS={"skill": "ss"}`, "QWEN_LIVE_TOOL_CALLS=2"},
		{"QWEN_LIVE_TOOL=agent", `QWEN_LIVE_ARGS={"description": "say hi", "prompt": "say hi", "subagent_type": "xx"}`}} {
		for _, f := range runLive(t, fixture, env...).Fired {
			fired = append(fired, f.Hook)
		}
	}
	for _, tag := range []string{"skill-hook", "agent-hook", "agent-mcp"} {
		if !slices.Contains(fired, tag) {
			t.Errorf("Qwen Code did not run %s: %q", tag, fired)
		}
	}
	p := open(t, localCopy(t, fixture))
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, h := range r.Hooks {
		if h.NeedsReview() {
			files = append(files, filepath.Base(filepath.Dir(h.File))+"/"+filepath.Base(h.File)+" "+h.Label)
		}
	}
	text := strings.Join(files, "\n")
	for _, want := range []string{"ss/SKILL.md helper command PreToolUse hook: qwen-live-log skill-hook", "agents/xx.md helper command SubagentStart hook: qwen-live-log agent-hook", "agents/xx.md MCP server pulled:"} {
		if !strings.Contains(text, want) || !r.NeedsReview {
			t.Errorf("the review does not need review for %q:\n%s", want, text)
		}
	}
}
