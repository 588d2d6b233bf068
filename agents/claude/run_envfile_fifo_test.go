package claude

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
)

// TestRunEnvFileFIFODoesNotHang: a hook that swaps $CLAUDE_ENV_FILE for a
// FIFO must not hang the runner reading it back (issue 22).
func TestRunEnvFileFIFODoesNotHang(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell semantics")
	}
	dir := t.TempDir()
	done := make(chan runOutcome, 1)
	go func() {
		out := testRunner(dir).Run(context.Background(), runRequest{Event: "SessionStart",
			Hooks: []*hooks.Hook{cmdHook(`rm -f "$CLAUDE_ENV_FILE" && mkfifo "$CLAUDE_ENV_FILE" && echo swapped`)}, Input: testInput(t, "SessionStart", dir)})
		done <- out
	}()
	select {
	case out := <-done:
		if r := out.Results[0]; r.EnvFile != "" {
			t.Errorf("env file read as %q", r.EnvFile)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the runner hangs reading a FIFO left as $CLAUDE_ENV_FILE")
	}
}
