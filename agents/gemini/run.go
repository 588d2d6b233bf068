package gemini

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// dryRun is one dry run of Gemini CLI: planned, gated, run, and said in
// the contract's terms (agents.RunResult) and as run --json (runDoc).
type dryRun struct {
	req    agents.RunRequest
	event  hooks.Event
	pctx   *hooks.PlanContext
	fields *hooks.Object
	// snap and reg are the project as the run sees it (as if trusted with
	// AsTrusted); folder is the folder's own trust.
	snap      *Project
	reg       *Registry
	folder    FolderTrust
	asTrusted bool
	// plan is Gemini's plan (nil: none); sel the hooks the request takes
	// from it, sequential when the plan (or a picked hook) is.
	plan       *agents.Plan
	sel        []*hooks.Hook
	sequential bool
	// why says, by hook ID, why the review holds a project hook back;
	// reviewErr why the review could not be made; check is the spawn-time
	// script check of the approved ones.
	why       map[string]string
	reviewErr error
	check     func(*hooks.Hook) error
	sup       sandbox.Config
	out       *agents.RunGate
	// input is the hooks' payload; outcome what ran (nil: nothing).
	input   *hooks.Object
	outcome *outcome
}

// RunGate is what the gate made of the run.
func (s *dryRun) RunGate() *agents.RunGate { return s.out }

// Gate says what DryRun would do with req, running nothing.
func (p *Project) Gate(_ context.Context, req agents.RunRequest) (*agents.RunGate, error) {
	return agents.GateOf(p.prepare(req))
}

// prepare plans req and applies the gate (agents.Gate): a project hook
// (projectHook) that is not approved in trusted_hooks.json, changed, or
// runs a script that changed since its approval needs review, and so does
// a user hook that reaches the project's code, unless the request
// confirms every hook and asks for no sandbox.
func (p *Project) prepare(req agents.RunRequest) (*dryRun, error) {
	s := &dryRun{req: req, event: req.Event, snap: p, reg: p.reg, folder: p.FolderTrust}
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
	if !p.FolderTrust.Trusted() && req.AsTrusted {
		s.asTrusted = true
		s.reg = buildAsTrusted(p)
		s.snap = s.reg.Snapshot
	}
	s.plan = s.reg.Plan(req.Event, s.pctx)
	if err := s.selected(); err != nil {
		return nil, err
	}
	gated := !req.Confirmed || req.Policy().Always
	storeDir := ""
	if gated {
		if storeDir, err = trust.StoreDirFromEnv(p.env.Vars, p.env.GOOS); err != nil {
			return nil, err
		}
	}
	full := s.plan
	if full == nil {
		full = planOf(req.Event, s.pctx, nil, false)
	}
	review := reviewOf(s.snap, Options{Store: trust.Store{Dir: storeDir}})
	s.sup = p.env.Supervisor(s.snap.ProjectDir, s.snap.Paths.GeminiDir)
	s.sup.RecordProbes = s.req.Trace
	if s.sequential {
		s.sup.Sequence = p.env.Warm.Sequence() // a later sandboxed hook sees the earlier ones' files
	}
	s.why = map[string]string{}
	s.out, s.check = agents.Gate(s.req, full, s.sel, projectHook, func() (func(string) *agents.HookReview, error) {
		if len(s.sel) == 0 {
			return nil, nil
		}
		find, err := review()
		if s.reviewErr = err; err != nil {
			err = fmt.Errorf("trusted_hooks.json cannot be read: %w", err)
		}
		return find, err
	}, heldWhy, s.snap.ProjectDir, s.sup, func(g *agents.RunGate) {
		for _, r := range g.Review {
			s.why[r.ID] = r.Reason
		}
		data, _ := trust.Store{Dir: storeDir}.Load() // nil: every such hook is held
		g.HoldReaching(data, agent{}.Info().Name, s.snap.ProjectDir, s.reg.reachingHooks())
	})
	return s, nil
}

// selected takes the part of the plan the request takes: the hooks it
// picks by ID (alone, planned or not), or those --hook names.
func (s *dryRun) selected() error {
	if len(s.req.HookIDs) == 0 {
		hs, missing := selectNamed(s.plan, s.req.Select)
		if len(missing) > 0 {
			var names []string
			for _, h := range s.plan.Hooks {
				names = append(names, h.DisplayName())
			}
			return &agents.RequestError{Msg: fmt.Sprintf("no hook %q in the plan for %s (it has: %s)", strings.Join(missing, `", "`), s.event, strings.Join(names, ", "))}
		}
		if s.plan != nil {
			s.sel, s.sequential = hs, s.plan.Sequential
		}
		return nil
	}
	for _, id := range s.req.HookIDs {
		h := s.reg.Hook(id)
		if h == nil || h.Event != s.event {
			return &agents.RequestError{Msg: fmt.Sprintf("no %s hook %q", s.event, id)}
		}
		s.sel = append(s.sel, h)
		s.sequential = s.sequential || FactsOf(h).Sequential
	}
	return nil
}

// projectHook says the gate reviews h: a workspace hook, or one the
// project controls through a .env file (HookFacts.ProjectControlled).
// Hookwarden never runs such a hook the user did not approve or confirm.
func projectHook(h *hooks.Hook) bool {
	return h.Origin.Layer == settingsio.LayerWorkspace || FactsOf(h).ProjectControlled != ""
}

// reviewOf is the gate's look-up of the hooks' reviews: the audit of snap
// against trusted_hooks.json and Hookwarden's store (a hook approved,
// with every script it runs unchanged since, and no code Hookwarden
// cannot see, may run; see trust.HookReview.Verified). When the audit
// fails no project hook counts as approved.
func reviewOf(snap *Project, opts Options) func() (func(string) *agents.HookReview, error) {
	return func() (func(string) *agents.HookReview, error) {
		rep, err := Audit(snap, opts)
		reviews := map[string]trust.HookReview{}
		if rep != nil {
			for _, h := range rep.Hooks {
				reviews[h.HookID] = h.HookReview
			}
		}
		return func(id string) *agents.HookReview {
			rv, ok := reviews[id]
			if !ok {
				return nil
			}
			return &agents.HookReview{HookReview: rv}
		}, err
	}
}

// heldWhy says in words why the gate holds a hook back.
func heldWhy(rv *agents.HookReview, _ error) string {
	if rv == nil {
		return "not reviewed (the audit failed)"
	}
	switch {
	case rv.Status == trust.StatusNew:
		return "not approved"
	case rv.Status == trust.StatusChanged:
		return "changed since it was approved"
	case rv.Status == trust.StatusScriptChanged:
		return "a script it runs changed since it was approved"
	case rv.Status == trust.StatusDefinitionChanged:
		return "its definition (env, timeout, matcher, …) changed since it was approved"
	case rv.Status == trust.StatusApprovedOutside:
		return "approved outside Hookwarden: scripts not fingerprinted"
	case rv.RunsUnseenCode():
		return "runs code Hookwarden cannot see: " + trust.UnseenList(rv.Unresolved)
	}
	return "needs review"
}

// DryRun runs req with Gemini CLI's runner and says, in words, what Gemini
// would do with the results.
func (p *Project) DryRun(ctx context.Context, req agents.RunRequest) (*agents.RunResult, error) {
	s, err := p.prepare(req)
	if err != nil {
		return nil, err
	}
	if s.input, err = p.input(s, req.Payload); err != nil {
		return nil, err
	}
	g := s.out
	if len(g.Run) > 0 {
		runner := &runner{
			Env:          p.env.Vars,
			Sanitization: sanitizationFor(s.snap),
			Check:        s.check,
			PlansDir:     plansDirFor(p.env.Home, s.snap.ProjectDir, hooks.ToJSString(s.input.Value("session_id"))),
			Isolation:    hooks.Isolation{Supervisor: s.sup, Sandboxed: g.IsSandboxed},
		}
		if req.OnResult != nil {
			runner.OnResult = func(i int, r *result) { req.OnResult(i, hookRun(r)) }
		}
		plan := &agents.Plan{Event: s.event, Sequential: s.sequential, Hooks: g.Run}
		out := runner.Run(ctx, request{Plan: plan, Input: s.input, FolderTrusted: p.FolderTrust.Trusted() || s.asTrusted})
		s.outcome = &out
	}
	return s.result(), nil
}

// input is the payload the hooks get: the request's, or the sample with
// the query's input spread over it.
func (p *Project) input(s *dryRun, payload []byte) (*hooks.Object, error) {
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
	in, err := sampleInput(sampleOptions{Event: event, Tool: tool, Trigger: trigger, ProjectDir: p.ProjectDir, Home: p.env.Home, Now: p.env.Clock()})
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
	if ft := p.FolderTrust; !ft.Trusted() {
		n.Folder = fmt.Sprintf("This folder is %s (%s): Gemini CLI would run no settings hook here, only "+
			"extension hooks, and Run does the same. “Run anyway” runs the settings hooks as if the folder were trusted.",
			ft.State, ft.Reason)
	}
	return n
}

// result is the dry run in the contract's terms.
func (s *dryRun) result() *agents.RunResult {
	g := s.out
	res := &agents.RunResult{Project: s.snap.ProjectDir, Event: s.event, Label: s.label(), Gate: g, Notes: s.notes(), Warnings: []string{}}
	if res.Notes == nil {
		res.Notes = []string{}
	}
	if g.Plan != nil && g.Plan.Document == nil {
		g.Plan.Document = planDocument(g.Plan)
	}
	// what only Gemini CLI says of the run: the folder's trust, whether
	// it ran as if trusted, and its aggregated output
	facts := []agents.Field{agents.Member("folder_trust", s.folder), agents.Member("as_trusted", s.asTrusted)}
	defer func() { res.SetDocument(string(Name), agent{}.Info().Title, facts...) }()
	if s.input != nil {
		res.Payload = string(hooks.AppendJSON(nil, s.input))
	}
	switch {
	case len(s.sel) == 0:
		res.Verdict = agents.Verdict{Effect: hooks.EffectNothing, Headline: res.Label + ": no hook runs; Gemini goes ahead"}
	case s.outcome == nil:
		res.Verdict = agents.Verdict{Effect: hooks.EffectNothing, Headline: res.Label + ": nothing was run"}
	default:
		v := explain(res.Label, s.outcome)
		res.Verdict = agents.Verdict{Effect: v.Effect, Headline: v.Headline, Details: v.Details}
	}
	if n := len(g.Held); n > 0 {
		res.HeldNote = fmt.Sprintf("%d project hook(s) not run: %s (review them with 'hookwarden audit', approve with 'hookwarden trust', or pass --yes)", n, g.HeldWhy())
	}
	o := s.outcome
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
	res.NoteSandboxedSequence()
	a := o.Aggregated
	facts = append(facts, agents.Member("aggregated", aggregatedDoc{Success: a.Success, Strategy: a.Strategy, FinalOutput: a.FinalOutput,
		Errors: a.Errors, TotalDurationMS: msFloat(a.TotalDuration), Aborted: o.Aborted}))
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
		Agent: agents.Document{agents.Member("name", h.Name), agents.Member("key", hookKey(h)), agents.Member("success", r.Success),
			agents.Member("pipes_held", r.PipesHeld)},
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

func (s *dryRun) label() string { return string(s.event) + contextLabel(s.pctx) }

// notes explain why Gemini's own result differs from this run.
func (s *dryRun) notes() []string {
	g := s.out
	var ns []string
	if !s.folder.Trusted() {
		if s.asTrusted {
			ns = append(ns, "The folder is not trusted: Gemini itself would run none of these settings hooks (planned and run here as if trusted, --as-trusted).")
		} else {
			ns = append(ns, "The folder is not trusted ("+s.folder.Reason+"): Gemini registers no settings hook here. Pass --as-trusted to run them anyway.")
		}
	}
	if s.plan != nil && len(s.sel) > 0 && len(s.sel) != len(s.plan.Hooks) {
		ns = append(ns, fmt.Sprintf("Only %d of the %d planned hooks ran (--hook); Gemini would run them all.", len(s.sel), len(s.plan.Hooks)))
	}
	for _, h := range g.Held {
		reason := s.why[h.ID]
		if reason == "" {
			reason = "not approved, changed, or its script changed since approval"
		}
		why := "Pass --yes to run it for real."
		switch {
		case g.Policy.Always:
			why = "--sandbox asked for the sandbox, which cannot start here: " + g.SandboxUnavailable
		case g.Policy.Never:
			why = "--no-sandbox keeps it out of the sandbox; pass --yes to run it for real."
		case g.SandboxUnavailable != "":
			why = "It would run in the sandbox, but " + g.SandboxUnavailable + ". Pass --yes to run it for real."
		}
		ns = append(ns, fmt.Sprintf("Not run: %s (%s) is a workspace hook that needs review (%s; see 'hookwarden audit'). %s", h.DisplayName(), agents.OriginLabel(h), reason, why))
	}
	if s.outcome != nil {
		for _, res := range s.outcome.Results {
			if res.Sandboxed {
				why := "it needs review"
				if g.Policy.Always {
					why = "--sandbox"
				}
				ns = append(ns, fmt.Sprintf("Ran in the sandbox (%s): %s. Nothing it wrote reached the real files and nothing it sent left the machine; its behaviour report is below its result.", why, res.Hook.DisplayName()))
			}
		}
	}
	if s.reviewErr != nil {
		ns = append(ns, "The review could not be made, so no workspace hook counts as approved: "+s.reviewErr.Error())
	}
	return ns
}

// aggregatedDoc is Gemini CLI's aggregated output of a run, under
// "agent" in `run --json`.
type aggregatedDoc struct {
	Success         bool          `json:"success"`
	Strategy        strategy      `json:"strategy"`
	FinalOutput     *hooks.Object `json:"final_output"`
	Errors          []string      `json:"errors"`
	TotalDurationMS float64       `json:"total_duration_ms"`
	Aborted         string        `json:"aborted,omitempty"`
}

func msFloat(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// gate is the review step's split of a plan, as the tests read it: the
// hooks that may run without asking (nil: none) and the project hooks held
// for review, with why, the review's error and the spawn-time check.
type gate struct {
	Run        *agents.Plan
	Unapproved []*hooks.Hook
	Why        map[string]string
	Err        error
	Check      func(*hooks.Hook) error
}

// HoldUnapproved is the review step of the dry run's gate alone (what
// prepare passes to agents.Gate: projectHook, reviewOf, heldWhy) applied
// to plan, for tests (internal/geminicli's live fidelity test reads it).
func HoldUnapproved(snap *Project, opts Options, plan *agents.Plan) gate {
	if plan == nil {
		return gate{}
	}
	out := gate{Why: map[string]string{}}
	review := reviewOf(snap, opts)
	g := &agents.RunGate{Plan: plan, Planned: plan.Hooks}
	out.Check = g.HoldReviewed(agents.RunRequest{Event: plan.Event}, snap.ProjectDir, projectHook,
		func() (func(string) *agents.HookReview, error) {
			find, err := review()
			out.Err = err
			return find, err
		}, heldWhy)
	held := map[string]bool{}
	for _, r := range g.Review {
		out.Unapproved = append(out.Unapproved, r.Hook)
		out.Why[r.ID], held[r.ID] = r.Reason, true
	}
	run := &agents.Plan{Event: plan.Event, Sequential: plan.Sequential}
	for _, h := range plan.Hooks {
		if !held[h.ID] {
			run.Hooks = append(run.Hooks, h)
		}
	}
	if len(run.Hooks) > 0 {
		out.Run = run
	}
	return out
}
