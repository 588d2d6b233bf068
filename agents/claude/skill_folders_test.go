package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// skillDoc is a skill, command or subagent file whose frontmatter has a
// Stop hook running command.
func skillDoc(name, command string) string {
	return "---\nname: " + name + "\ndescription: A demo thing.\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: \"" +
		command + "\"\n---\nRun echo hi.\n"
}

// claude-live 2.1.332, each invoked through the Skill tool: the Stop hook
// of .claude/commands/demo.md ran, so did .claude/commands/grp/c2.md's
// (as "grp:c2"); in a session started in repo/sub (and in a/b of a
// folder without git) the skills and commands of the folders above up to
// the work tree root ran; a skill above the git root did not. Hookwarden
// read only <start>/.claude/skills/*/SKILL.md and .claude/agents/*.md:
// a pull adding any of these left the audit clean. Subagents are read
// in subfolders too (not confirmed live: the kit ran no subagent hook;
// reading more fails closed).
func TestSkillsAndCommandsClaudeCodeFinds(t *testing.T) {
	tmp := t.TempDir()
	home, outer := filepath.Join(tmp, "home"), filepath.Join(tmp, "outer")
	repo := filepath.Join(outer, "repo")
	project := filepath.Join(repo, "sub")
	os.MkdirAll(home, 0o755)
	testenv.WriteFile(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n")
	files := map[string]string{
		filepath.Join(project, ".claude", "commands", "demo.md"):             skillDoc("demo", "echo start-command"),
		filepath.Join(repo, ".claude", "commands", "grp", "c2.md"):           skillDoc("c2", "echo root-nested-command"),
		filepath.Join(repo, ".claude", "skills", "s1", "SKILL.md"):           skillDoc("s1", "echo root-skill"),
		filepath.Join(repo, ".claude", "agents", "team", "a1.md"):            skillDoc("a1", "echo root-nested-agent"),
		filepath.Join(outer, ".claude", "skills", "above", "SKILL.md"):       skillDoc("above", "echo above-the-root"),
		filepath.Join(project, ".claude", "commands", "notes", "README.txt"): "not a command",
	}
	for p, text := range files {
		testenv.WriteFile(t, p, text)
	}
	env := settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(home, "no-managed")}
	reg := build(load(options{ProjectDir: project, Env: env, GOOS: "linux", Home: home}))
	var got []string
	for _, h := range reg.Hooks {
		if reviewed(h) {
			got = append(got, h.Command)
		}
	}
	for _, want := range []string{"echo start-command", "echo root-nested-command", "echo root-skill", "echo root-nested-agent"} {
		if !strings.Contains(strings.Join(got, "\n"), want) {
			t.Errorf("%q not among the reviewed hooks %q", want, got)
		}
	}
	if strings.Contains(strings.Join(got, "\n"), "above-the-root") {
		t.Errorf("a skill above the work tree root is not Claude Code's: %q", got)
	}
}
