package testenv

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// KitEnvVar points at the conformance kit folder (the one holding
// oracle/setup.sh and run-oracle.sh).
const KitEnvVar = "HOOKWARDEN_CONFORMANCE_KIT"

// InCI reports whether CI=true: there every prerequisite must be present,
// so a missing one is a failure, never a skip.
func InCI() bool { return os.Getenv("CI") == "true" }

// Missing ends a test whose prerequisite (the conformance kit, a real agent
// CLI, node, tmux…) is not there: a skip with the reason, or, under
// CI=true, a failure.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if InCI() {
		t.Fatalf("%s (CI=true: every prerequisite must be present)", msg)
	}
	t.Skip(msg)
}

// FindKit returns the conformance kit folder: $HOOKWARDEN_CONFORMANCE_KIT,
// else ../shared/conformance next to the module root (found by walking up
// from the working folder to go.mod), else the same next to each folder
// above it (a git worktree under the checkout's parent). The folder must
// hold oracle/setup.sh.
func FindKit() (string, error) {
	if dir := os.Getenv(KitEnvVar); dir != "" {
		return checkKit(dir)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("finding the conformance kit: %w", err)
	}
	root := ""
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			root = dir
			break
		}
		if filepath.Dir(dir) == dir {
			return "", fmt.Errorf("finding the conformance kit: no go.mod above %s (set %s)", wd, KitEnvVar)
		}
	}
	first := filepath.Join(filepath.Dir(root), "shared", "conformance")
	for dir := filepath.Dir(root); ; dir = filepath.Dir(dir) {
		if kit, err := checkKit(filepath.Join(dir, "shared", "conformance")); err == nil {
			return kit, nil
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	return checkKit(first)
}

func checkKit(dir string) (string, error) {
	setup := filepath.Join(dir, "oracle", "setup.sh")
	if _, err := os.Stat(setup); err != nil {
		return "", fmt.Errorf("conformance kit at %s: %w (set %s)", dir, err, KitEnvVar)
	}
	return dir, nil
}

// KitDir is FindKit for a test: without the kit the test is Missing.
func KitDir(t testing.TB) string {
	t.Helper()
	kit, err := FindKit()
	if err != nil {
		Missing(t, "%v", err)
	}
	return kit
}

// WaitUntil polls cond until it holds or the generous cap passes, and
// reports whether it held. It waits on the event; the cap only ends a test
// that would otherwise hang, so make it far larger than the event needs.
func WaitUntil(limit time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(limit)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(20 * time.Millisecond)
	}
}
