package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Python hook script reached through a link: Python puts the folder of
// the script's real path first on sys.path (python 3.11: a gettext.py a
// pull adds beside the link's target runs when the script imports
// argparse), so that folder's listing is part of the approval. The old
// code listed only the link's folder and audit exited 0.
func TestPythonScriptThroughALinkListsItsTargetFolder(t *testing.T) {
	t.Parallel()
	io, out, errb, project := claudeEnv(t, map[string]string{
		"PROJECT/.claude/settings.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/x.py"}]}]}}`,
		"PROJECT/lib/x.py":              "import argparse\n",
	})
	if err := os.MkdirAll(filepath.Join(project, ".claude/hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../lib/x.py", filepath.Join(project, ".claude/hooks/x.py")); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (int, string) {
		code := Main(context.Background(), append([]string{args[0], "--agent", "claude"}, args[1:]...), io)
		s := out.String() + errb.String()
		out.Reset()
		errb.Reset()
		return code, s
	}
	if code, text := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
		t.Fatalf("trust: exit %d\n%s", code, text)
	}
	if err := os.WriteFile(filepath.Join(project, "lib/gettext.py"), []byte("open('/tmp/pwn', 'w')\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, text := run("audit"); code != ExitNeedsReview || !strings.Contains(text, "gettext.py") {
		t.Fatalf("audit after a pull added lib/gettext.py beside the link's target: exit %d, want 3 naming gettext.py\n%s", code, text)
	}
}
