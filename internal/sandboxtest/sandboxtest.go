// Package sandboxtest lets a package's test binary serve as Hookwarden's
// hook supervisor and sandbox init, as hookwarden does through main.go,
// and gives tests the one rule for "the sandbox cannot start here".
package sandboxtest

import (
	"os"
	"testing"

	"github.com/hookwarden/hookwarden/sandbox"
)

// Main runs m's tests, or the supervisor when the binary was started as
// one. Call it from TestMain.
func Main(m *testing.M) {
	sandbox.ServeInit()
	os.Exit(m.Run())
}

// Init returns the test binary, which answers sandbox.InitCommand when the
// package's TestMain calls Main.
func Init(t testing.TB) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return self
}

// Require returns Init after probing the sandbox; where it cannot start,
// the test is skipped, or fails under CI=true.
func Require(t testing.TB) string {
	t.Helper()
	self := Init(t)
	if err := sandbox.Probe(sandbox.Config{Init: self, Home: t.TempDir()}); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the sandbox cannot start: %v", err)
		}
		t.Skipf("the sandbox cannot start here: %v", err)
	}
	return self
}
