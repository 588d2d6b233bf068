package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

func TestClaudeAuditTrustRun(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell semantics")
	}
	root := t.TempDir()
	project, home := filepath.Join(root, "p"), filepath.Join(root, "h")
	os.MkdirAll(filepath.Join(project, ".claude"), 0o755)
	os.MkdirAll(home, 0o755)
	os.WriteFile(filepath.Join(project, ".claude", "settings.json"), []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [
  {"type": "command", "command": "echo 'rm is not allowed' >&2; exit 2"}]}]}}`), 0o644)
	cio := &IO{Agents: testAgents(), Env: isolated(t, settingsio.Env{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store"), "PATH=" + os.Getenv("PATH")}), Dir: project, GOOS: runtime.GOOS}
	hw := func(args ...string) (int, string) {
		var out bytes.Buffer
		cio.Stdout, cio.Stderr = &out, &out
		return Main(context.Background(), args, cio), out.String()
	}
	steps := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"audit", "--agent", "claude"}, ExitNeedsReview, "new"},
		{[]string{"run", "--agent", "claude", "--event", "PreToolUse", "--tool", "Bash"}, ExitNeedsReview, "nothing was run"},
		{[]string{"run", "--agent", "claude", "--event", "PreToolUse", "--tool", "Bash", "--yes"}, ExitOK, "BLOCKED"},
		{[]string{"trust", "--agent", "claude", "--all"}, ExitOK, "approved 1"},
		{[]string{"audit", "--agent", "claude"}, ExitOK, "trusted"},
		{[]string{"run", "--agent", "claude", "--event", "PreToolUse", "--tool", "Bash"}, ExitOK, "reason: rm is not allowed"},
		{[]string{"run", "--agent", "claude", "--event", "PreToolUse", "--tool", "Read"}, ExitOK, "no handler runs"},
		{[]string{"untrust", "--agent", "claude", "--all"}, ExitOK, "revoked 1"},
		{[]string{"run", "--agent", "claude", "--event", "Nope"}, ExitUsage, "unknown Claude Code event"},
	}
	for _, s := range steps {
		code, out := hw(s.args...)
		if code != s.code || !strings.Contains(out, s.want) {
			t.Fatalf("%v: exit %d, want %d with %q:\n%s", s.args, code, s.code, s.want, out)
		}
	}
}
