package cli

import (
	"context"
	"fmt"
	"os"
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
	os.Exit(m.Run())
}
