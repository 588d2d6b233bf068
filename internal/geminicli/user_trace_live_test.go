package geminicli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/cli"
	"github.com/hookwarden/hookwarden/internal/sandboxtest"
	"github.com/hookwarden/hookwarden/settingsio"
)

// TestRealGeminiRunsTheChangedConfigOfATracedUserHook is issue 20's item
// 6 by trace against the real Gemini CLI 0.61: a SessionStart hook of the
// user's own settings, `mytool check`, where mytool (the user's program,
// on PATH) loads the project's .mytoolrc by itself. Never traced, audit
// says so; `trust --trace --all` runs it once in the sandbox, sees
// .mytoolrc and approves it for the project with the file fingerprinted;
// a pull changes .mytoolrc, audit exits 3 naming it, and the real CLI,
// started in the project, runs the changed file through the user's hook.
func TestRealGeminiRunsTheChangedConfigOfATracedUserHook(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI; skipped with -short")
	}
	bundle := RequireBundle(t)
	init := sandboxtest.Require(t)
	root := realTempDir(t)
	// The user's programs live in the home (the sandbox has a /tmp of its own).
	home, project := filepath.Join(root, "home"), filepath.Join(root, "project")
	bin := filepath.Join(home, "bin")
	writeFile(t, filepath.Join(bin, "mytool"), "#!/bin/sh\n[ -f .mytoolrc ] && . ./.mytoolrc\nexit 0\n")
	if err := os.Chmod(filepath.Join(bin, "mytool"), 0o755); err != nil {
		t.Fatal(err)
	}
	user := BaseUserSettings()
	user["hooks"] = map[string]any{"SessionStart": []any{map[string]any{"hooks": []any{commandHook("lint", "mytool check")}}}}
	writeJSON(t, filepath.Join(home, ".gemini", "settings.json"), user)
	writeJSON(t, filepath.Join(home, ".gemini", "trustedFolders.json"), map[string]string{project: "TRUST_FOLDER"})
	writeFile(t, filepath.Join(project, ".mytoolrc"), "touch approved-ran\n")
	fake := filepath.Join(root, "fake.jsonl")
	if err := WriteFakeResponses(fake, []FakeResponse{RoutingResponse(), TextTurn("Done."), RoutingResponse()}); err != nil {
		t.Fatal(err)
	}
	opts := Options{Bundle: bundle, ProjectDir: project, HomeDir: home, FakeResponses: fake, Prompt: "hi", Timeout: 90 * time.Second,
		Env: []string{"PATH=" + bin + ":" + os.Getenv("PATH")}}
	// Hookwarden reads the first PATH of the list, Gemini CLI's spawn the
	// last: give Hookwarden one, the same.
	var env []string
	for _, kv := range opts.Environ() {
		if !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	env = append(env, opts.Env[0], "HOOKWARDEN_CONFIG_DIR="+filepath.Join(root, "store"))
	hw := func(args ...string) (int, string) {
		var out bytes.Buffer
		io := &cli.IO{Agents: all.Registry(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Init: init,
			Env: settingsio.Env(env), Dir: project, GOOS: "linux"}
		return cli.Main(context.Background(), args, io), out.String()
	}
	if code, out := hw("audit", "--agent", "gemini"); code != 0 || !strings.Contains(out, "not traced in this folder") {
		t.Fatalf("the untraced user hook: audit exit %d, want 0 saying it was not traced\n%s", code, out)
	}
	rc := filepath.Join(project, ".mytoolrc")
	if code, out := hw("trust", "--agent", "gemini", "--trace", "--all"); code != 0 || !strings.Contains(out, rc) {
		t.Fatalf("trust --trace --all: exit %d, want 0 naming %s\n%s", code, rc, out)
	}
	if _, err := os.Stat(filepath.Join(project, "approved-ran")); err == nil {
		t.Fatal("the trace ran the user hook outside the sandbox")
	}
	if code, out := hw("audit", "--agent", "gemini"); code != 0 {
		t.Fatalf("approved: audit exit %d\n%s", code, out)
	}

	// The pull.
	writeFile(t, rc, "touch changed-ran\n")
	if code, out := hw("audit", "--agent", "gemini"); code != 3 || !strings.Contains(out, ".mytoolrc") {
		t.Fatalf(".mytoolrc changed: audit exit %d, want 3 naming it\n%s", code, out)
	}
	res, err := Run(context.Background(), opts)
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("gemini CLI: err %v, exit %d\nstdout: %s\nstderr: %s", err, res.ExitCode, res.Stdout, res.Stderr)
	}
	if _, err := os.Stat(filepath.Join(project, "changed-ran")); err != nil {
		t.Fatalf("the real Gemini CLI did not run the changed .mytoolrc through the user's hook (so the fixture proves nothing): %v\nstdout: %s\nstderr: %s", err, res.Stdout, res.Stderr)
	}
}
