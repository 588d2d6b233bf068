package geminicli

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"
)

// InCI reports whether env CI is "true": there a missing prerequisite is a
// failure, not a reason to skip.
func InCI() bool { return os.Getenv("CI") == "true" }

// RequireBundle returns the path of gemini.js for a test. When node or npm
// is missing it skips the test with the reason, or fails it when CI=true;
// any other error fails the test.
func RequireBundle(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
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
	switch {
	case errors.Is(err, ErrMissingPrerequisite) && !InCI():
		t.Skipf("real Gemini CLI not available: %v", err)
	case errors.Is(err, ErrMissingPrerequisite):
		t.Fatalf("real Gemini CLI not available and CI=true: %v", err)
	default:
		t.Fatalf("locating the real Gemini CLI: %v", err)
	}
}
