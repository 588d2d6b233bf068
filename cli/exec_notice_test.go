//go:build linux

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
	"github.com/hookwarden/hookwarden/sandbox"
)

// notEnforcedLines are the lines of exec's stderr that say traced
// approvals are not enforced.
func notEnforcedLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "traced run") && strings.Contains(l, "not enforced") {
			lines = append(lines, l)
		}
	}
	return lines
}

// TestExecSaysOnceThatTracedApprovalsAreNotEnforced: `exec` does not
// enforce by default (README: a formatter reading the file the agent
// edited, or git diff, is refused under --enforce, and sudo stops
// working), so when an approval rests on a traced run, which stands for
// the one branch it took, exec says so once when the agent starts, and
// how to enforce it. Not with --enforce, and not for approvals without a
// traced run. With --enforce, its start line says what it does not cover
// (issue 20: not only in code comments). On main exec says neither.
func TestExecSaysOnceThatTracedApprovalsAreNotEnforced(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed")
	}
	p := newTraceProject(t, init)
	p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
	p.write(t, ".gemini/settings.json", `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command|write_file", "hooks": [{"type": "command", "name": "dispatch", "command": "python3 .gemini/hooks/dispatch.py"}]}]}}`)
	p.write(t, ".gemini/hooks/dispatch.py", branchDispatch)
	p.write(t, ".gemini/hooks/config.json", `{"name": "approved"}`)
	p.write(t, ".gemini/hooks/helper.sh", "exit 0\n")
	if code, out := p.run("trust", "--trace", "--all"); code != ExitOK {
		t.Fatalf("trust --trace --all: exit %d\n%s", code, out)
	}
	code, out := p.run("exec", "--", "true")
	if code != ExitOK {
		t.Fatalf("exec: exit %d\n%s", code, out)
	}
	lines := notEnforcedLines(out)
	if len(lines) != 1 || !strings.Contains(lines[0], "1 approved hook") || !strings.Contains(lines[0], "--enforce") {
		t.Fatalf("exec with a traced approval said %d line(s) of it, want one naming the hook count and --enforce:\n%s", len(lines), out)
	}
	if why := sandbox.EnforceSupported(); why == "" {
		cmd := exec.Command(os.Args[0], "exec", "--enforce", "--", "true")
		cmd.Dir = p.project
		cmd.Env = []string{"HOME=" + p.home, "HOOKWARDEN_CONFIG_DIR=" + p.store, "PATH=" + os.Getenv("PATH"),
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(p.home, "none", "settings.json"), cliSelfEnv + "=1"}
		b, err := cmd.CombinedOutput()
		if err != nil || len(notEnforcedLines(string(b))) != 0 {
			t.Fatalf("exec --enforce: %v; said traced approvals are not enforced:\n%s", err, b)
		}
		// what enforcement does not cover is said when it starts, in the
		// line that says it enforces
		start := ""
		for _, l := range strings.Split(string(b), "\n") {
			if strings.Contains(l, "enforcing the approvals") {
				start = l
			}
		}
		if !strings.Contains(start, "not covered") || !strings.Contains(start, "MCP") || !strings.Contains(start, "daemon") {
			t.Fatalf("exec --enforce did not say at start, in its line, what it does not cover:\n%s", b)
		}
	}

	// an approval without a traced run: nothing to say
	f := newExecFixture(t)
	cmd, lines2 := f.start(f.agent("exit 0\n"))
	var stderr []string
	for l := range lines2 {
		stderr = append(stderr, l)
	}
	if c := waitExit(t, cmd); c != 0 || len(notEnforcedLines(strings.Join(stderr, "\n"))) != 0 {
		t.Fatalf("exec with no traced approval: exit %d\n%s", c, strings.Join(stderr, "\n"))
	}
}
