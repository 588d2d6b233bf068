package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A pull that turns the approved scripts' folder into a link out of the
// project, with the very same texts there, changes where every hook's
// script lives: the guard's check says so for each agent that reads the
// file (Claude Code and Copilot CLI), though each script's hash is the
// approved one. The folder's real path is looked up once per review, so
// this holds when many hooks share it.
func TestGuardCheckSeesTheScriptsFolderBecomeALinkOut(t *testing.T) {
	var defs []string
	files := map[string]string{}
	for i := range 40 {
		defs = append(defs, fmt.Sprintf(`{"type": "command", "command": "bash \"$CLAUDE_PROJECT_DIR\"/hooks/s%02d.sh %d"}`, i%4, i))
	}
	for i := range 4 {
		files[fmt.Sprintf("PROJECT/hooks/s%02d.sh", i)] = fmt.Sprintf("#!/bin/sh\necho %d\n", i)
	}
	files["PROJECT/.claude/settings.json"] = `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [` + strings.Join(defs, ",") + `]}]}}`
	io, out, errb, project := claudeEnv(t, files)
	for _, a := range []string{"claude", "copilot"} {
		if code := Main(context.Background(), []string{"trust", "--all", "--agent", a}, io); code != 0 {
			t.Fatalf("trust --all --agent %s: exit %d: %s%s", a, code, out, errb)
		}
	}
	check := func() (int, string) {
		out.Reset()
		errb.Reset()
		code := Main(context.Background(), []string{"guard", "check"}, io)
		return code, out.String() + errb.String()
	}
	if code, text := check(); code != 0 {
		t.Fatalf("check after approving: exit %d:\n%s", code, text)
	}
	outside := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Rename(filepath.Join(project, "hooks"), outside); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(project, "hooks")); err != nil {
		t.Fatal(err)
	}
	code, text := check()
	if code != 3 {
		t.Fatalf("check after hooks/ became a link out of the project: exit %d, want 3:\n%s", code, text)
	}
	for _, agent := range []string{"Claude Code", "Copilot CLI"} {
		if !strings.Contains(text, agent) {
			t.Errorf("the check does not name %s:\n%s", agent, text)
		}
	}
}
