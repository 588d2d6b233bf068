package gemini

import (
	"testing"

	"github.com/hookwarden/hookwarden/internal/sandboxtest"
)

// TestMain lets the test binary serve as the hook supervisor.
func TestMain(m *testing.M) { sandboxtest.Main(m) }
