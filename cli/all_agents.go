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

// agentRun is one agent's part of an --agent all command.
type agentRun struct {
	agent Agent
	title string
	table func() []command
}

func everyAgent() []agentRun {
	return []agentRun{
		{AgentGemini, "Gemini CLI", commands},
		{AgentClaude, "Claude Code", claudeCommands},
	}
}

// runAllAgents runs audit or list for every agent and returns one exit
// code, the most serious of theirs: a usage error, then a file that could
// not be read (4), then a failure (1), then review needed (3), then 0 — so
// a gate on a non-zero exit never passes because one agent was clean.
// With --json the output is one document: {"agents": {"gemini": …, "claude": …}}.
func runAllAgents(ctx context.Context, io *IO, name string, args []string) int {
	if !slices.Contains(allAgentsCommands, name) {
		printf(io.Stderr, "hookwarden %s: --agent all works with audit and list\n", name)
		return ExitUsage
	}
	asJSON := slices.Contains(args, "--json") || slices.Contains(args, "-json")
	docs := map[string]json.RawMessage{}
	code := ExitOK
	for i, a := range everyAgent() {
		var c command
		for _, cc := range a.table() {
			if cc.name == name {
				c = cc
			}
		}
		var out bytes.Buffer
		sub := *io
		sub.Stdout = &out
		got := finish(&sub, c, c.run(ctx, &sub, args))
		code = worseExit(code, got)
		if got == ExitUsage {
			return ExitUsage
		}
		if asJSON {
			raw := bytes.TrimSpace(out.Bytes())
			if !json.Valid(raw) {
				raw = []byte("null")
			}
			docs[string(a.agent)] = raw
			continue
		}
		if i > 0 {
			fmt.Fprintln(io.Stdout)
		}
		printf(io.Stdout, "== %s ==\n", a.title)
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
