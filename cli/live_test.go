package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// claudeLiveKit finds the conformance kit's claude-live folder
// (testenv.KitDir: HOOKWARDEN_CONFORMANCE_KIT, else ../shared/conformance
// next to the repo); without it the test is testenv.Missing.
func claudeLiveKit(t *testing.T) string {
	return filepath.Join(testenv.KitDir(t), "claude-live")
}

// requireClaudeLive returns the kit's run-claude.sh, skipping the test with
// -short or without the kit, node, npm or unshare (failing under CI=true).
func requireClaudeLive(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("live Claude Code run (-short)")
	}
	script := filepath.Join(claudeLiveKit(t), "run-claude.sh")
	if _, err := os.Stat(script); err != nil {
		testenv.Missing(t, "claude-live kit not found: %v (set HOOKWARDEN_CONFORMANCE_KIT)", err)
	}
	for _, tool := range []string{"node", "npm", "unshare"} {
		if _, err := exec.LookPath(tool); err != nil {
			testenv.Missing(t, "%s not found: the live Claude Code test needs node, npm and unshare", tool)
		}
	}
	return script
}

// claudeLiveInstalled is set once a run of the kit's run-claude.sh has
// succeeded in this test binary: Claude Code is then installed in the
// cache (the script installs it before it runs it), and later runs need
// not wait for the install lock.
var claudeLiveInstalled atomic.Bool

// claudeLiveOutput runs cmd (the kit's run-claude.sh) and returns its
// output. The first run of the test binary holds the install lock that
// every test binary shares, so that only one installs Claude Code; the
// runs after a success run without it, at the same time as other tests
// (each run has its own temporary copy, stand-in port and namespace).
func claudeLiveOutput(cache string, cmd *exec.Cmd) ([]byte, error) {
	if claudeLiveInstalled.Load() {
		return cmd.Output()
	}
	var out []byte
	err := testenv.WithFileLock(filepath.Join(cache, "claude-live-setup.lock"), func() error {
		var err error
		out, err = cmd.Output()
		return err
	})
	if err == nil {
		claudeLiveInstalled.Store(true)
	}
	return out, err
}

// runClaudeLive runs the real Claude Code once on project/home and returns
// the tags of the fixture hooks that fired.
func runClaudeLive(t *testing.T, script, project, home string) []string {
	t.Helper()
	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	// Claude Code installs into the tests' private cache (not ~/.cache),
	// once, under the lock every test binary shares.
	// npm keeps the process environment (its proxy and CA settings);
	// run-claude.sh gives Claude Code a home of its own.
	env := append(os.Environ(), "BASH_ENV=", "CLAUDE_LIVE_OBSERVE=0", "CLAUDE_LIVE_TIMEOUT=300",
		"npm_config_cache="+filepath.Join(cache, "npm"))
	if v := os.Getenv("CLAUDE_LIVE_CACHE"); v != "" {
		env = append(env, "CLAUDE_LIVE_CACHE="+v)
	} else {
		env = append(env, "CLAUDE_LIVE_CACHE="+filepath.Join(cache, "claude-live"))
	}
	cmd := exec.Command(script, project, home)
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := claudeLiveOutput(cache, cmd)
	if err != nil {
		t.Fatalf("run-claude.sh failed (%v): %s", err, stderr.String())
	}
	var rep struct {
		Fired []struct {
			Event string `json:"event"`
			Hook  string `json:"hook"`
		} `json:"fired"`
		ExitCode int `json:"exit_code"`
	}
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("report: %v\n%s", err, out)
	}
	if rep.ExitCode != 0 {
		t.Fatalf("Claude Code exited %d: %s", rep.ExitCode, out)
	}
	var tags []string
	for _, f := range rep.Fired {
		tags = append(tags, f.Event+":"+f.Hook)
	}
	return tags
}

// TestClaudeLiveDisableEnable is the black-box test of issue 6 with the
// real Claude Code (conformance kit, offline stand-in): after 'hookwarden
// disable --agent claude X' the handler no longer fires, after enable it
// fires again and the settings file is byte-identical.
func TestClaudeLiveDisableEnable(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	root := t.TempDir()
	project, home := filepath.Join(root, "project"), filepath.Join(root, "home")
	settings := filepath.Join(project, ".claude", "settings.json")
	const text = `{
  "permissions": {"allow": ["Bash(echo:*)"]},
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "claude-live-log pre-bash-a" },
          { "type": "command", "command": "claude-live-log pre-bash-b" }
        ]
      }
    ],
    "UserPromptSubmit": [ { "hooks": [ { "type": "command", "command": "claude-live-log prompt" } ] } ]
  }
}
`
	os.MkdirAll(filepath.Dir(settings), 0o755)
	os.MkdirAll(home, 0o755)
	if err := os.WriteFile(settings, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cio := &IO{Agents: testAgents(), Env: isolated(t, settingsio.Env{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store"), "PATH=" + os.Getenv("PATH")}),
		Dir: project, GOOS: runtime.GOOS}
	hw := func(args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		cio.Stdout, cio.Stderr = &out, &errOut
		if code := Main(context.Background(), args, cio); code != 0 {
			t.Fatalf("hookwarden %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errOut.String())
		}
		return out.String()
	}
	has := func(tags []string, tag string) bool {
		for _, x := range tags {
			if x == tag {
				return true
			}
		}
		return false
	}

	before := runClaudeLive(t, script, project, home)
	for _, tag := range []string{"PreToolUse:pre-bash-a", "PreToolUse:pre-bash-b", "UserPromptSubmit:prompt"} {
		if !has(before, tag) {
			t.Fatalf("before: %s did not fire: %v", tag, before)
		}
	}

	hw("disable", "--agent", "claude", "claude-live-log pre-bash-a")
	hw("disable", "--agent", "claude", "claude-live-log prompt")
	data, _ := os.ReadFile(settings)
	if strings.Contains(string(data), "pre-bash-a") || strings.Contains(string(data), "claude-live-log prompt") {
		t.Fatalf("still in the file:\n%s", data)
	}
	disabled := runClaudeLive(t, script, project, home)
	if has(disabled, "PreToolUse:pre-bash-a") || has(disabled, "UserPromptSubmit:prompt") || !has(disabled, "PreToolUse:pre-bash-b") {
		t.Fatalf("after disable: %v", disabled)
	}
	if list := hw("enable", "--agent", "claude"); !strings.Contains(list, "pre-bash-a") || !strings.Contains(list, "claude-live-log prompt") {
		t.Fatalf("disabled list: %s", list)
	}

	hw("enable", "--agent", "claude", "claude-live-log prompt")
	hw("enable", "--agent", "claude", "claude-live-log pre-bash-a")
	if data, _ := os.ReadFile(settings); string(data) != text {
		t.Fatalf("not byte-identical after enable:\n%s", data)
	}
	after := runClaudeLive(t, script, project, home)
	for _, tag := range []string{"PreToolUse:pre-bash-a", "PreToolUse:pre-bash-b", "UserPromptSubmit:prompt"} {
		if !has(after, tag) {
			t.Fatalf("after enable: %s did not fire: %v", tag, after)
		}
	}
}

// TestClaudeLiveUntrustedFolderRunsHooks pins what the header says about a
// folder whose trust dialog was never accepted: the real Claude Code in
// -p mode runs every project and user hook there, exactly the ones
// 'hookwarden list --agent claude' counts as running, and the list says
// so next to "not accepted".
func TestClaudeLiveUntrustedFolderRunsHooks(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	root := t.TempDir()
	project, home := filepath.Join(root, "project"), filepath.Join(root, "home")
	write := func(p, s string) {
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(project, ".claude", "settings.json"), `{"hooks":{
  "UserPromptSubmit":[{"hooks":[{"type":"command","command":"claude-live-log project-prompt"}]}],
  "PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"claude-live-log project-pre"}]}]}}`)
	write(filepath.Join(home, ".claude", "settings.json"), `{"hooks":{
  "SessionStart":[{"hooks":[{"type":"command","command":"claude-live-log user-start"}]}]}}`)
	// A ~/.claude.json that knows the project but never accepted its dialog.
	write(filepath.Join(home, ".claude.json"), `{"projects":{"`+project+`":{"hasTrustDialogAccepted":false}}}`)
	var out, errOut bytes.Buffer
	cio := &IO{Agents: testAgents(), Env: []string{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "store"), "PATH=" + os.Getenv("PATH")},
		Dir: project, GOOS: runtime.GOOS, Stdout: &out, Stderr: &errOut}
	if code := Main(context.Background(), []string{"list", "--agent", "claude"}, cio); code != 0 {
		t.Fatalf("list: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	list := out.String()
	if !strings.Contains(list, "not accepted") || !strings.Contains(list, "what claude -p and the SDK run here: they never ask and run every hook") {
		t.Errorf("the list does not say what Claude Code does in a folder it was not trusted in:\n%s", list)
	}
	if n := strings.Count(list, "\n  runs "); n != 3 {
		t.Errorf("list counts %d running hooks, want 3:\n%s", n, list)
	}
	fired := runClaudeLive(t, script, project, home)
	for _, tag := range []string{"UserPromptSubmit:project-prompt", "PreToolUse:project-pre", "SessionStart:user-start"} {
		found := false
		for _, f := range fired {
			found = found || f == tag
		}
		if !found {
			t.Errorf("%s did not fire in the real Claude Code (fired %v)", tag, fired)
		}
	}
}
