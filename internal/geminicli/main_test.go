package geminicli

import (
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
)

// TestMain lets the test binary serve as Hookwarden's sandbox init, for
// the tests that trace a hook (sandboxtest.Require).
func TestMain(m *testing.M) { sandboxtest.Main(m) }
