//go:build cgo

// Command hookwarden shows, trusts, switches and test-fires the hooks of AI
// coding agents. Without a subcommand it opens the desktop app:
//
//	hookwarden [open] [--review] [--agent gemini|claude] [DIR]
//	hookwarden tray
//
// --review opens on the Review tab; "tray" runs in the system tray alone.
// With one (list, plan, run, audit, trust, untrust, folder-trust, scan,
// version, help) or --version it runs on the command line; see
// "hookwarden help". This is the window build (cgo, Fyne); without cgo the
// package builds as the command-line build instead (main_nocgo.go, the
// same binary as ./cmd/hookwarden-cli).
package main

import (
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/cli"
	"github.com/hookwarden/hookwarden/internal/launch"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/ui"
)

const appID = "io.github.hookwarden"

func main() {
	// hidden: the hook supervisor and sandbox init (package sandbox)
	sandbox.ServeInit()
	args := os.Args[1:]
	reg := all.Registry()
	if code, ok := launch.Command(reg, args); ok {
		os.Exit(code)
	}
	if len(args) > 0 && args[0] == "tray" {
		if len(args) > 1 {
			fmt.Fprintf(os.Stderr, "hookwarden: tray takes no arguments\nusage: hookwarden tray\n")
			os.Exit(cli.ExitUsage)
		}
		runTray(reg)
		return
	}
	g, err := parseGUIArgs(reg, args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hookwarden: %v\nusage: hookwarden [open] [--review] [--agent %s] [DIR]; hookwarden tray; run 'hookwarden help' for the commands\n",
			err, strings.Join(reg.Names(), "|"))
		os.Exit(cli.ExitUsage)
	}
	a := app.NewWithID(appID)
	w := a.NewWindow("Hookwarden")
	win := ui.Create(a, w, windowOptions(reg, g))
	w.Resize(fyne.NewSize(1120, 760))
	w.SetMaster()
	quitOnSignal(a)
	// The window first, then what it does not need to appear: the load of
	// the project (shown as loading meanwhile) and the tray (Fyne makes a
	// hidden window of its own for it, so only where a tray can show it;
	// it must exist before Run).
	w.Show()
	win.Start()
	startTray(a, reg, true, func(dir string) { win.ShowReview(dir) })
	a.Run()
}

// guiArgs is what the arguments ask the window to show.
type guiArgs struct {
	// agent is the name of the agent shown first.
	agent string
	dir   string
	// review opens on the Review tab.
	review bool
	// demoWhenEmpty: started without a folder (as 'make run' does) in a
	// folder with no hooks, show the built-in demo. A folder that is named
	// shows its own state, empty or not.
	demoWhenEmpty bool
}

// parseGUIArgs reads the window's arguments:
// [open] [--review] [--agent NAME] [DIR].
func parseGUIArgs(reg *agents.Registry, args []string) (guiArgs, error) {
	agent, args, err := agentFlag(reg, args)
	if err != nil {
		return guiArgs{}, err
	}
	review, args := reviewFlag(args)
	dir, err := projectDir(args)
	if err != nil {
		return guiArgs{}, err
	}
	demo := !review && (len(args) == 0 || len(args) == 1 && args[0] == "open")
	return guiArgs{agent: agent, dir: dir, review: review, demoWhenEmpty: demo}, nil
}

// reviewFlag takes --review (or -review) out of the GUI's arguments.
func reviewFlag(args []string) (bool, []string) {
	review, rest := false, make([]string, 0, len(args))
	for _, a := range args {
		if a == "--review" || a == "-review" {
			review = true
			continue
		}
		rest = append(rest, a)
	}
	return review, rest
}

// windowOptions are the options of a window that shows g.
func windowOptions(reg *agents.Registry, g guiArgs) ui.Options {
	home, _ := os.UserHomeDir() // "" is fine: GEMINI_CLI_HOME or the agent's fallback applies
	exe, _ := os.Executable()   // the hook supervisor and sandbox init
	return ui.Options{ProjectDir: g.dir, Agents: reg, Agent: g.agent, Env: os.Environ(), GOOS: runtime.GOOS, Home: home,
		Init: exe, DemoWhenEmpty: g.demoWhenEmpty, Review: g.review}
}

// runTray runs Hookwarden in the system tray alone: no window until a menu
// entry opens one.
func runTray(reg *agents.Registry) {
	a := app.NewWithID(appID)
	var win *ui.Window
	startTray(a, reg, false, func(dir string) {
		if win != nil && win.Showing() {
			win.ShowReview(dir)
			return
		}
		w := a.NewWindow("Hookwarden")
		win = ui.Create(a, w, windowOptions(reg, guiArgs{dir: dir, review: true})) // on the agent whose hooks need review
		w.Resize(fyne.NewSize(1120, 760))
		w.Show()
		win.Start()
	})
	quitOnSignal(a)
	fmt.Fprintln(os.Stderr, "hookwarden: running in the system tray (Ctrl+C or the tray's Quit to stop)")
	a.Run()
}

// startTray shows the tray icon and its menu of recent projects, each
// counted by the same review as the git guard (cli.IO.ReviewProject); with
// iconOnlyWithHost only where the desktop has a tray (the notifications
// come either way).
func startTray(a fyne.App, reg *agents.Registry, iconOnlyWithHost bool, openReview func(dir string)) {
	io, err := cli.FromProcess(reg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hookwarden: no tray: %v\n", err)
		return
	}
	ui.StartTray(a, ui.TrayOptions{
		Review: func(dir string) (ui.TrayCheck, error) {
			r, err := io.ReviewProject(dir)
			return ui.TrayCheck{NeedReview: len(r.Items), Unwatched: len(r.Unwatched), Watch: r.Watch}, err
		},
		OpenReview:       openReview,
		IconOnlyWithHost: iconOnlyWithHost,
	})
}

// quitOnSignal stops the app cleanly on Ctrl+C or SIGTERM, so that it
// removes the temporary copy of the demo project.
func quitOnSignal(a fyne.App) {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-sig
		fyne.Do(a.Quit)
	}()
}

// agentFlag takes --agent NAME (or --agent=NAME) out of the GUI's
// arguments: the agent whose hooks the window shows first. Without it the
// name is "": the window opens on the agent whose hooks in the folder
// need review (its own start folders' too), else the registry's first.
func agentFlag(reg *agents.Registry, args []string) (string, []string, error) {
	agent, rest := "", make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, isFlag := "", false
		switch {
		case a == "--agent" || a == "-agent":
			if i+1 == len(args) {
				return "", nil, fmt.Errorf("--agent needs a value (%s)", reg.NameList("or"))
			}
			name, isFlag = args[i+1], true
			i++
		case strings.HasPrefix(a, "--agent=") || strings.HasPrefix(a, "-agent="):
			_, name, _ = strings.Cut(a, "=")
			isFlag = true
		}
		if !isFlag {
			rest = append(rest, a)
			continue
		}
		if _, ok := reg.Get(name); !ok {
			return "", nil, fmt.Errorf("unknown agent %q (%s)", name, reg.NameList("or"))
		}
		agent = name
	}
	return agent, rest, nil
}

// projectDir reads the GUI's arguments: none (the working folder), DIR, or
// "open DIR". The folder must exist.
func projectDir(args []string) (string, error) {
	if len(args) > 0 && args[0] == "open" {
		args = args[1:]
	}
	switch {
	case len(args) == 0:
		return os.Getwd()
	case len(args) > 1:
		return "", fmt.Errorf("too many arguments: %s", strings.Join(args, " "))
	case strings.HasPrefix(args[0], "-"):
		return "", fmt.Errorf("unknown option %s", args[0])
	}
	dir, err := filepath.Abs(args[0])
	if err != nil {
		return "", fmt.Errorf("project folder %s: %w", args[0], err)
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return "", fmt.Errorf("project folder: %w", err)
	}
	if !fi.IsDir() {
		return "", fmt.Errorf("project folder %s is not a folder", dir)
	}
	return dir, nil
}
