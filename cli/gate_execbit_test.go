package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A pull that only sets or clears a script's exec bit changes what runs
// when the command runs the file as a program: a guard that lost it fails
// (and the agent goes on without it), and a PATH lookup that skipped a
// project file now finds it first (or the other way round). Such a mode
// change needs review; for a script handed to its interpreter (bash x.sh)
// the bit changes nothing and is not flagged.
func TestExecBitChangeNeedsReview(t *testing.T) {
	t.Parallel()
	hook := func(cmd string) string {
		return `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":` + cmd + `}]}]}}`
	}
	cases := []struct {
		name, command, script, text string
		from, to                    os.FileMode
		want                        int
	}{
		{"guard loses its exec bit", `".codex/hooks/guard.sh"`, ".codex/hooks/guard.sh", "#!/bin/sh\nexit 2\n", 0o755, 0o644, 3},
		{"PATH program gains its exec bit", `"PATH=\"$PWD/bin:$PATH\" date"`, "bin/date", "#!/bin/sh\necho hi\n", 0o644, 0o755, 3},
		{"PATH program loses its exec bit", `"PATH=\"$PWD/bin:$PATH\" date"`, "bin/date", "#!/bin/sh\necho hi\n", 0o755, 0o644, 3},
		{"bash script gains its exec bit", `"bash .codex/hooks/x.sh"`, ".codex/hooks/x.sh", "echo ok\n", 0o644, 0o755, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			io, out, project := codexCommandEnv(true)(t, map[string]string{
				"PROJECT/.codex/hooks.json": hook(c.command), "PROJECT/" + c.script: c.text})
			script := filepath.Join(project, c.script)
			if err := os.Chmod(script, c.from); err != nil {
				t.Fatal(err)
			}
			if code := Main(context.Background(), []string{"trust", "--agent", "codex", "--all", "--accept-unwatched"}, io); code != 0 {
				t.Fatalf("trust --all exit %d: %s", code, out())
			}
			out()
			if code := Main(context.Background(), []string{"audit", "--agent", "codex"}, io); code != 0 {
				t.Fatalf("audit after approving exit %d:\n%s", code, out())
			}
			out()
			if err := os.Chmod(script, c.to); err != nil {
				t.Fatal(err)
			}
			code := Main(context.Background(), []string{"audit", "--agent", "codex"}, io)
			text := out()
			if code != c.want || (c.want == 3 && (!strings.Contains(text, c.script) || !strings.Contains(text, "exec bit"))) {
				t.Fatalf("audit after the mode change exit %d, want %d naming %s and its exec bit:\n%s", code, c.want, c.script, text)
			}
		})
	}
}
