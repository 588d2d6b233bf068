package cli

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hookwarden/hookwarden/sandbox"
)

// cliSelfEnv makes the test binary act as the hookwarden command line, so
// that tests can run it where a real program is needed (git hooks calling
// `hookwarden guard check`, `hookwarden exec` replacing itself) without
// building the GUI binary.
const cliSelfEnv = "HOOKWARDEN_TEST_BINARY_IS_CLI"

// TestMain lets the test binary serve as the hook supervisor and sandbox
// init, and as the command line when cliSelfEnv is set.
func TestMain(m *testing.M) {
	sandbox.ServeInit()
	if os.Getenv(cliSelfEnv) == "1" {
		io, err := FromProcess(testAgents())
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(ExitFailure)
		}
		os.Exit(Main(context.Background(), os.Args[1:], io))
	}
	code := m.Run()
	if observeBuild.dir != "" {
		os.RemoveAll(observeBuild.dir)
	}
	os.Exit(code)
}

// observeBuild is cmd/hookwarden-observe built once for the test binary
// (observeBinary), in a folder TestMain removes at the end.
var observeBuild struct {
	once     sync.Once
	dir, bin string
	out      []byte
	err      error
}

// observeBinary builds cmd/hookwarden-observe on its first call and
// returns its path (or the build's error and output) on every call.
func observeBinary() (string, []byte, error) {
	observeBuild.once.Do(func() {
		dir, err := os.MkdirTemp("", "hookwarden-observe-")
		if err != nil {
			observeBuild.err = err
			return
		}
		observeBuild.dir = dir
		observeBuild.bin = filepath.Join(dir, "observe-bin")
		observeBuild.out, observeBuild.err = exec.Command("go", "build", "-o", observeBuild.bin, "github.com/hookwarden/hookwarden/cmd/hookwarden-observe").CombinedOutput()
	})
	return observeBuild.bin, observeBuild.out, observeBuild.err
}
