// Command hookwarden-cli is Hookwarden without its window: every command
// of `hookwarden help` (scan, audit, list, trust, run, guard, …) in one
// static binary built with CGO_ENABLED=0, for CI runners, servers,
// containers, macOS and Windows without a C toolchain:
//
//	CGO_ENABLED=0 go build ./cmd/hookwarden-cli
//	go install github.com/hookwarden/hookwarden/cmd/hookwarden-cli@latest
//
// It shares all of its code with the window build at the repository's
// root (package internal/launch); asked for the window or the tray it
// says that it has none and exits 2.
package main

import (
	"os"

	"github.com/hookwarden/hookwarden/internal/launch"
)

func main() { os.Exit(launch.CommandLine()) }
