package ui

import (
	"fmt"
	"os"
	"testing"

	"github.com/hookwarden/hookwarden/sandbox"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// TestMain gives the whole test binary a throw-away HOME and XDG folders,
// so that Fyne's and the fonts' caches, preferences and anything a test
// forgets to move land there, not in the real home.
//
// It first lets the test binary serve as the hook supervisor and sandbox
// init (sandbox.ServeInit returns at once unless the binary was started
// as one).
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
