package cli

import (
	"runtime/debug"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// TestSoftMemoryLimitIsPutBack: list --json sets the runtime's soft
// memory limit for its own run only, and a GOMEMLIMIT of the
// environment wins.
func TestSoftMemoryLimitIsPutBack(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	restore := softMemoryLimit(settingsio.Env{"HOME=/x"}, listMemoryLimit)
	if got := debug.SetMemoryLimit(-1); got != listMemoryLimit {
		t.Errorf("limit during the command = %d, want %d", got, listMemoryLimit)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit after the command = %d, want the earlier %d", got, before)
	}
	restore = softMemoryLimit(settingsio.Env{"GOMEMLIMIT=1GiB"}, listMemoryLimit)
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("with GOMEMLIMIT set the limit became %d, want it left at %d", got, before)
	}
	restore()
}
