//go:build linux

package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/sandbox"
)

// TestExecEnforceNamesTheApprovedCommandsItDoesNotHold: enforcement holds
// the processes of hooks only. An approved command of the settings that
// is no hook (here a tool-discovery command; also a skill's or subagent's
// frontmatter hooks, helpers, custom commands' shell steps) runs as the
// agent's own process, unenforced: a branch its approval's trace did not
// take would run pulled code under exec --enforce. exec must say so by
// name, not claim that only MCP and language servers are left out (on
// coord's code the line named only those), and since enforce5 it does not
// start the agent (TestExecEnforceRefusesToStartWhatItCannotHold).
func TestExecEnforceNamesTheApprovedCommandsItDoesNotHold(t *testing.T) {
	t.Parallel()
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	e := attackEnv(t)
	e.writeProject(".gemini/settings.json", `{"tools": {"discoveryCommand": "bash .gemini/tools.sh"}, "hooks": {"BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "name": "check", "command": "bash .gemini/hooks/check.sh"}]}]}}`)
	e.writeProject(".gemini/tools.sh", "echo []\n")
	e.writeProject(".gemini/hooks/check.sh", "exit 0\n")
	if code, out, errOut := e.runWithPath("trust", "--all"); code != ExitOK {
		t.Fatalf("trust --all: exit %d\n%s%s", code, out, errOut)
	}
	cmd := exec.Command(os.Args[0], "exec", "--enforce", "--", "true")
	cmd.Dir = e.project
	cmd.Env = []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config, "PATH=" + os.Getenv("PATH"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json"), cliSelfEnv + "=1"}
	out, err := cmd.CombinedOutput()
	text := string(out)
	// issue 20 (enforce5): naming it and running it anyway let a changed
	// tools.sh run unchecked; exec --enforce now does not start the agent
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != ExitFailure || strings.Contains(text, "enforcing the approvals") {
		t.Fatalf("exec --enforce: %v, want the agent not started (exit %d)\n%s", err, ExitFailure, text)
	}
	if !strings.Contains(text, "cannot hold") || !strings.Contains(text, "bash .gemini/tools.sh") {
		t.Fatalf("exec --enforce does not name the approved discovery command it cannot hold\n%s", text)
	}
}
