package geminicli

import (
	"context"
	"errors"
	"os/exec"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// InCI reports whether env CI is "true": there a missing prerequisite is a
// failure, not a reason to skip.
func InCI() bool { return testenv.InCI() }

// RequireBundle returns the path of gemini.js for a test. When node or npm
// is missing it skips the test with the reason, or fails it when CI=true;
// any other error fails the test.
func RequireBundle(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // generous: may wait for another package's install (lock)
	defer cancel()
	bundle, err := Locate(ctx)
	if err != nil {
		missingOr(t, err)
	}
	return bundle
}

// RequireTmux skips (or, when CI=true, fails) a test that drives the
// interactive UI on a machine without tmux.
func RequireTmux(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		missingOr(t, errors.Join(ErrMissingPrerequisite, errors.New("tmux is not installed (needed to drive Gemini's interactive UI)")))
	}
}

func missingOr(t testing.TB, err error) {
	t.Helper()
	if errors.Is(err, ErrMissingPrerequisite) {
		testenv.Missing(t, "real Gemini CLI not available: %v", err)
		return
	}
	t.Fatalf("locating the real Gemini CLI: %v", err)
}
