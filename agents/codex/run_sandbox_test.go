package codex

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/sandboxtest"
	"github.com/hookwarden/hookwarden/sandbox"
)

// TestMain lets the test binary serve as the hook supervisor and sandbox.
func TestMain(m *testing.M) { sandboxtest.Main(m) }

// An untrusted hook the caller picks for the sandbox: its write stays out
// of the project, the report shows it, and the verdict is still Codex's.
func TestRunSandboxed(t *testing.T) {
	initExe := sandboxtest.Require(t)
	r := testRunner(t)
	project := t.TempDir()
	guard := command("PreToolUse", `echo pwned > planted.txt; echo 'no writes' >&2; exit 2`)
	other := command("PreToolUse", `echo direct > direct.txt`)
	r.Isolation = hooks.Isolation{Supervisor: sandbox.Config{Init: initExe, Home: t.TempDir(), Project: project},
		Sandboxed: func(h *hooks.Hook) bool { return h == guard }}
	out := r.Run(context.Background(), runRequest{Event: "PreToolUse", Hooks: []*hooks.Hook{guard, other}, Input: sampleFor(t, "PreToolUse", project)})
	if _, err := os.Stat(filepath.Join(project, "planted.txt")); err == nil {
		t.Fatal("the sandboxed hook wrote into the real project")
	}
	if _, err := os.Stat(filepath.Join(project, "direct.txt")); err != nil {
		t.Errorf("the hook the caller did not sandbox runs directly: %v", err)
	}
	res := out.Results[0]
	if !res.Sandboxed || res.Sandbox == nil || out.Results[1].Sandboxed {
		t.Fatalf("sandboxed %v %v / %v", res.Sandboxed, res.Sandbox, out.Results[1].Sandboxed)
	}
	found := false
	for _, f := range res.Sandbox.Files {
		found = found || filepath.Base(f.Path) == "planted.txt"
	}
	if !found {
		t.Errorf("the report misses the write: %+v", res.Sandbox.Files)
	}
	if !out.Effect.Blocked || out.Effect.Reason != "no writes" {
		t.Errorf("%+v", out.Effect)
	}
}
