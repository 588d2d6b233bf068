package gemini

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/trust"
)

// runSetup is one dry run of Gemini CLI, planned and gated.
type runSetup struct {
	req    agents.RunRequest
	event  hooks.Event
	pctx   *hooks.PlanContext
	fields *hooks.Object
	// snap and reg are the project as the run sees it (as if trusted with
	// AsTrusted); plan is Gemini's plan and sel the part the request takes.
	snap      *Snapshot
	reg       *Registry
	asTrusted bool
	plan, sel *agents.Plan
	gate      gate
	sup       sandbox.Config
	out       *agents.RunGate
}

// RunGate is what the gate made of the run.
func (s *runSetup) RunGate() *agents.RunGate { return s.out }

// Gate says what DryRun would do with req, running nothing.
func (p *Project) Gate(_ context.Context, req agents.RunRequest) (*agents.RunGate, error) {
	return agents.GateOf(p.prepare(req))
}

// prepare plans req and applies the gate: a workspace hook (or one the
// project controls through a .env file) that is not approved in
// trusted_hooks.json, changed, or runs a script that changed since its
// approval needs review, unless the request confirms every hook and asks
// for no sandbox.
func (p *Project) prepare(req agents.RunRequest) (*runSetup, error) {
	s := &runSetup{req: req, event: req.Event, snap: p.snap, reg: p.reg}
	q := req.Query
	if q.Input != nil {
		var err error
		if s.fields, err = agents.ParseObject(q.Input, "input"); err != nil {
			return nil, err
		}
		if q.Tool == "" && q.Trigger == "" {
			q.Tool, q.Trigger = contextFromInput(req.Event, s.fields)
			s.req.Query = q
		}
	}
	var err error
	if s.pctx, err = planContext(req.Event, q); err != nil {
		return nil, err
	}
	if !p.snap.FolderTrust.Trusted() && req.AsTrusted {
		s.asTrusted = true
		s.reg = buildAsTrusted(p.snap)
		s.snap = s.reg.Snapshot
	}
	s.plan = s.reg.Plan(req.Event, s.pctx)
	if s.sel, err = s.selected(); err != nil {
		return nil, err
	}
	policy := req.Policy()
	if !req.Confirmed || policy.Always {
		storeDir, err := trust.StoreDirFromEnv(p.env.Vars, p.env.GOOS)
		if err != nil {
			return nil, err
		}
		s.gate = HoldUnapproved(s.snap, Options{Store: trust.Store{Dir: storeDir}}, s.sel)
	} else {
		s.gate = gate{Run: s.sel}
	}
	s.sup = p.env.Supervisor(s.snap.ProjectDir, s.snap.Paths.GeminiDir)
	s.sup.RecordProbes = s.req.Trace
	full := s.plan
	if full == nil {
		full = planOf(req.Event, s.pctx, nil, false)
	}
	g := &agents.RunGate{Plan: full, Picked: len(req.HookIDs) > 0}
	if s.sel != nil {
		g.Planned = s.sel.Hooks
	}
	for _, h := range s.gate.Unapproved {
		g.Review = append(g.Review, agents.Skip{Hook: h, ID: h.ID, Reason: s.gate.Why[h.ID]})
	}
	if s.gate.Err != nil {
		g.ReviewErr = "trusted_hooks.json cannot be read: " + s.gate.Err.Error()
	}
	if !req.Confirmed || policy.Always {
		storeDir, _ := trust.StoreDirFromEnv(p.env.Vars, p.env.GOOS)
		data, _ := trust.Store{Dir: storeDir}.Load() // nil: every such hook is held
		g.HoldReaching(data, agent{}.Info().Name, s.snap.ProjectDir, s.reg.reachingHooks())
	}
	g.Choose(s.req, sandbox.Prober(s.sup))
	s.out = g
	return s, nil
}

// selected is the part of the plan the request takes: the hooks it picks
// by ID (alone, planned or not), or those --hook names.
func (s *runSetup) selected() (*agents.Plan, error) {
	if len(s.req.HookIDs) == 0 {
		hs, missing := selectNamed(s.plan, s.req.Select)
		if len(missing) > 0 {
			var names []string
			for _, h := range s.plan.Hooks {
				names = append(names, h.DisplayName())
			}
			return nil, &agents.RequestError{Msg: fmt.Sprintf("no hook %q in the plan for %s (it has: %s)", strings.Join(missing, `", "`), s.event, strings.Join(names, ", "))}
		}
		if s.plan == nil {
			return nil, nil
		}
		return &agents.Plan{Event: s.event, Sequential: s.plan.Sequential, Hooks: hs}, nil
	}
	sel := &agents.Plan{Event: s.event}
	for _, id := range s.req.HookIDs {
		h := s.reg.Hook(id)
		if h == nil || h.Event != s.event {
			return nil, &agents.RequestError{Msg: fmt.Sprintf("no %s hook %q", s.event, id)}
		}
		sel.Hooks = append(sel.Hooks, h)
		sel.Sequential = sel.Sequential || FactsOf(h).Sequential
	}
	return sel, nil
}

// DryRun runs req with Gemini CLI's runner and says, in words, what Gemini
// would do with the results.
func (p *Project) DryRun(ctx context.Context, req agents.RunRequest) (*agents.RunResult, error) {
	s, err := p.prepare(req)
	if err != nil {
		return nil, err
	}
	input, err := p.input(s, req.Payload)
	if err != nil {
		return nil, err
	}
	g := s.out
	trustErr := ""
	if s.gate.Err != nil {
		trustErr = s.gate.Err.Error()
	}
	rep := runReport{
		Project: s.snap.ProjectDir, Event: s.event, Context: s.pctx, FolderTrust: p.snap.FolderTrust,
		AsTrusted: s.asTrusted, Plan: g.Plan, Selected: s.sel, Skipped: g.Held, SkipWhy: s.gate.Why,
		TrustError: trustErr, Input: input, Policy: g.Policy, SandboxUnavailable: g.SandboxUnavailable,
	}
	if len(g.Run) > 0 {
		runner := &runner{
			Env:          p.env.Vars,
			Sanitization: sanitizationFor(s.snap),
			Check:        s.gate.Check,
			PlansDir:     plansDirFor(p.env.Home, s.snap.ProjectDir, hooks.ToJSString(input.Value("session_id"))),
			Isolation:    hooks.Isolation{Supervisor: s.sup, Sandboxed: g.IsSandboxed},
		}
		if req.OnResult != nil {
			runner.OnResult = func(i int, r *result) { req.OnResult(i, hookRun(r)) }
		}
		plan := &agents.Plan{Event: s.event, Sequential: s.sel.Sequential, Hooks: g.Run}
		out := runner.Run(ctx, request{Plan: plan, Input: input, FolderTrusted: p.snap.FolderTrust.Trusted() || s.asTrusted})
		rep.Outcome = &out
	}
	return rep.result(g), nil
}

// input is the payload the hooks get: the request's, or the sample with
// the query's input spread over it.
func (p *Project) input(s *runSetup, payload []byte) (*hooks.Object, error) {
	if payload != nil {
		return agents.ParseObject(payload, "payload")
	}
	return p.sample(s.event, s.req.Query.Tool, s.req.Query.Trigger, s.fields)
}

// SamplePayload is Gemini's sample input for the event and query, with
// q.Input spread over it.
func (p *Project) SamplePayload(event hooks.Event, q agents.Query) ([]byte, error) {
	return agents.SampleWith(q, func(fields *hooks.Object) (*hooks.Object, error) {
		return p.sample(event, q.Tool, q.Trigger, fields)
	})
}

// sample is the sample input for the event, with fields spread over it
// ({...base, ...fields}).
func (p *Project) sample(event hooks.Event, tool, trigger string, fields *hooks.Object) (*hooks.Object, error) {
	in, err := sampleInput(sampleOptions{Event: event, Tool: tool, Trigger: trigger, ProjectDir: p.snap.ProjectDir, Home: p.env.Home, Now: p.env.Clock()})
	if err != nil {
		return nil, err
	}
	if fields != nil {
		if matcherKindOf(event) == matchToolName {
			// the sample's tool fields must not leak into the user's input
			for _, k := range []string{"tool_input", "tool_response", "mcp_context"} {
				in.Delete(k)
			}
		}
		spreadInto(in, fields)
	}
	return in, nil
}

// contextFromInput takes the planner context from the input's own fields
// (tool_name, source, reason, trigger) when no flag gives it.
func contextFromInput(event hooks.Event, in *hooks.Object) (tool, trigger string) {
	str := func(k string) string { s, _ := in.Value(k).(string); return s }
	switch event {
	case beforeTool, afterTool:
		return str("tool_name"), ""
	case sessionStart:
		return "", str("source")
	case sessionEnd:
		return "", str("reason")
	case preCompress:
		return "", str("trigger")
	}
	return "", ""
}

// RunNotice says what an untrusted folder means for a dry run.
func (p *Project) RunNotice() agents.RunNotice {
	n := agents.RunNotice{
		AsTrusted: true,
		Confirm: "Gemini CLI would run none of this folder's settings hooks, because the folder is not trusted.\n\n" +
			"Run them anyway, as if the folder were trusted? They run on this machine with your permissions.",
		NotRun: "The folder is not trusted: like Gemini CLI, Run ran no settings hook here; “Run anyway” runs them.",
		Ran:    "The folder is not trusted: Gemini CLI itself would run none of the settings hooks run here.",
		Review: "These workspace hooks are not approved, changed (command or script) since they were, or run code Hookwarden cannot see:",
	}
	if ft := p.snap.FolderTrust; !ft.Trusted() {
		n.Folder = fmt.Sprintf("This folder is %s (%s): Gemini CLI would run no settings hook here, only "+
			"extension hooks, and Run does the same. “Run anyway” runs the settings hooks as if the folder were trusted.",
			ft.State, ft.Reason)
	}
	return n
}

// result is the contract's result of the report.
func (r *runReport) result(g *agents.RunGate) *agents.RunResult {
	res := &agents.RunResult{Event: r.Event, Label: r.label(), Gate: g, Notes: r.notes(), Warnings: []string{}, Document: r.document()}
	if res.Notes == nil {
		res.Notes = []string{}
	}
	if r.Input != nil {
		res.Payload = string(hooks.AppendJSON(nil, r.Input))
	}
	switch {
	case r.Selected == nil || len(r.Selected.Hooks) == 0:
		res.Verdict = agents.Verdict{Effect: hooks.EffectNothing, Headline: res.Label + ": no hook runs; Gemini goes ahead"}
	case r.Outcome == nil:
		res.Verdict = agents.Verdict{Effect: hooks.EffectNothing, Headline: res.Label + ": nothing was run"}
	default:
		v := explain(res.Label, r.Outcome)
		res.Verdict = agents.Verdict{Effect: v.Effect, Headline: v.Headline, Details: v.Details}
	}
	if n := len(g.Held); n > 0 {
		res.HeldNote = fmt.Sprintf("%d project hook(s) not run: %s (review them with 'hookwarden audit', approve with 'hookwarden trust', or pass --yes)", n, g.HeldWhy())
	}
	o := r.Outcome
	if o == nil {
		return res
	}
	res.Sequential, res.Duration = o.Sequential, o.Duration
	mode := "in parallel"
	if o.Sequential {
		mode = "one after another"
	}
	res.Summary = fmt.Sprintf("%d hook(s) ran %s in %s", len(o.Results), mode, agents.Milliseconds(o.Duration))
	for i := range o.Results {
		res.Hooks = append(res.Hooks, hookRun(&o.Results[i]))
	}
	for _, w := range o.Warnings {
		if w.Index < 0 {
			res.Warnings = append(res.Warnings, w.Message)
		}
	}
	for _, w := range o.Warnings {
		if w.Index >= 0 && eventWide(w) {
			res.Warnings = append(res.Warnings, w.Message)
		}
	}
	return res
}

// eventWide reports whether a hook's warning is said once for the event.
func eventWide(w hooks.Warning) bool {
	return w.Code == hooks.WarnAskOverridden || w.Code == hooks.WarnDecisionReplaced
}

// hookRun is the contract's run of one hook's result.
func hookRun(r *result) agents.HookRun {
	h := r.Hook
	run := agents.HookRun{
		Hook: h, ID: h.ID, Label: h.DisplayName(), Where: agents.OriginLabel(h), Ran: r.HasStreams,
		Command: r.Command, Stdin: r.Stdin, ExitCode: r.ExitCode, HasExitCode: r.HasExitCode, Signal: r.Signal,
		Stdout: r.Stdout, Stderr: r.Stderr, HasStreams: r.HasStreams, Error: r.Error, TimedOut: r.TimedOut,
		Cancelled: r.Cancelled, Truncated: r.Truncated, Timeout: timeoutOf(h), Duration: r.Duration,
		OutputFormat: r.OutputFormat, Sandboxed: r.Sandboxed, Sandbox: r.Sandbox,
	}
	if r.Output != nil {
		run.Output = string(hooks.AppendJSON(nil, r.Output))
		run.Report = append(run.Report, agents.Field{Key: "output", Label: "output", Value: agents.Clip(run.Output, 400)})
	}
	run.Report = append(run.Report,
		agents.Field{Key: "stdout", Label: "stdout", Value: r.Stdout, Code: true},
		agents.Field{Key: "stderr", Label: "stderr", Value: r.Stderr, Code: true})
	if r.Command != "" && r.Command != h.Command {
		run.Facts = append(run.Facts, agents.Field{Key: "command", Label: "command (expanded)", Value: r.Command, Code: true})
	}
	for _, w := range r.Warnings {
		if !eventWide(w) {
			run.Warnings = append(run.Warnings, w.Message)
		}
	}
	status := "ok"
	switch {
	case r.Error != "":
		status = "error: " + r.Error
	case r.HasExitCode:
		status = fmt.Sprintf("exit %d", r.ExitCode)
		if r.Signal != "" {
			status = "killed by " + r.Signal
		}
	}
	format := ""
	if r.OutputFormat != "" {
		format = ", " + r.OutputFormat
	}
	run.Summary = status + ", " + agents.Milliseconds(r.Duration) + format
	switch {
	case r.OutputFormat != "":
		run.Traits = append(run.Traits, r.OutputFormat+" output")
	case r.HasStreams:
		run.Traits = append(run.Traits, "no output Gemini reads")
	}
	return run
}
