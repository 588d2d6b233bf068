package cli

import (
	"context"
	"errors"
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
func traceAndApprove(ctx context.Context, io *IO, agent agents.Agent, p agents.Project, selectors []string, all, allNamed, carry, acceptUnwatched bool) error {
	traced := 0
	if all {
		// The user's own hooks never traced here first: those whose trace
		// reads project files join the review, and are traced (again) and
		// approved with the rest.
		n, err := traceUserHooks(ctx, io, agent, p, false)
		if err != nil {
			return err
		}
		if traced = n; n > 0 {
			if p, err = io.open(ctx, agent, p.Dir()); err != nil {
				return err
			}
		}
	}
	r, err := p.Review(ctx)
	if err != nil {
		return err
	}
	if traced > 0 && !r.NeedsReview && len(selectors) == 0 {
		printf(io.Stdout, "nothing needs review\n")
		return nil
	}
	if !all {
		if selectors, err = pinSelectors(io.Stderr, r, selectors, allNamed); err != nil {
			return err
		}
	}
	picked, err := pickForTrace(r, selectors, all)
	if err != nil {
		return err
	}
	storeDir, _ := trust.StoreDirFromEnv(io.Env, io.GOOS)
	i := 0
	progress := func(t *agents.Trace) {
		printf(io.Stdout, "tracing %s in the sandbox (%s, its sample payload)\n", t.Label, picked[i].Event)
		i++
		if t.Ran {
			printTrace(io, t)
		} else {
			printf(io.Stdout, "  not traced: %s\n", t.NotRun)
		}
	}
	res, err := agents.TraceAndApprove(ctx, p, picked, agents.TraceOptions{StoreDir: storeDir, Events: agent.Events(), AcceptUnwatched: acceptUnwatched}, carry, progress)
	if res != nil && res.Approved != nil {
		if werr := writeApproval(io.Stdout, res.Approved); err == nil {
			err = werr
		}
	}
	var nt *agents.NotTraced
	var uf *agents.UnfingerprintedTrace
	if errors.As(err, &nt) || errors.As(err, &uf) {
		return &ExitError{Code: ExitFailure, Msg: err.Error()}
	}
	if err != nil {
		return err
	}
	for _, t := range res.Traces {
		if n := res.Recorded[t.HookID]; n > 0 {
			printf(io.Stdout, "recorded %d file(s) seen running with the approval of %s\n", n, t.Label)
		}
	}
	return nil
}

// printTrace says what a traced run read.
func printTrace(io *IO, t *agents.Trace) {
	run := t.Run
	printf(io.Stdout, "  ran in the sandbox: %s\n", run.Summary)
	read, absent := splitAbsent(t.Seen)
	if why := t.Shortfall(); why != "" {
		// a run that did not get to the code it was to record says so
		// before what it saw: it does not stand for the hook
		printf(io.Stdout, "  %s\n", why)
	}
	switch {
	case len(read) == 0 && t.Failed != "":
		printf(io.Stdout, "  seen running: nothing beyond what discovery found, and the run failed\n")
	case len(read) == 0:
		printf(io.Stdout, "  seen running: nothing beyond what discovery found\n")
	default:
		printf(io.Stdout, "  seen running (not found by discovery; fingerprinted with the approval):\n")
		for _, p := range read {
			printf(io.Stdout, "    %s\n", p)
		}
	}
	if len(absent) > 0 {
		printf(io.Stdout, "  %s\n", agents.AbsentLine(absent))
	}
	if len(t.Discovered) > 0 {
		printf(io.Stdout, "  also read, found by discovery: %s\n", strings.Join(t.Discovered, ", "))
	}
	if t.Cut {
		printf(io.Stdout, "  incomplete: it read or looked for more files than the sandbox records; the trace does not cover the rest\n")
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

// traceUserHooks is `trust --trace-user` (every such hook, all) and the
// first step of `trust --trace --all` (those never traced here): the
// hooks of the user's own settings whose reach into the folder only a run
// shows run once in the sandbox, and the project files each read are kept
// (agents.TraceUserHooks). It returns how many were traced.
func traceUserHooks(ctx context.Context, io *IO, agent agents.Agent, p agents.Project, all bool) (int, error) {
	storeDir, _ := trust.StoreDirFromEnv(io.Env, io.GOOS)
	progress := func(t *agents.UserTrace) {
		printf(io.Stdout, "tracing %s in the sandbox (a hook of your own settings; its sample payload)\n", t.Label)
		switch {
		case !t.Ran:
			printf(io.Stdout, "  not traced: %s\n", t.NotRun)
		case t.Reaches:
			read, _ := splitAbsent(t.Seen)
			printf(io.Stdout, "  it read files of this project, which now count as what it runs here (approve it to run it):\n")
			for _, p := range read {
				printf(io.Stdout, "    %s\n", p)
			}
		default:
			printf(io.Stdout, "  it read no file of this project\n")
		}
		if _, absent := splitAbsent(t.Seen); t.Ran && len(absent) > 0 {
			printf(io.Stdout, "  %s\n", agents.AbsentLine(absent))
		}
		if t.Ran && t.Cut {
			printf(io.Stdout, "  incomplete: it read or looked for more files than the sandbox records; the trace does not cover the rest\n")
		}
	}
	traces, err := agents.TraceUserHooks(ctx, p, agents.TraceOptions{StoreDir: storeDir, Events: agent.Events()}, all, progress)
	if err != nil {
		return len(traces), err
	}
	if all && len(traces) == 0 {
		printf(io.Stdout, "no hook of your own settings needs a trace in this folder\n")
	}
	return len(traces), nil
}

// splitAbsent parts a trace's fingerprints into the files it read and the
// paths it looked for that were missing.
func splitAbsent(seen []trust.ScriptSnapshot) (read, absent []string) {
	for _, s := range seen {
		if s.Exists {
			read = append(read, s.Path)
		} else {
			absent = append(absent, s.Path)
		}
	}
	return read, absent
}
