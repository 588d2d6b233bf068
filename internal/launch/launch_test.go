package launch

import (
	"bytes"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/cli"
)

// TestWindowArgumentsAreNotCommands: what opens the window in the window
// build is left to it (and answered with NoWindow in the command-line
// build), never run as a command.
func TestWindowArgumentsAreNotCommands(t *testing.T) {
	reg := all.Registry()
	for _, args := range [][]string{nil, {"tray"}, {"open"}, {"open", "--review", "."}, {"."}, {"--agent", "claude"}} {
		if _, handled := Command(reg, args); handled {
			t.Errorf("%q was taken as a command", args)
		}
	}
	if code, handled := Command(reg, []string{"--version", "x"}); !handled || code != cli.ExitUsage {
		t.Errorf("--version with an argument: handled %v, exit %d; want a usage error", handled, code)
	}
	for _, f := range []string{"--version", "-version"} {
		if !IsVersionFlag(f) {
			t.Errorf("%s is not the version flag", f)
		}
	}
}

func TestNoWindowSaysSo(t *testing.T) {
	var b bytes.Buffer
	if code := NoWindow(&b, []string{"tray"}); code != cli.ExitUsage {
		t.Errorf("exit %d", code)
	}
	if s := b.String(); !strings.Contains(s, "cannot open the tray") || !strings.Contains(s, "hookwarden help") {
		t.Errorf("message %q", s)
	}
}
