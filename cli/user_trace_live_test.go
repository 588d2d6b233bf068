//go:build linux

package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
)

// TestRealClaudeRunsTheChangedConfigOfATracedUserHook is issue 20's item
// 6 by trace against the real Claude Code 2.1.332 (claude-live, offline):
// a UserPromptSubmit hook of the user's own settings, `mytool check`,
// where mytool (the user's program, on PATH) loads the project's
// .mytoolrc by itself — no file of the project is on its command line.
// `trust --trace --all` runs it once in the sandbox, sees .mytoolrc and
// approves the hook for the project with it fingerprinted; a pull changes
// .mytoolrc, audit exits 3 naming it, and the real Claude Code, started in
// the project, runs the changed file through the user's hook.
func TestRealClaudeRunsTheChangedConfigOfATracedUserHook(t *testing.T) {
	script := requireClaudeLive(t)
	init := sandboxtest.Require(t)
	p := newTraceProject(t, init)
	p.write(t, filepath.Join(p.home, "bin", "mytool"), mytool)
	p.write(t, filepath.Join(p.home, ".claude", "settings.json"),
		`{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "mytool check"}]}]}}`)
	p.write(t, ".mytoolrc", "touch approved-ran\n")

	if code, out := p.runUserTrace("audit", "--agent", "claude"); code != ExitOK || !strings.Contains(out, "not traced in this folder") {
		t.Fatalf("untraced user hook: audit exit %d, want %d saying it was not traced\n%s", code, ExitOK, out)
	}
	rc := filepath.Join(p.project, ".mytoolrc")
	if code, out := p.runUserTrace("trust", "--agent", "claude", "--trace", "--all"); code != ExitOK || !strings.Contains(out, rc) {
		t.Fatalf("trust --trace --all: exit %d, want %d naming %s\n%s", code, ExitOK, rc, out)
	}
	if _, err := os.Stat(filepath.Join(p.project, "approved-ran")); err == nil {
		t.Fatal("the trace ran the user hook outside the sandbox")
	}
	if code, out := p.runUserTrace("audit", "--agent", "claude"); code != ExitOK {
		t.Fatalf("approved: audit exit %d\n%s", code, out)
	}

	// The pull.
	p.write(t, ".mytoolrc", "touch changed-ran\n")
	if code, out := p.runUserTrace("audit", "--agent", "claude"); code != ExitNeedsReview || !strings.Contains(out, ".mytoolrc") {
		t.Fatalf(".mytoolrc changed: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
	}
	// mytool is on the PATH the kit hands Claude Code (its own PATH).
	t.Setenv("PATH", filepath.Join(p.home, "bin")+":"+os.Getenv("PATH"))
	created := runClaudeLiveFiles(t, script, p.project, p.home, "CLAUDE_LIVE_TOOL=none")
	if !slices.Contains(created, "changed-ran") {
		t.Fatalf("the real Claude Code did not run the changed .mytoolrc through the user's hook (created %q): the fixture proves nothing", created)
	}
}
