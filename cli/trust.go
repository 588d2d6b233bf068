package cli

import (
	"context"

	"github.com/hookwarden/hookwarden/agents"
)

// runTrust approves project hooks into the agent's trust store
// (agents.Reviewer.Approve): by name, key or ID, or --all; --repair first
// mends a trust file the agent cannot use (agents.Repairer); --carry-over
// moves the approvals of hooks that were only moved (agents.CarryOver, for
// agents whose trust key is a position). An agent without the capability
// says why (agents.Lacking).
func runTrust(ctx context.Context, io *IO, agent agents.Agent, args []string) error {
	fs := newFlags("trust")
	dir := io.projectFlag(fs)
	all := fs.Bool("all", false, "approve every project hook")
	repair := fs.Bool("repair", false, "back up a trust file the agent cannot use and rewrite what can be salvaged")
	accept := fs.Bool("accept-unwatched", false, "approve hooks whose discovery is incomplete (they read approved, partly unwatched); without it they are refused and listed with what cannot be watched")
	allNamed := fs.Bool("all-named", false, "approve every hook a NAME selects (the same name or command in several files or events); without it such a name is refused and its hooks are listed, each with the key that picks it")
	carry := fs.Bool("carry-over", false, "carry the approvals of hooks that were only moved (same definition, new place) to where they are now; with no hook named, only those")
	trace := fs.Bool("trace", false, "first run each hook once in the sandbox with its event's sample payload, and add every file it read or executed to its approval (trust_trace.go); with --all, first trace the hooks of your own settings never traced in this folder (--trace-user)")
	traceUser := fs.Bool("trace-user", false, "run each hook of your own settings whose reach into this folder only a run shows (it runs a program that may open files here by itself) once in the sandbox, and keep the project files it read: those that read any then need review here; approves nothing")
	selectors, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	p, err := io.open(ctx, agent, *dir)
	if err != nil {
		return err
	}
	approve := p.Approve
	if *carry {
		co, ok := p.(agents.CarryOver)
		if !ok {
			return agents.Lacking(p.Agent(), agents.CapCarryOver)
		}
		approve = co.CarryOver
	}
	if *traceUser {
		if *trace || *repair || *all || len(selectors) > 0 {
			return usagef("trust: --trace-user goes alone (it traces every such hook, and approves nothing)")
		}
		_, err := traceUserHooks(ctx, io, agent, p, true)
		return err
	}
	if *trace {
		if *repair {
			return usagef("trust: --trace and --repair do not go together")
		}
		err := traceAndApprove(ctx, io, agent, p, selectors, *all, *allNamed, *carry, *accept)
		if err == nil && *all && len(selectors) == 0 && !*carry {
			// as plain --all: the start folders below the top too, each
			// traced first
			err = io.trustNested(ctx, agent, io.projectDir(*dir), func(np agents.Project) error {
				return traceAndApprove(ctx, io, agent, np, nil, true, *allNamed, false, *accept)
			})
		}
		return reviewError(err)
	}
	if *repair {
		rp, ok := p.(agents.Repairer)
		if !ok {
			return agents.Lacking(p.Agent(), agents.CapRepair)
		}
		res, err := rp.Repair(ctx)
		if res != nil {
			if werr := writeRepair(io.Stdout, res); err == nil {
				err = werr
			}
		}
		if err != nil || !*all && len(selectors) == 0 && !*carry {
			return reviewError(err)
		}
	}
	if len(selectors) > 0 && !*all && !*allNamed {
		// A name that selects several approvals is refused: the user may
		// have looked at one of them.
		r, err := p.Review(ctx)
		if err != nil {
			return reviewError(err)
		}
		if selectors, err = pinSelectors(io.Stderr, r, selectors, false); err != nil {
			return err
		}
	}
	res, err := approve(ctx, agents.ApproveRequest{IDs: selectors, All: *all, AcceptUnwatched: *accept})
	if res != nil {
		if werr := writeApproval(io.Stdout, res); err == nil {
			err = werr
		}
	}
	if err == nil && *all && len(selectors) == 0 && !*carry {
		err = io.trustNested(ctx, agent, io.projectDir(*dir), approveAll(ctx, io, *accept))
	}
	return unwatchedRefusal(io, reviewError(err))
}
