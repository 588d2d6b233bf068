//go:build !cgo

package main

import (
	"os"

	"github.com/hookwarden/hookwarden/internal/launch"
)

// Without cgo there is no Fyne window (its OpenGL driver is C): the root
// package then builds as the command-line build, the same binary as
// ./cmd/hookwarden-cli, so that `CGO_ENABLED=0 go install ./...` (what a
// pre-commit hook of language golang runs) works on a machine without a C
// compiler or the X11/OpenGL headers.
func main() { os.Exit(launch.CommandLine()) }
