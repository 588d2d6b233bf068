package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
)

// allAgentsCommands are the commands that take --agent all.
var allAgentsCommands = []string{"audit", "list"}

// runAllAgents runs audit or list for every registered agent and returns
// one exit code, the most serious of theirs: a usage error, then a file
// that could not be read (4), then a failure (1), then review needed (3),
// then 0 — so a gate on a non-zero exit never passes because one agent was
// clean. With --json the output is one document: {"agents": {"gemini": …, "claude": …}}.
func runAllAgents(ctx context.Context, io *IO, c command, args []string) int {
	if !slices.Contains(allAgentsCommands, c.name) {
		printf(io.Stderr, "hookwarden %s: --agent all works with audit and list\n", c.name)
		return ExitUsage
	}
	asJSON := slices.Contains(args, "--json") || slices.Contains(args, "-json")
	docs := map[string]json.RawMessage{}
	code := ExitOK
	for i, a := range io.Agents.All() {
		var out bytes.Buffer
		sub := *io
		sub.Stdout = &out
		got := finish(&sub, c, a, c.run(ctx, &sub, a, args))
		code = worseExit(code, got)
		if got == ExitUsage {
			return ExitUsage
		}
		if asJSON {
			raw := bytes.TrimSpace(out.Bytes())
			if !json.Valid(raw) {
				raw = []byte("null")
			}
			docs[a.Info().Name] = raw
			continue
		}
		if i > 0 {
			fmt.Fprintln(io.Stdout)
		}
		printf(io.Stdout, "== %s ==\n", a.Info().Title)
		_, _ = io.Stdout.Write(out.Bytes())
	}
	if asJSON {
		if err := writeJSON(io.Stdout, map[string]any{"agents": docs}); err != nil {
			return worseExit(code, ExitFailure)
		}
	}
	return code
}

// worseExit returns the more serious of two exit codes.
func worseExit(a, b int) int {
	rank := func(c int) int {
		switch c {
		case ExitOK:
			return 0
		case ExitNeedsReview:
			return 1
		case ExitFailure:
			return 2
		case ExitUnreadable:
			return 3
		case ExitUsage:
			return 4
		}
		return 2
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}
