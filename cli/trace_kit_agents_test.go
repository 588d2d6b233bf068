//go:build linux

package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
)

// TestTraceApprovesKitAgentsHooks: trust --trace works for the agents
// whose approvals live in Hookwarden's store section of the kit (Copilot
// CLI's repository hooks, Qwen Code's project hooks), not only for Gemini
// CLI, Claude Code and Codex CLI: a perl hook that loads a config file
// whose name it computes is approved with its trace, the file it read
// joins the approval, and a pull that changes that file makes audit exit 3
// naming it.
func TestTraceApprovesKitAgentsHooks(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	const script = "my $f = join('.', 'lint', 'rc');\ndo \"./$f\" if -e $f;\nprint \"{}\\n\";\n"
	for _, tc := range []struct{ agent, file, settings, script string }{
		{"copilot", ".github/hooks/lint.json", `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "perl .github/hooks/main.pl"}]}}`, ".github/hooks/main.pl"},
		{"qwen", ".qwen/settings.json", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "perl .qwen/hooks/main.pl"}]}]}}`, ".qwen/hooks/main.pl"},
	} {
		t.Run(tc.agent, func(t *testing.T) {
			p := newTraceProject(t, init)
			p.write(t, filepath.Join(p.home, ".copilot", "config.json"), `{"trustedFolders": ["`+p.project+`"]}`)
			p.write(t, tc.file, tc.settings)
			p.write(t, tc.script, script)
			p.write(t, "lint.rc", "1;\n")
			run := func(args ...string) (int, string) {
				return p.run(append([]string{args[0], "--agent", tc.agent}, args[1:]...)...)
			}
			code, out := run("trust", "--trace", "--accept-unwatched", "--all")
			if code != ExitOK || !strings.Contains(out, "lint.rc") {
				t.Fatalf("trust --trace: exit %d, want the hook approved with lint.rc seen running\n%s", code, out)
			}
			if code, out := run("audit"); code != ExitOK {
				t.Fatalf("after trust --trace: audit exit %d\n%s", code, out)
			}
			p.write(t, "lint.rc", "system('touch pwned'); 1;\n")
			if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, "lint.rc") {
				t.Fatalf("lint.rc changed after a traced approval: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
			}
		})
	}
}
