package launch

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/cli"
	"github.com/hookwarden/hookwarden/internal/buildinfo"
	"github.com/hookwarden/hookwarden/sandbox"
)

// IsVersionFlag reports whether arg asks for the one-line version.
func IsVersionFlag(arg string) bool { return arg == "--version" || arg == "-version" }

// Command runs args when they are not for the window: --version or a
// command-line command. handled is false when they are for the window
// (none, a folder, open, tray, --review, --agent).
func Command(reg *agents.Registry, args []string) (code int, handled bool) {
	if len(args) == 0 {
		return 0, false
	}
	if IsVersionFlag(args[0]) {
		if len(args) > 1 {
			fmt.Fprintf(os.Stderr, "hookwarden: %s takes no arguments\n", args[0])
			return cli.ExitUsage, true
		}
		fmt.Println(buildinfo.Read().String())
		return cli.ExitOK, true
	}
	if !cli.IsCommand(args[0]) {
		return 0, false
	}
	return runCLI(reg, args), true
}

func runCLI(reg *agents.Registry, args []string) int {
	io, err := cli.FromProcess(reg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hookwarden: %v\n", err)
		return cli.ExitFailure
	}
	io.Init, _ = os.Executable() // the hook supervisor and sandbox init
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return cli.Main(ctx, args, io)
}

// NoWindowMessage is what the command-line build says where the window
// build would open its window or tray.
const NoWindowMessage = `this build of hookwarden has no window and no tray: it is the command-line build (made without cgo).
Install the desktop package (or build the repository's root package with cgo) for the window;
run 'hookwarden help' for the commands this build has`

// NoWindow answers the window's arguments in the command-line build: the
// message on w and the usage exit code.
func NoWindow(w io.Writer, args []string) int {
	what := "the window"
	if len(args) > 0 && args[0] == "tray" {
		what = "the tray"
	}
	fmt.Fprintf(w, "hookwarden: cannot open %s: %s\n", what, NoWindowMessage)
	return cli.ExitUsage
}

// CommandLine is the whole of the command-line build's main: the sandbox
// init first (a hidden re-exec of this binary), then Command, else
// NoWindow.
func CommandLine() int {
	sandbox.ServeInit()
	args := os.Args[1:]
	if code, ok := Command(all.Registry(), args); ok {
		return code
	}
	return NoWindow(os.Stderr, args)
}
