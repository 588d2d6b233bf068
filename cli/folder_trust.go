package cli

import (
	"context"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
)

// runFolderTrust shows the agent's folder-trust decision for the project
// (agents.FolderTrustReader), or records one where the agent lets
// Hookwarden (agents.FolderTruster, as the agent's own trust dialog does);
// an agent without one says why (agents.Lacking).
func runFolderTrust(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("folder-trust")
	dir := io.projectFlag(fs)
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	p, err := io.open(ctx, agent, *dir)
	if err != nil {
		return err
	}
	if levels := p.Summary().FolderTrust.Levels; len(rest) > 1 && len(levels) > 0 {
		return usagef("one decision at most (%s)", orList(levels))
	}
	if len(rest) == 0 {
		return writeFolderTrust(io, p)
	}
	ft, ok := p.(agents.FolderTruster)
	if !ok {
		return agents.Lacking(p.Agent(), agents.CapFolderTrust)
	}
	res, err := ft.SetFolderTrust(ctx, rest[0])
	if err != nil {
		return switchError(err)
	}
	printf(io.Stdout, "%s\n", whoseFilesOf(p).label(res.Message))
	if p, err = io.open(ctx, agent, *dir); err != nil {
		return err
	}
	return writeFolderTrust(io, p)
}

// writeFolderTrust prints the decision, a row a line; for an agent with no
// folder trust of its own (no agents.FolderTrustReader), the project and
// why, as its summary says it.
func writeFolderTrust(io *IO, p agents.Project) error {
	r, ok := p.(agents.FolderTrustReader)
	if !ok {
		ft := p.Summary().FolderTrust
		printf(io.Stdout, "%-13s %s\n%-13s %s\n", "project", p.Dir(), "folder trust", strings.TrimSpace("none "+ft.Reason))
		return nil
	}
	rows, err := r.FolderTrustDetails()
	whose := whoseFilesOf(p)
	for _, r := range rows {
		printf(io.Stdout, "%-13s %s\n", r.Label, whose.label(r.Value))
	}
	return err
}

// orList is "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
