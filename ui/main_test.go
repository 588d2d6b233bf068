package ui

import (
	"fmt"
	"os"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/sandbox"
)

// TestMain lets the test binary serve as the hook supervisor, and gives
// the tests a throw-away HOME and XDG folders, so that Fyne's and the
// fonts' caches, preferences and anything a test forgets to move land
// there, not in the real home.
func TestMain(m *testing.M) {
	sandbox.ServeInit()
	cleanup, err := testenv.IsolateMain()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	cleanup()
	os.Exit(code)
}
