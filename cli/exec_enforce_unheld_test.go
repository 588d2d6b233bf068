//go:build linux

package cli

import (
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
// take would run pulled code under exec --enforce. The start line must
// say so by name, not claim that only MCP and language servers are left
// out. On coord's code the line names only MCP and language servers.
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
	if err != nil {
		t.Fatalf("exec --enforce: %v\n%s", err, out)
	}
	text := string(out)
	if !strings.Contains(text, "enforcing the approvals of 1 hook(s)") {
		t.Fatalf("exec --enforce did not enforce the one hook\n%s", text)
	}
	if !strings.Contains(text, "not held") || !strings.Contains(text, "bash .gemini/tools.sh") {
		t.Fatalf("exec --enforce does not name the approved discovery command it does not hold\n%s", text)
	}
}
