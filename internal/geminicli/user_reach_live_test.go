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
	"github.com/hookwarden/hookwarden/settingsio"
)

// TestRealGeminiRunsTheChangedMakefileOfAUserHook is issue 20's item 6
// against the real Gemini CLI 0.61: a SessionStart hook of the user's own
// settings, `make -s format`, approved for the project; a pull changes the
// project's Makefile. Hookwarden's audit exits 3 naming the Makefile, and
// the real CLI, started in the project, indeed runs the changed recipe:
// the change is what the agent runs.
func TestRealGeminiRunsTheChangedMakefileOfAUserHook(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI; skipped with -short")
	}
	bundle := RequireBundle(t)
	root := realTempDir(t)
	home, project := filepath.Join(root, "home"), filepath.Join(root, "project")
	user := BaseUserSettings()
	user["hooks"] = map[string]any{"SessionStart": []any{map[string]any{"hooks": []any{commandHook("fmt", "make -s format")}}}}
	writeJSON(t, filepath.Join(home, ".gemini", "settings.json"), user)
	writeJSON(t, filepath.Join(home, ".gemini", "trustedFolders.json"), map[string]string{project: "TRUST_FOLDER"})
	writeFile(t, filepath.Join(project, "Makefile"), "format:\n\t@touch approved-ran\n")
	fake := filepath.Join(root, "fake.jsonl")
	if err := WriteFakeResponses(fake, []FakeResponse{RoutingResponse(), TextTurn("Done."), RoutingResponse()}); err != nil {
		t.Fatal(err)
	}
	opts := Options{Bundle: bundle, ProjectDir: project, HomeDir: home, FakeResponses: fake, Prompt: "hi", Timeout: 90 * time.Second}
	hw := func(args ...string) (int, string) {
		var out bytes.Buffer
		io := &cli.IO{Agents: all.Registry(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out,
			Env: settingsio.Env(opts.Environ()), Dir: project, GOOS: "linux"}
		return cli.Main(context.Background(), args, io), out.String()
	}
	if code, out := hw("audit", "--agent", "gemini"); code != 3 || !strings.Contains(out, "make -s format") {
		t.Fatalf("the unapproved user hook reaching the project: audit exit %d, want 3 naming it\n%s", code, out)
	}
	if code, out := hw("trust", "--agent", "gemini", "--all", "--accept-unwatched"); code != 0 {
		t.Fatalf("trust: exit %d\n%s", code, out)
	}
	if code, out := hw("audit", "--agent", "gemini"); code != 0 {
		t.Fatalf("approved: audit exit %d\n%s", code, out)
	}

	// The pull.
	writeFile(t, filepath.Join(project, "Makefile"), "format:\n\t@touch changed-ran\n")
	if code, out := hw("audit", "--agent", "gemini"); code != 3 || !strings.Contains(out, "Makefile") {
		t.Fatalf("the Makefile changed: audit exit %d, want 3 naming it\n%s", code, out)
	}
	res, err := Run(context.Background(), opts)
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("gemini CLI: err %v, exit %d\nstdout: %s\nstderr: %s", err, res.ExitCode, res.Stdout, res.Stderr)
	}
	if _, err := os.Stat(filepath.Join(project, "changed-ran")); err != nil {
		t.Fatalf("the real Gemini CLI did not run the changed Makefile through the user's hook (so the fixture proves nothing): %v\nstdout: %s\nstderr: %s", err, res.Stdout, res.Stderr)
	}
}
