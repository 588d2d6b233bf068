package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// A skill's frontmatter decides how its body's shell commands run:
// allowed-tools lets them run without asking (claude -p refused them
// before), disable-model-invocation whether the model may invoke the
// skill on its own. Since a SKILL.md is no longer a script of every hook,
// a pull that added allowed-tools: Bash to an approved skill read as
// clean, though its approved command now ran unasked.
func TestSkillFrontmatterIsPartOfItsCommandsApproval(t *testing.T) {
	t.Parallel()
	body := "Today: !`git status`\n"
	for _, c := range []struct{ name, before, after string }{
		{"allowed-tools added", "---\nname: doc\n---\n", "---\nname: doc\nallowed-tools: Bash\n---\n"},
		{"allowed-tools widened", "---\nname: doc\nallowed-tools: Bash(git status:*)\n---\n", "---\nname: doc\nallowed-tools: Bash(*)\n---\n"},
		{"model may invoke it", "---\nname: doc\ndisable-model-invocation: true\n---\n", "---\nname: doc\n---\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			skill := filepath.Join(".claude", "skills", "doc", "SKILL.md")
			p.write(t, skill, c.before+body)
			if code, out := p.run("trust", "--agent", "claude", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust: exit %d\n%s", code, out)
			}
			if code, out := p.run("audit", "--agent", "claude"); code != ExitOK {
				t.Fatalf("approved: audit exit %d\n%s", code, out)
			}
			p.write(t, skill, c.after+body)
			code, out := p.run("audit", "--agent", "claude")
			if code != ExitNeedsReview {
				t.Fatalf("audit after the pull exit %d, want %d\n%s", code, ExitNeedsReview, out)
			}
			if !strings.Contains(out, "SKILL.md") {
				t.Errorf("the review must name SKILL.md\n%s", out)
			}
		})
	}
}
