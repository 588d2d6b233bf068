// Command conform runs one case of the Hookwarden conformance kit
// (../shared/conformance) through Hookwarden's registry, planner, runner and
// aggregator and prints the canonical result, as the kit's oracle.mjs does
// with Gemini CLI's own classes:
//
//	go run ./agents/gemini/conform CASE.json
//
// It is the --impl of run-oracle.sh. With HOOKWARDEN_CONFORM_ISOLATION set
// to "supervised" it starts hooks under Hookwarden's supervisor, with
// "sandbox" in the sandbox, as hookwarden's own runs do.
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/sandbox"
)

func main() {
	sandbox.ServeInit()
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: conform CASE.json")
		os.Exit(2)
	}
	out, err := gemini.RunConformanceCase(context.Background(), os.Args[1], os.Environ())
	if err != nil {
		fmt.Fprintf(os.Stderr, "conform: %s: %v\n", os.Args[1], err)
		os.Exit(2)
	}
	if _, err := os.Stdout.Write(out); err != nil {
		os.Exit(1)
	}
}
