//go:build linux

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
)

// TestTraceApprovesSkillFrontmatterHooks: trust --trace works for the
// hooks of a skill's frontmatter as for a settings file's, for Qwen Code
// as for Claude Code: the hook runs once in the sandbox with its event's
// sample payload, the file it read joins the approval, and a pull that
// changes that file makes audit exit 3 naming it. For Qwen Code the trace
// failed ("helper is not one of Qwen Code's 22 hook events"): such a hook
// could only be approved as partly unwatched. Fails on main for qwen.
func TestTraceApprovesSkillFrontmatterHooks(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	const script = "my $f = join('.', 'lint', 'rc');\ndo \"./$f\" if -e $f;\nprint \"{}\\n\";\n"
	for _, tc := range []struct{ agent, skill, matcher string }{
		{"claude", ".claude/skills/fmt", "Bash"},
		{"qwen", ".qwen/skills/fmt", "run_shell_command"},
		{"qwen", ".agents/skills/fmt", ""},
	} {
		t.Run(tc.agent+"/"+tc.skill, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, init)
			p.write(t, tc.skill+"/SKILL.md", "---\nname: fmt\ndescription: Formats\nhooks:\n  PreToolUse:\n    - matcher: \""+tc.matcher+"\"\n      hooks:\n"+
				"        - type: command\n          command: perl "+tc.skill+"/main.pl\n---\nFormat it.\n")
			p.write(t, tc.skill+"/main.pl", script)
			p.write(t, "lint.rc", "1;\n")
			run := func(args ...string) (int, string) {
				return p.run(append([]string{args[0], "--agent", tc.agent}, args[1:]...)...)
			}
			if code, out := run("trust", "--all"); code == ExitOK {
				t.Fatalf("trust --all without a trace: exit 0, want it refused as partly unwatched (the perl loads a computed path)\n%s", out)
			}
			code, out := run("trust", "--trace", "--all")
			if code != ExitOK || !strings.Contains(out, "lint.rc") {
				t.Fatalf("trust --trace: exit %d, want the skill's hook approved with lint.rc seen running\n%s", code, out)
			}
			if code, out := run("audit", "--strict"); code != ExitOK {
				t.Fatalf("after trust --trace: audit --strict exit %d\n%s", code, out)
			}
			p.write(t, "lint.rc", "system('touch pwned'); 1;\n")
			if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, "lint.rc") {
				t.Fatalf("lint.rc changed after a traced approval: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
			}
			if _, err := os.Stat(filepath.Join(p.project, "pwned")); err == nil {
				t.Fatal("the changed lint.rc ran")
			}
		})
	}
}
