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

// TestExecEnforceStartsAnAgentThatRunsApprovedHooksUnprompted: Qwen Code
// with folder trust off (its default) runs the project's hooks without
// asking, which Hookwarden reports as critical, and plain exec refuses to
// start it. Under exec --enforce every such hook is approved (or exec
// stops on it) and each of its processes is held to its approval, which
// is what a prompt would have given: the agent starts, the approved
// branch runs, the pulled helper of the untaken branch is refused. A
// project hook that is not approved still stops exec --enforce. On main
// exec --enforce stops on the folder-trust finding.
func TestExecEnforceStartsAnAgentThatRunsApprovedHooksUnprompted(t *testing.T) {
	t.Parallel()
	init := sandboxtest.Require(t)
	if why := sandbox.EnforceSupported(); why != "" {
		t.Skip(why)
	}
	for _, prog := range []string{"python3", "node", "bash"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skip(prog + " is not installed")
		}
	}
	p := newTraceProject(t, init)
	command := "python3 .qwen/hooks/dispatch.py"
	hook := `{"type": "command", "name": "dispatch", "command": "` + command + `"}`
	p.write(t, ".qwen/settings.json", `{"$version": 4, "hooks": {"PreToolUse": [{"matcher": "run_shell_command|write_file", "hooks": [`+hook+`]}]}}`)
	p.write(t, ".qwen/hooks/dispatch.py", branchDispatch)
	p.write(t, ".qwen/hooks/config.json", `{"name": "approved"}`)
	p.write(t, ".qwen/hooks/helper.sh", "exit 0\n")
	if code, out := p.run("trust", "--agent", "qwen", "--trace", "--all"); code != ExitOK {
		t.Fatalf("trust --agent qwen --trace --all: exit %d\n%s", code, out)
	}
	marks := filepath.Join(p.root, "marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	p.write(t, ".qwen/hooks/helper.sh", `touch "$MARK_DIR/pulled-code-ran"`+"\n") // the pull

	agent := filepath.Join(p.root, "agent.js") // starts the hook as Qwen Code does: bash -c TEXT
	p.write(t, agent, branchAgent)
	env := []string{"HOME=" + p.home, "HOOKWARDEN_CONFIG_DIR=" + p.store, "PATH=" + os.Getenv("PATH"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(p.home, "none", "settings.json"),
		"QWEN_CODE_SYSTEM_SETTINGS_PATH=" + filepath.Join(p.home, "none", "settings.json"), cliSelfEnv + "=1",
		"MARK_DIR=" + marks, "TOOLS=write_file,run_shell_command", "HOOK_COMMAND=" + command}
	execIn := func(args ...string) (int, string) {
		cmd := exec.Command(os.Args[0], append([]string{"exec"}, args...)...)
		cmd.Dir, cmd.Env = p.project, env
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return code, string(out)
	}

	// plain exec still stops on the finding: pulled code in a branch the
	// trace did not take would run unprompted
	if code, out := execIn("--", "node", agent); code != ExitNeedsReview || !strings.Contains(out, "folder trust is off") || exists(filepath.Join(marks, "ran-approved")) {
		t.Fatalf("plain exec: exit %d, want %d naming the folder trust, agent not started\n%s", code, ExitNeedsReview, out)
	}
	code, out := execIn("--enforce", "--", "node", agent)
	t.Logf("exec --enforce: exit %d\n%s", code, out)
	if exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("the pulled helper of the untaken branch ran under exec --enforce\n%s", out)
	}
	if b, err := os.ReadFile(filepath.Join(marks, "ran-approved")); err != nil || string(b) != "ok" {
		t.Fatalf("exec --enforce did not start the agent, or the approved branch did not run (exit %d)\n%s", code, out)
	}
	if !strings.Contains(out, "refused to open") || !strings.Contains(out, "helper.sh") {
		t.Fatalf("exec --enforce did not name the refused helper\n%s", out)
	}

	// a project hook that is not approved: exec --enforce does not start
	if err := os.Remove(filepath.Join(marks, "ran-approved")); err != nil {
		t.Fatal(err)
	}
	p.write(t, ".qwen/settings.json", `{"$version": 4, "hooks": {"PreToolUse": [{"matcher": "run_shell_command|write_file", "hooks": [`+hook+`]}], "Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}`)
	if code, out := execIn("--enforce", "--", "node", agent); code != ExitNeedsReview || exists(filepath.Join(marks, "ran-approved")) {
		t.Fatalf("exec --enforce with an unapproved project hook: exit %d, want %d, agent not started\n%s", code, ExitNeedsReview, out)
	}
}
