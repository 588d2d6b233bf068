package ui

import (
	"os"
	"testing"

	"github.com/hookwarden/hookwarden/sandbox"
)

// TestMain lets the test binary serve as the hook supervisor and sandbox
// init, as hookwarden does through main.go.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == sandbox.InitCommand {
		os.Exit(sandbox.Main(os.Args[2:]))
	}
	os.Exit(m.Run())
}
