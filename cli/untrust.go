package cli

import (
	"context"

	"github.com/hookwarden/hookwarden/agents"
)

// runUntrust revokes approvals from the agent's trust store
// (agents.Reviewer.Revoke): of hooks by name, key or ID, every one of the
// project (--all), or those that match no hook any more (--gone).
func runUntrust(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("untrust")
	dir := io.projectFlag(fs)
	all := fs.Bool("all", false, "revoke every approval of the project")
	gone := fs.Bool("gone", false, "revoke the approvals that match no hook any more")
	selectors, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	p, err := io.open(ctx, agent, *dir)
	if err != nil {
		return err
	}
	res, err := p.Revoke(ctx, agents.RevokeRequest{IDs: selectors, All: *all, Gone: *gone})
	if err != nil {
		return reviewError(err)
	}
	return writeRevocation(io.Stdout, res)
}
