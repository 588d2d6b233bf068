package claude

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// A subagent's body (.claude/agents/*.md) is its system prompt, and
// Claude Code 2.1.332 runs no shell command in it: claude-live, a
// project's .claude/agents/helper.md whose body held !`touch
// body_inline_ran` and a ```! touch body_fenced_ran ``` block, invoked
// three times through the Agent tool (SubagentStart/SubagentStop with
// agent_type "helper" fired), created no file; a skill's and a command's
// body ran both forms in the same kit. So a subagent's body yields no
// prompt command (the skill-body patterns are not applied to it). Its
// frontmatter hooks did not run in that session either (a PreToolUse
// "*" hook of the helper's frontmatter, while the helper itself called a
// tool, and its Stop and SubagentStop hooks), nor with the project's
// "agent": "helper" setting; Hookwarden still lists and reviews them as
// hooks (fail closed: the program may run them in a mode the kit did not
// drive, e.g. `claude --agent`).
func TestSubagentBodyRunsNoShellCommand(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "h"), filepath.Join(tmp, "p")
	testenv.WriteFile(t, filepath.Join(project, ".claude", "agents", "helper.md"),
		"---\nname: helper\ndescription: d\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: touch fm_stop_ran\n---\nContext: !`touch body_inline_ran`\n\n```!\ntouch body_fenced_ran\n```\n")
	testenv.WriteFile(t, filepath.Join(project, ".claude", "commands", "x.md"), "Run: !`touch cmd_ran`\n")
	s := load(options{ProjectDir: project, Env: settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(tmp, "no-managed")}, GOOS: runtime.GOOS, Home: home})
	var prompt, hookCmds []string
	for _, h := range build(s).Hooks {
		switch {
		case h.Kind == hooks.KindPromptCommand:
			prompt = append(prompt, h.Command)
		case h.IsHook():
			hookCmds = append(hookCmds, h.Command)
		}
	}
	if len(prompt) != 1 || prompt[0] != "touch cmd_ran" {
		t.Errorf("prompt commands = %q, want only the command file's (a subagent's body runs none)", prompt)
	}
	found := false
	for _, c := range hookCmds {
		found = found || c == "touch fm_stop_ran"
	}
	if !found {
		t.Errorf("the subagent's frontmatter hook is no longer listed: hooks %q", hookCmds)
	}
}
