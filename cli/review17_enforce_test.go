//go:build linux

package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
	"github.com/hookwarden/hookwarden/sandbox"
)

// TestExecEnforceRefusesALinkChainAtTheKernelsLimit is
// TestExecEnforceRefusesTheUntakenBranch with the hook starting its
// helper by a relative path, and the pull making the helper a chain of
// 40 symbolic links (the kernel's limit) to its own script: the listener
// resolved /proc/PID/cwd/PATH, one link more, got ELOOP and let the
// start go on, so the pulled script ran under exec --enforce.
func TestExecEnforceRefusesALinkChainAtTheKernelsLimit(t *testing.T) {
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
	command := "python3 .gemini/hooks/dispatch.py"
	p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
	p.write(t, ".gemini/settings.json", `{"hooks": {"BeforeTool": [{"matcher": "run_shell_command|write_file", "hooks": [{"type": "command", "name": "dispatch", "command": "`+command+`"}]}]}}`)
	p.write(t, ".gemini/hooks/dispatch.py", strings.Replace(branchDispatch, `os.path.join(here, "hel" + "per.sh")`, `"scripts/hel" + "per.sh"`, 1))
	p.write(t, ".gemini/hooks/config.json", `{"name": "approved"}`)
	p.write(t, "scripts/helper.sh", "exit 0\n")
	if code, out := p.run("trust", "--trace", "--all"); code != ExitOK {
		t.Fatalf("trust --trace --all: exit %d\n%s", code, out)
	}
	marks := filepath.Join(p.root, "marks")
	if err := os.MkdirAll(marks, 0o755); err != nil {
		t.Fatal(err)
	}
	// the pull: helper.sh -> l1 -> … -> l39 -> evil.sh (40 links)
	hooksDir := filepath.Join(p.project, "scripts")
	p.write(t, "scripts/evil.sh", `touch "$MARK_DIR/pulled-code-ran"`+"\n")
	if err := os.Remove(filepath.Join(hooksDir, "helper.sh")); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40; i++ {
		from, to := fmt.Sprintf("l%d", i), fmt.Sprintf("l%d", i+1)
		if i == 0 {
			from = "helper.sh"
		}
		if i == 39 {
			to = "evil.sh"
		}
		if err := os.Symlink(to, filepath.Join(hooksDir, from)); err != nil {
			t.Fatal(err)
		}
	}
	if code, out := p.run("audit", "--strict"); code != ExitOK {
		t.Fatalf("audit after the pull: exit %d\n%s", code, out)
	}
	agent := filepath.Join(p.root, "agent.js")
	p.write(t, agent, branchAgent)
	cmd := exec.Command(os.Args[0], "exec", "--enforce", "--", "node", agent)
	cmd.Dir = p.project
	cmd.Env = []string{"HOME=" + p.home, "HOOKWARDEN_CONFIG_DIR=" + p.store, "PATH=" + os.Getenv("PATH"),
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(p.home, "none", "settings.json"), cliSelfEnv + "=1",
		"MARK_DIR=" + marks, "TOOLS=write_file,run_shell_command", "HOOK_COMMAND=" + command}
	out, _ := cmd.CombinedOutput()
	if exists(filepath.Join(marks, "pulled-code-ran")) {
		t.Fatalf("the pulled script behind 40 links ran under exec --enforce\n%s", out)
	}
	if b, err := os.ReadFile(filepath.Join(marks, "ran-approved")); err != nil || string(b) != "ok" {
		t.Fatalf("the approved branch did not run under exec --enforce\n%s", out)
	}
}
