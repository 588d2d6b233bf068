// Command hookwarden-observe is Hookwarden's observer hook in a binary of
// its own: `hookwarden record on` writes it into the agents' settings
// when it stands next to hookwarden. It appends the payload on stdin to
// the private event history (package history) and does nothing else, so
// that it starts in a few milliseconds: it links none of Hookwarden's
// analysis, whose start-up `hookwarden observe` pays on every event. It
// prints nothing and always exits 0.
package main

import (
	"os"
	"runtime"

	"github.com/hookwarden/hookwarden/history"
)

func main() {
	defer func() {
		_ = recover()
		os.Exit(0)
	}()
	agent, event := history.ObserveArgs(os.Args[1:])
	wd, _ := os.Getwd()
	_ = history.Observe(os.Stdin, agent, event, wd, os.Getenv, runtime.GOOS)
}
