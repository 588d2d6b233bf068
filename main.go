// Command hookwarden shows, trusts, switches and test-fires the hooks of AI
// coding agents. Without a subcommand it opens the desktop app:
//
//	hookwarden [open] [DIR]
//
// With one (list, plan, run, audit, trust, untrust, folder-trust, help) it
// runs on the command line; see "hookwarden help".
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/hookwarden/hookwarden/cli"
	"github.com/hookwarden/hookwarden/ui"
)

const appID = "io.github.hookwarden"

func main() {
	args := os.Args[1:]
	if len(args) > 0 && cli.IsCommand(args[0]) {
		os.Exit(runCLI(args))
	}
	dir, err := projectDir(args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "hookwarden: %v\nusage: hookwarden [open] [DIR]; run 'hookwarden help' for the commands\n", err)
		os.Exit(cli.ExitUsage)
	}
	home, _ := os.UserHomeDir() // "" is fine: GEMINI_CLI_HOME or the agent's fallback applies

	a := app.NewWithID(appID)
	w := a.NewWindow("Hookwarden")
	ui.Create(a, w, ui.Options{ProjectDir: dir, Env: os.Environ(), GOOS: runtime.GOOS, Home: home})
	w.Resize(fyne.NewSize(1120, 760))
	w.SetMaster()
	quitOnSignal(a)
	w.ShowAndRun()
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

func runCLI(args []string) int {
	io, err := cli.FromProcess()
	if err != nil {
		fmt.Fprintf(os.Stderr, "hookwarden: %v\n", err)
		return cli.ExitFailure
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return cli.Main(ctx, args, io)
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
