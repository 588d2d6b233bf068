package cli

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
)

// runMCPCommand is `run --mcp SERVER`: the server started the way the
// agent starts it, behind the hooks' gate (in the sandbox unless it is
// approved or confirmed), its answers to initialize and tools/list, and
// what it did in the sandbox. A server held back exits 3.
func runMCPCommand(ctx context.Context, io *IO, a agents.Agent, dir string, req agents.MCPRequest, asJSON bool) error {
	p, err := io.open(ctx, a, dir)
	if err != nil {
		return err
	}
	res, err := agents.DryRunMCP(ctx, p, req)
	var re *agents.RequestError
	if errors.As(err, &re) {
		return usagef("%s", re.Msg)
	}
	if err != nil {
		return err
	}
	if asJSON {
		err = writeJSON(io.Stdout, res)
	} else {
		err = writeMCPRunText(io.Stdout, res)
	}
	if err != nil {
		return err
	}
	if res.Held {
		return &ExitError{Code: ExitNeedsReview, Msg: "MCP server " + res.Label + " " + res.NotRun}
	}
	return nil
}

// writeMCPRunText prints a server's dry run: one line of what happened,
// what it said of itself and its tools, how it differs from the agent's
// own start, and its sandbox report.
func writeMCPRunText(w io.Writer, r *agents.MCPRun) error {
	b := &strings.Builder{}
	printf(b, "%s  (%s)\n", r.Label, r.Where)
	printf(b, "  %s\n", r.Summary())
	if r.NeedsReview != "" {
		printf(b, "  needs review: %s\n", r.NeedsReview)
	}
	if r.Command != "" {
		how := "for real"
		if r.Sandboxed {
			how = "in the sandbox"
		}
		printf(b, "  started %s: %s\n", how, r.Command)
	}
	if r.Answered {
		printf(b, "  server: %s %s (protocol %s)\n", r.Server, r.Version, r.Protocol)
		if r.Instructions != "" {
			printf(b, "  instructions: %s\n", indentedBlock(agents.Clip(strings.TrimSpace(r.Instructions), 400), "                "))
		}
		printf(b, "  tools (%d):\n", len(r.Tools))
		for _, t := range r.Tools {
			if t.Description != "" {
				printf(b, "    %s — %s\n", t.Name, agents.Clip(strings.TrimSpace(t.Description), 120))
			} else {
				printf(b, "    %s\n", t.Name)
			}
		}
		if r.ToolsMore {
			printf(b, "    … and more (the list was cut)\n")
		}
	}
	if r.ProtocolError != "" && r.Ran {
		printf(b, "  protocol: %s\n", r.ProtocolError)
	}
	if t := strings.TrimSpace(r.Stdout); t != "" {
		printf(b, "  stdout: %s\n", indentedBlock(agents.Clip(t, 400), "          "))
	}
	if t := strings.TrimSpace(r.Stderr); t != "" {
		printf(b, "  stderr: %s\n", indentedBlock(agents.Clip(t, 400), "          "))
	}
	for _, n := range r.Notes {
		printf(b, "  note: %s\n", n)
	}
	writeSandboxText(b, r.Sandboxed, r.Sandbox)
	_, err := io.WriteString(w, b.String())
	return err
}
