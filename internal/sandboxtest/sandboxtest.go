// Package sandboxtest lets a package's test binary serve as Hookwarden's
// hook supervisor and sandbox init, as hookwarden does through main.go,
// and gives tests the one rule for "the sandbox cannot start here".
package sandboxtest

import (
	"os"
	"sync"
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
	if err := probeOnce(self, t.TempDir()); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the sandbox cannot start: %v", err)
		}
		t.Skipf("the sandbox cannot start here: %v", err)
	}
	return self
}

// probed is set once a probe of the test binary succeeded: whether the
// sandbox can start is a fact of the machine, not of a test, and each
// probe starts a sandbox of its own (every test that requires it ran one).
// A probe that failed is not remembered: the next test probes again.
var probed struct {
	sync.Mutex
	ok bool
}

// probeOnce probes the sandbox with the test binary self as its init and
// home as the sandbox's home, until one probe succeeds.
func probeOnce(self, home string) error {
	probed.Lock()
	defer probed.Unlock()
	if probed.ok {
		return nil
	}
	err := sandbox.Probe(sandbox.Config{Init: self, Home: home})
	probed.ok = err == nil
	return err
}
