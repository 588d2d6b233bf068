package codex

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// runSetup is one dry run, planned and gated.
type runSetup struct {
	req   agents.RunRequest
	input *hooks.Object
	gate  *agents.RunGate
	check func(*hooks.Hook) error
	sup   sandbox.Config
}

// RunGate is the gate of the prepared run.
func (s *runSetup) RunGate() *agents.RunGate { return s.gate }

// Gate says what DryRun would do with req, running nothing.
func (p *project) Gate(_ context.Context, req agents.RunRequest) (*agents.RunGate, error) {
	return agents.GateOf(p.prepare(req))
}

// prepare plans req and applies Hookwarden's gate (agents.RunGate.Choose,
// shared by every agent): a hook that needs review — not trusted by
// Codex, trusted outside Hookwarden, modified, a script changed since
// approval — or that runs code Hookwarden cannot see, runs in the sandbox
// or only when the user confirmed it.
func (p *project) prepare(req agents.RunRequest) (*runSetup, error) {
	s := &runSetup{req: req}
	if _, ok := lookupEvent(req.Event); !ok {
		return nil, errNoEvent(req.Event)
	}
	q := req.Query
	if req.Payload != nil && q.Input == nil {
		q.Input = req.Payload
	}
	pctx, err := planContext(req.Event, q)
	if err != nil {
		return nil, err
	}
	snap := p.snap
	if req.AsTrusted && !p.root.Trusted {
		if snap, err = load(options{Cwd: p.Dir(), Getenv: p.env.Vars.Get, SystemDir: p.systemDir()},
			sessionFlags{Projects: map[string]string{p.root.TrustKey: "trusted"}}); err != nil {
			return nil, err
		}
		// the second read plans as if trusted; what it plans must be what
		// the snapshot showed (and the review reviewed)
		if err := agents.SameFiles(fileBytes(p.snap.Files), fileBytes(snap.Files)); err != nil {
			return nil, err
		}
	}
	plan, err := snap.PlanFor(req.Event, pctx)
	if err != nil {
		return nil, err
	}
	planned, err := p.selected(snap, plan, req)
	if err != nil {
		return nil, err
	}
	if req.Payload != nil {
		s.input, err = agents.ParseObject(req.Payload, "payload")
	} else {
		s.input, err = p.sample(req.Event, pctx, q)
	}
	if err != nil {
		return nil, err
	}
	s.sup = p.env.Supervisor(p.Dir(), p.snap.Paths.CodexHome)
	s.sup.RecordProbes = req.Trace
	// every hook is reviewed; the user hooks whose reach only a run shows
	// are held too, never traced here (a review that could not be read
	// holds every one)
	var rev *codexReview
	review := func() (func(string) *agents.HookReview, error) {
		r, err := p.review()
		rev = r
		if r == nil {
			return nil, err
		}
		return func(id string) *agents.HookReview { return r.byID[id] }, err
	}
	holdReaching := func(g *agents.RunGate) {
		if rev != nil {
			g.HoldReaching(rev.data, string(Name), p.Dir(), p.userReach(rev.sec))
		} else {
			g.HoldReaching(nil, string(Name), p.Dir(), p.userReach(nil))
		}
	}
	s.gate, s.check = agents.Gate(req, plan, planned, func(*hooks.Hook) bool { return true }, review, gateReason, p.Dir(), s.sup, holdReaching)
	return s, nil
}

// gateReason says why a hook needs review before it runs (err: why
// there is no review).
func gateReason(rv *agents.HookReview, err error) string {
	switch {
	case rv == nil && err != nil:
		return "not reviewed: " + err.Error()
	case rv == nil:
		return "not reviewed: Codex runs no such hook without trust"
	case rv.RunsUnseenCode():
		return "runs code Hookwarden cannot see"
	case rv.ApprovalNote != "":
		return string(rv.Status) + ": " + rv.ApprovalNote
	}
	return string(rv.Status)
}

// selected are the hooks the request takes: those it picks by ID or key
// (alone, planned or not), or those of the plan its selectors name
// (command, key or ID).
func (p *project) selected(snap *snapshot, plan *agents.Plan, req agents.RunRequest) ([]*hooks.Hook, error) {
	handlers := make(map[*hooks.Hook]*handler, len(snap.Handlers))
	all := make([]*hooks.Hook, len(snap.Handlers))
	for i, h := range snap.Handlers {
		handlers[h.Hook], all[i] = h, h.Hook
	}
	picks := func(h *hooks.Hook, id string) bool {
		c := handlers[h]
		return (h.ID == id || c.Key == id) && h.Event == req.Event
	}
	candidates := &agents.Plan{Event: plan.Event}
	for _, h := range plan.Hooks {
		candidates.Hooks = append(candidates.Hooks, p.sameHook(h))
	}
	if len(req.Select) > 0 && len(req.HookIDs) == 0 {
		// A hook Codex skips for want of trust can still be picked by
		// name: the point of a dry run is to see it before trusting it
		// (the gate keeps it in the sandbox or asks).
		info, _ := lookupEvent(plan.Event)
		inputs := planInputs(info, hooks.PlanContext{ToolName: plan.Context.Tool, Trigger: plan.Context.Trigger})
		for _, sk := range plan.Skipped {
			if c := p.byHook[p.sameHook(sk.Hook)]; c != nil && !c.Runs && reviewed(c) && c.Enabled && matches(handlers[sk.Hook], inputs) {
				candidates.Hooks = append(candidates.Hooks, c.Hook)
			}
		}
	}
	out, err := agents.Select(all, picks, candidates, req, func(h *hooks.Hook, sel string) bool {
		c := p.byHook[h]
		return c != nil && c.Key == sel || sameCommand(h.Command, sel)
	})
	if len(req.HookIDs) > 0 {
		for i, h := range out {
			out[i] = p.sameHook(h)
		}
	}
	return out, err
}

// sameHook is this project's hook with the ID of h (a hook of a snapshot
// loaded as if trusted), so that the review's verdict applies to it.
func (p *project) sameHook(h *hooks.Hook) *hooks.Hook {
	for _, c := range p.snap.Handlers {
		if c.Hook.ID == h.ID {
			return c.Hook
		}
	}
	return h
}

// DryRun runs req with Codex's runner (all at once, the payload on stdin,
// Codex's exit-code and JSON rules) and says what Codex would do.
func (p *project) DryRun(ctx context.Context, req agents.RunRequest) (*agents.RunResult, error) {
	s, err := p.prepare(req)
	if err != nil {
		return nil, err
	}
	g := s.gate
	runner := &runner{Env: p.env.Vars, Check: s.check,
		Isolation: hooks.Isolation{Supervisor: s.sup, Sandboxed: g.IsSandboxed}}
	if req.OnResult != nil {
		runner.OnResult = func(i int, r *runResult) { req.OnResult(i, contractRun(r)) }
	}
	out := runner.Run(ctx, runRequest{Event: req.Event, Hooks: g.Run, Input: s.input, Cwd: p.Dir()})
	res := out.ContractResult()
	res.Label, res.Gate, res.Payload = g.Plan.Label, g, string(hooks.AppendJSON(nil, s.input))
	res.Notes = []string{}
	res.NoteHeld(string(Name), "Codex", shortName, "; Codex would skip it unless it is trusted", len(out.Results))
	if len(out.Results) > 0 {
		res.Summary = fmt.Sprintf("%d hook(s) ran in parallel in %s", len(out.Results), agents.Milliseconds(out.Duration))
	}
	for i := range res.Hooks {
		res.Hooks[i] = contractRunOf(res.Hooks[i], &out.Results[i])
	}
	return res, nil
}

// contractRun is one result in the contract's terms, as it finishes.
func contractRun(r *runResult) agents.HookRun {
	o := runOutcome{Event: "", Results: []runResult{*r}}
	return contractRunOf(o.ContractResult().Hooks[0], r)
}

// contractRunOf adds where the hook is, a summary line and the report
// lines to a run.
func contractRunOf(run agents.HookRun, r *runResult) agents.HookRun {
	if h := r.Hook; h != nil {
		run.Where = string(h.Origin.Layer) + " " + h.Origin.File
	}
	run.HasStreams = r.NotRun == ""
	status := string(r.Output.Status)
	switch {
	case r.HasExitCode:
		status = fmt.Sprintf("exit %d, %s", r.ExitCode, status)
	case r.Error != "":
		status = r.Error + ", " + status
	}
	run.Summary = status + ", " + agents.Milliseconds(r.Duration)
	if r.Sandboxed {
		run.Traits = append(run.Traits, "sandbox")
	}
	run.Traits = append(run.Traits, strings.ToLower(string(r.Output.Status)))
	if r.NotRun != "" {
		run.Report = append(run.Report, agents.Field{Key: "not_run", Label: "not run", Value: r.NotRun})
	}
	run.Report = append(run.Report,
		agents.Field{Key: "stdout", Label: "stdout", Value: r.Stdout, Code: true},
		agents.Field{Key: "stderr", Label: "stderr", Value: r.Stderr, Code: true})
	return run
}

// SamplePayload is the payload Codex 0.171.0 sends for the event (the
// captured shapes), with the project and q's fields over it.
func (p *project) SamplePayload(event hooks.Event, q agents.Query) ([]byte, error) {
	pctx, err := planContext(event, agents.Query{Tool: q.Tool, Trigger: q.Trigger})
	if err != nil {
		return nil, err
	}
	in, err := p.sample(event, pctx, q)
	if err != nil {
		return nil, err
	}
	return hooks.AppendJSON(nil, in), nil
}

// sample is the sample input for event in pctx with q.Input's fields set
// over it.
func (p *project) sample(event hooks.Event, pctx hooks.PlanContext, q agents.Query) (*hooks.Object, error) {
	in, err := sampleInput(sampleOptions{Event: event, Tool: pctx.ToolName, Trigger: pctx.Trigger,
		ProjectDir: p.Dir(), CodexHome: p.snap.Paths.CodexHome, Now: p.env.Clock()})
	if err != nil {
		return nil, &agents.RequestError{Msg: err.Error()}
	}
	return agents.WithInput(in, q.Input)
}

// RunNotice says what Codex's project trust means for a dry run.
func (p *project) RunNotice() agents.RunNotice {
	n := agents.RunNotice{Review: "These hooks need review in Hookwarden (Codex skips untrusted and modified hooks without a word):"}
	if !p.root.Trusted {
		n.Folder = "The project is not trusted in Codex: it loads none of the project's .codex hooks here."
		n.AsTrusted = true
		n.Confirm = "Run the project's hooks as if the project were trusted in Codex?"
		n.NotRun = "The project's hooks were not run: Codex does not load them while the project is not trusted."
		n.Ran = "The project's hooks ran as if the project were trusted in Codex."
	}
	return n
}

// systemDir is the /etc/codex the project was read with.
func (p *project) systemDir() string {
	return strings.TrimSuffix(p.snap.Paths.Requirements, "/requirements.toml")
}

// fileBytes is what a read of the files found, by path.
func fileBytes(fs []*file) map[string]agents.FileBytes {
	out := make(map[string]agents.FileBytes, len(fs))
	for _, f := range fs {
		out[f.Path] = agents.FileBytes{Exists: f.State != fileMissing, Raw: f.Raw}
	}
	return out
}
