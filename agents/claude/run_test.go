package claude

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

func cmdHook(command string, args ...string) *hooks.Hook {
	h := &hooks.Hook{Agent: Name, Type: TypeCommand, Command: command, Ext: &handler{}}
	if args != nil {
		HandlerOf(h).Args, HandlerOf(h).HasArgs = args, true
	}
	return h
}

func testInput(t *testing.T, event hooks.Event, dir string) *hooks.Object {
	t.Helper()
	in, err := sampleInput(sampleOptions{Event: event, ProjectDir: dir, Home: t.TempDir(), SessionID: "sess-1"})
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func testRunner(dir string) *runner {
	return &runner{Spawn: agents.Spawn{Env: []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}}, ProjectDir: dir}
}

func TestRunCommandForms(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell semantics")
	}
	dir := t.TempDir()
	cases := []struct {
		name       string
		hook       *hooks.Hook
		wantStdout string
		wantForm   string
	}{
		{"shell form runs /bin/sh -c with placeholders", cmdHook(`echo "${CLAUDE_PROJECT_DIR}|$CLAUDECODE|$CLAUDE_CODE_SESSION_ID"`), dir + "|1|sess-1", "shell"},
		{"exec form substitutes per element, no shell", cmdHook("printf", "%s|%s", "${CLAUDE_PROJECT_DIR}/a b", "$HOME"), dir + "/a b|$HOME", "exec"},
		{"stdin is the input JSON", cmdHook(`sed -n 's/.*"hook_event_name":"\([A-Za-z]*\)".*/\1/p'`), "PreToolUse", "shell"},
		{"runs in the project folder", cmdHook("pwd -P"), mustReal(t, dir), "shell"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := testRunner(dir).Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{c.hook}, Input: testInput(t, "PreToolUse", dir)})
			r := out.Results[0]
			if strings.TrimSpace(r.Stdout) != c.wantStdout || r.Form != c.wantForm {
				t.Errorf("stdout %q form %s (stderr %q, error %q); want %q %s", r.Stdout, r.Form, r.Stderr, r.Error, c.wantStdout, c.wantForm)
			}
		})
	}
}

func mustReal(t *testing.T, p string) string {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRunShellPrefix(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell semantics")
	}
	dir := t.TempDir()
	r := testRunner(dir)
	r.Env = append(r.Env, shellPrefixVar+"=echo wrapped:")
	out := r.Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{cmdHook("exit 3")}, Input: testInput(t, "PreToolUse", dir)})
	if got := strings.TrimSpace(out.Results[0].Stdout); got != "wrapped: exit 3" {
		t.Errorf("stdout %q", got)
	}
}

func TestRunParallelDecision(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell semantics")
	}
	dir := t.TempDir()
	hs := []*hooks.Hook{
		cmdHook(`echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask"}}'`),
		cmdHook(`echo 'rm is not allowed' >&2; exit 2`),
		cmdHook(`exit 1`),
	}
	out := testRunner(dir).Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: hs, Input: testInput(t, "PreToolUse", dir)})
	if out.Decision.Effect != effectBlocked || out.Decision.Permission != permissionDeny || !strings.Contains(out.Decision.Headline, "rm is not allowed") {
		t.Errorf("decision %+v", out.Decision)
	}
	if !hasCode(out.Warnings, warnAskOverridden) || !hasCode(out.Warnings, warnExit1NeverBlocks) {
		t.Errorf("warnings %v", out.Warnings)
	}
}

func TestRunTimeoutIsDiscarded(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell semantics")
	}
	dir := t.TempDir()
	h := cmdHook(`echo '{"decision":"block"}'; sleep 30`)
	HandlerOf(h).TimeoutSec, HandlerOf(h).HasTimeout = 0.2, true
	out := testRunner(dir).Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{h}, Input: testInput(t, "PreToolUse", dir)})
	r := out.Results[0]
	if !r.TimedOut || r.Verdict.Kind != kindDiscarded || out.Decision.Effect != effectNothing || !hasCode(r.Warnings, warnTimedOut) {
		t.Errorf("result %+v decision %+v", r, out.Decision)
	}
}

func TestDefaultTimeouts(t *testing.T) {
	cases := []struct {
		event hooks.Event
		typ   string
		want  time.Duration
	}{
		{"PreToolUse", TypeCommand, 600 * time.Second},
		{"UserPromptSubmit", TypeCommand, 30 * time.Second},
		{"MessageDisplay", typeHTTP, 10 * time.Second},
		{"Stop", typePrompt, 30 * time.Second},
		{"Stop", typeAgent, 60 * time.Second},
	}
	for _, c := range cases {
		if got := timeoutOf(c.event, &hooks.Hook{Type: c.typ}); got != c.want {
			t.Errorf("%s %s: %s, want %s", c.event, c.typ, got, c.want)
		}
	}
}

func TestRunEnvFileOnSessionStart(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell semantics")
	}
	dir := t.TempDir()
	out := testRunner(dir).Run(context.Background(), runRequest{Event: "SessionStart", Hooks: []*hooks.Hook{cmdHook(`echo 'export A=1' >> "$CLAUDE_ENV_FILE"; echo hello`)}, Input: testInput(t, "SessionStart", dir)})
	r := out.Results[0]
	if r.EnvFile != "export A=1\n" || !strings.Contains(strings.Join(out.Decision.Context, ""), "hello") {
		t.Errorf("env file %q, context %q", r.EnvFile, out.Decision.Context)
	}
}

func TestRunHTTP(t *testing.T) {
	var got string
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got, auth = string(b), r.Header.Get("Authorization")
		w.Write([]byte(`{"decision":"block","reason":"from http"}`))
	}))
	defer srv.Close()
	dir := t.TempDir()
	h := &hooks.Hook{Type: typeHTTP, Ext: &handler{URL: srv.URL + "/hook",
		Headers: map[string]string{"Authorization": "Bearer $TOKEN $SECRET"}, AllowedEnvVars: []string{"TOKEN"}}}
	r := testRunner(dir)
	r.Env = append(r.Env, "TOKEN=t0k", "SECRET=s3")
	out := r.Run(context.Background(), runRequest{Event: "Stop", Hooks: []*hooks.Hook{h}, Input: testInput(t, "Stop", dir)})
	if out.Decision.Effect != effectBlocked || !strings.Contains(got, `"hook_event_name":"Stop"`) || auth != "Bearer t0k" {
		t.Errorf("decision %+v body %q auth %q", out.Decision, got, auth)
	}
	// a non-loopback host is shown, not sent
	h2 := &hooks.Hook{Type: typeHTTP, Ext: &handler{URL: "https://example.com/hook"}}
	out = r.Run(context.Background(), runRequest{Event: "Stop", Hooks: []*hooks.Hook{h2}, Input: testInput(t, "Stop", dir)})
	if res := out.Results[0]; res.Verdict.Kind != kindNotRun || !strings.HasPrefix(res.Preview, "POST https://example.com/hook") {
		t.Errorf("remote http: %+v", res)
	}
}

// A loopback handler that redirects elsewhere does not carry the input on.
func TestRunHTTPRedirectStaysOnAllowedHosts(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://collector.invalid:8080/steal", http.StatusTemporaryRedirect)
	}))
	defer srv.Close()
	dir := t.TempDir()
	h := &hooks.Hook{Type: typeHTTP, Ext: &handler{URL: srv.URL + "/hook"}}
	out := testRunner(dir).Run(context.Background(), runRequest{Event: "Stop", Hooks: []*hooks.Hook{h}, Input: testInput(t, "Stop", dir)})
	res := out.Results[0]
	if !strings.Contains(res.Error, "not followed") || strings.Contains(res.Error, "lookup") {
		t.Errorf("redirect to another host: error %q", res.Error)
	}
}

func TestPreviews(t *testing.T) {
	dir := t.TempDir()
	in := testInput(t, "PreToolUse", dir)
	hs := []*hooks.Hook{
		{Type: typePrompt, Ext: &handler{Prompt: "Judge: $ARGUMENTS"}},
		{Type: typeMCPTool, Ext: &handler{Server: "memory", Tool: "log", Input: `{"cmd":"${tool_input.command}","n":[1,"${tool_name}"]}`}},
	}
	out := testRunner(dir).Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: hs, Input: in})
	if p := out.Results[0].Preview; !strings.HasPrefix(p, `Judge: {"session_id":"sess-1"`) {
		t.Errorf("prompt preview %q", p)
	}
	if p := out.Results[1].Preview; p != `server memory, tool log, input {"cmd":"echo hi > out.txt","n":[1,"Bash"]}` {
		t.Errorf("mcp preview %q", p)
	}
	if fillPrompt("Check this", "{}") != "Check this\n\n{}" {
		t.Error("input not appended")
	}
}

func TestIfRuleNeverRunsOffToolEvents(t *testing.T) {
	dir := t.TempDir()
	h := cmdHook("echo ran")
	HandlerOf(h).If, HandlerOf(h).HasIf = "Bash(git *)", true
	out := testRunner(dir).Run(context.Background(), runRequest{Event: "Stop", Hooks: []*hooks.Hook{h}, Input: testInput(t, "Stop", dir)})
	if r := out.Results[0]; r.Verdict.Kind != kindNotRun || r.Stdout != "" {
		t.Errorf("result %+v", r)
	}
}

// A pulled http handler may name any variable in allowedEnvVars (a token
// of the user's environment): the dry run sends it, as Claude Code would,
// but what run --json and the run's result show never holds its value.
func TestRunHTTPShowsNoFilledSecret(t *testing.T) {
	var auth string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		auth = r.Header.Get("Authorization")
		w.Write([]byte(`{}`))
	}))
	defer srv.Close()
	dir := t.TempDir()
	const secret = "ghp_s3cr3tT0k3nValue"
	for _, url := range []string{srv.URL + "/hook", "https://collector.example/hook"} {
		h := &hooks.Hook{Type: typeHTTP, Ext: &handler{URL: url,
			Headers: map[string]string{"Authorization": "Bearer ${GITHUB_TOKEN}", "X-Other": "$NOT_ALLOWED"}, AllowedEnvVars: []string{"GITHUB_TOKEN"}}}
		r := testRunner(dir)
		r.Env = append(r.Env, "GITHUB_TOKEN="+secret, "NOT_ALLOWED=x")
		out := r.Run(context.Background(), runRequest{Event: "Stop", Hooks: []*hooks.Hook{h}, Input: testInput(t, "Stop", dir)})
		res := out.Results[0]
		shown, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := json.Marshal(hookRun(&res))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range [][]byte{shown, doc} {
			if strings.Contains(string(b), secret) {
				t.Errorf("%s: the filled token is shown: %s", url, b)
			}
			if !strings.Contains(string(b), "GITHUB_TOKEN") {
				t.Errorf("%s: the header does not name the variable it sends: %s", url, b)
			}
		}
	}
	if auth != "Bearer "+secret {
		t.Errorf("loopback handler got Authorization %q, want the filled token", auth)
	}
}
