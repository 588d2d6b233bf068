package codex

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// TestTrustProjectListsOnlyWhatStartsRunning: in an untrusted project, the
// hooks held back that Codex would still skip once the project is trusted
// (no trusted hash, or disabled) are named in StaysOff with why, so the
// trust confirmation does not count them among the hooks that start
// running; an approved, enabled hook is not among them.
func TestTrustProjectListsOnlyWhatStartsRunning(t *testing.T) {
	f := newFixture(t, "proj")
	testenv.WriteFile(t, f.projectHooks(), twoHooks)
	testenv.WriteFile(t, filepath.Join(f.project, "guard.sh"), "#!/bin/sh\nexit 0\n")
	f.trustProject()
	guard := handlerOf(t, f.open(), "./guard.sh")
	if _, err := f.open().Approve(context.Background(), agents.ApproveRequest{IDs: []string{guard.Hook.ID}, AcceptUnwatched: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.open().SetFolderTrust(context.Background(), "untrusted"); err != nil {
		t.Fatal(err)
	}
	p := f.open()
	view := reviewOf(t, p).Folder
	if view.Trusted {
		t.Fatal("the project still reads trusted")
	}
	done := handlerOf(t, p, "echo done")
	if why, ok := view.StaysOff[done.Hook.ID]; !ok || why == "" {
		t.Errorf("the unapproved hook is not named as staying off: %v", view.StaysOff)
	}
	if why, ok := view.StaysOff[handlerOf(t, p, "./guard.sh").Hook.ID]; ok {
		t.Errorf("the approved hook is said to stay off (%s)", why)
	}
}
