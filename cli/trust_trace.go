package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"
)

// traceAndApprove is `trust --trace`: every hook named (or, with all,
// every one that needs review) runs once in the sandbox with its event's
// sample payload; the files it read or executed that discovery does not
// find are listed ("seen running") and, once the hooks are approved, join
// their approvals' fingerprints. A hook that cannot run in the sandbox
// (it cannot start here) approves nothing: the trace never runs a hook
// outside the sandbox and never pretends it ran.
func traceAndApprove(ctx context.Context, io *IO, agent agents.Agent, p agents.Project, selectors []string, all, carry bool) error {
	rec, ok := p.(agents.TraceRecorder)
	if !ok {
		return agents.NotSupported("trust --trace", p.Agent().Title+"'s approvals keep no fingerprints Hookwarden could add a trace to")
	}
	r, err := p.Review(ctx)
	if err != nil {
		return err
	}
	picked, err := pickForTrace(r, selectors, all)
	if err != nil {
		return err
	}
	storeDir, _ := trust.StoreDirFromEnv(io.Env, io.GOOS)
	var traces []*agents.Trace
	for _, rv := range picked {
		printf(io.Stdout, "tracing %s in the sandbox (%s, its sample payload)\n", rv.Label, rv.Event)
		t, err := agents.TraceHook(ctx, p, rv, agents.TraceOptions{StoreDir: storeDir, Events: agent.Events()})
		if err != nil {
			return err
		}
		if !t.Ran {
			if _, runs := rv.RunsCommand(); !runs {
				printf(io.Stdout, "  not traced: %s\n", t.NotRun)
				continue
			}
			return &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("%s could not be traced: %s; nothing was approved (approve without --trace to approve what discovery found)", rv.Label, t.NotRun)}
		}
		if t.Err != nil {
			return &ExitError{Code: ExitFailure, Msg: fmt.Sprintf("%s: a file it read cannot be fingerprinted: %v; nothing was approved", rv.Label, t.Err)}
		}
		printTrace(io, t)
		traces = append(traces, t)
	}
	ids := make([]string, len(picked))
	reviewed := make([]trust.HookReview, len(picked))
	for i, rv := range picked {
		ids[i], reviewed[i] = rv.HookID, rv.HookReview
	}
	res, err := p.Approve(ctx, agents.ApproveRequest{IDs: ids, Reviewed: reviewed, CarryOver: carry})
	if res != nil {
		if werr := writeText(io.Stdout, res.Text, false); err == nil {
			err = werr
		}
	}
	if err != nil {
		return err
	}
	lost := map[string]bool{}
	for _, k := range res.Lost {
		lost[k] = true
	}
	keys := map[string]string{}
	for _, rv := range picked {
		keys[rv.HookID] = rv.Key
	}
	for _, t := range traces {
		key := keys[t.HookID]
		if lost[key] {
			continue
		}
		if err := rec.RecordTrace(ctx, key, t.Seen); err != nil {
			return fmt.Errorf("%s was approved, but its trace could not be recorded (approve it again with --trace): %w", t.Label, err)
		}
		if len(t.Seen) > 0 {
			printf(io.Stdout, "recorded %d file(s) seen running with the approval of %s\n", len(t.Seen), t.Label)
		}
	}
	return nil
}

// printTrace says what a traced run read.
func printTrace(io *IO, t *agents.Trace) {
	run := t.Run
	printf(io.Stdout, "  ran in the sandbox: %s\n", run.Summary)
	if len(t.Seen) == 0 {
		printf(io.Stdout, "  seen running: nothing beyond what discovery found\n")
	} else {
		printf(io.Stdout, "  seen running (not found by discovery; fingerprinted with the approval):\n")
		for _, s := range t.Seen {
			printf(io.Stdout, "    %s\n", s.Path)
		}
	}
	if len(t.Discovered) > 0 {
		printf(io.Stdout, "  also read, found by discovery: %s\n", strings.Join(t.Discovered, ", "))
	}
	if t.Cut {
		printf(io.Stdout, "  incomplete: it read more files than the sandbox records; the trace does not cover the rest\n")
	}
	for _, l := range run.Sandbox.Lines() {
		if l.Level > 0 {
			printf(io.Stdout, "  sandbox: %s\n", l.Text)
		}
	}
}

// pickForTrace is the reviewed hooks the selectors name (hook ID, key,
// name, label or command), or with all every one that needs review. A
// selector that names none is a usage error: nothing is approved untraced.
func pickForTrace(r *agents.Review, selectors []string, all bool) ([]agents.HookReview, error) {
	var out []agents.HookReview
	taken := map[string]bool{}
	add := func(h agents.HookReview) {
		if !taken[h.HookID] {
			taken[h.HookID] = true
			out = append(out, h)
		}
	}
	if all {
		for _, h := range r.Hooks {
			if h.NeedsReview() {
				add(h)
			}
		}
	}
	for _, s := range selectors {
		found := false
		for _, h := range r.Hooks {
			if s == h.HookID || s == h.Key || s == h.Name || s == h.Label || s == h.Command {
				add(h)
				found = true
			}
		}
		if !found {
			return nil, usagef("trust --trace: %q names no reviewed hook (by ID, key, name or command)", s)
		}
	}
	if len(out) == 0 {
		return nil, usagef("trust --trace: name the hooks to trace and approve, or --all")
	}
	return out, nil
}
