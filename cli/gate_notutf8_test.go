package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A folder whose name is not UTF-8: every store that keys approvals by
// the folder's path is JSON or TOML, which cannot hold it. Hookwarden's
// own store wrote the name with U+FFFD for the bad byte, a record no
// review ever finds: the hooks stayed new (closed), but Claude Code, Qwen
// Code and Copilot CLI printed "approved" and trust exited 0, and Gemini
// CLI blamed "another program" for the lost keys. Now every agent says
// the approval could not be recorded and why, exits non-zero, and audit
// still exits 3.
func TestApprovalInAFolderWhoseNameIsNotUTF8(t *testing.T) {
	t.Parallel()
	files := map[string][2]string{
		"claude":  {".claude/settings.json", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}}`},
		"qwen":    {".qwen/settings.json", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}}`},
		"copilot": {".github/hooks/h.json", `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "echo hi"}]}}`},
		"gemini":  {".gemini/settings.json", `{"hooks": {"AfterAgent": [{"hooks": [{"type": "command", "name": "g", "command": "echo hi"}]}]}}`},
		"codex":   {".codex/hooks.json", `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}}`},
	}
	for agent, f := range files {
		t.Run(agent, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.project = filepath.Join(p.root, "a\xffb")
			if err := os.Mkdir(p.project, 0o755); err != nil {
				t.Skipf("the file system refuses the name: %v", err)
			}
			p.write(t, f[0], f[1])
			code, out := p.run("trust", "--agent", agent, "--project", p.project, "--all")
			if code == ExitOK || !strings.Contains(out, "could not be recorded") || !strings.Contains(out, "not valid UTF-8") {
				t.Errorf("trust --all: exit %d, want non-zero saying the approval could not be recorded because the name is not UTF-8:\n%s", code, out)
			}
			for _, line := range strings.Split(out, "\n") {
				if strings.HasPrefix(line, "approved ") {
					t.Errorf("trust --all claims an approval:\n%s", out)
				}
			}
			if code, out := p.run("audit", "--agent", agent, "--project", p.project); code != ExitNeedsReview {
				t.Errorf("audit after the refused approval: exit %d, want %d\n%s", code, ExitNeedsReview, out)
			}
		})
	}
}
