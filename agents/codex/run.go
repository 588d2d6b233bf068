package codex

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
)

// runner dry-runs Codex CLI command hooks the way Codex 0.171.0 runs them:
// every hook of the event at once, each through the shared process
// primitive (hooks.SpawnSpec: own session, timeout, grace, stream caps,
// cancellation, the gate and the sandbox), with the payload on stdin; then
// it reads each run and the event as a whole as Codex does and says what
// Codex would do. It runs exactly the hooks it is given. The zero value
// runs hooks with an empty environment.
type runner struct {
	// Spawn is how hooks start: Codex's process environment (hooks get it
	// unchanged), limits, shell platform, sandbox and spawn-time check.
	agents.Spawn
	// PathPrefix are folders put first on PATH, standing in for the
	// helper folders Codex prepends (see run_spawn.go).
	PathPrefix []string
	// OnResult, when set, is called as each hook finishes (from its
	// goroutine).
	OnResult func(index int, r *runResult)
}

// runRequest is one event to dry-run.
type runRequest struct {
	Event hooks.Event
	// Hooks are the hooks Codex would run for the event (from the
	// planner, or picked by hand), in Codex's order.
	Hooks []*hooks.Hook
	// Input is the payload (see SampleInput); its "cwd" is the hooks'
	// working folder unless Cwd is set.
	Input *hooks.Object
	Cwd   string
}

// runResult is one hook's dry run.
type runResult struct {
	Hook *hooks.Hook `json:"-"`
	// Argv is what was spawned.
	Argv  []string `json:"argv,omitempty"`
	Dir   string   `json:"dir"`
	Stdin string   `json:"stdin"`
	// Timeout is the one applied.
	Timeout     time.Duration `json:"timeoutNs"`
	ExitCode    int           `json:"exitCode"`
	HasExitCode bool          `json:"hasExitCode"`
	Signal      string        `json:"signal,omitempty"`
	Stdout      string        `json:"stdout"`
	Stderr      string        `json:"stderr"`
	// Error is why the process did not give an exit code (spawn error,
	// timeout, cancellation, gate refusal), "" otherwise.
	Error string `json:"error,omitempty"`
	// NotRun says why the hook was not started ("" = it ran).
	NotRun    string `json:"notRun,omitempty"`
	TimedOut  bool   `json:"timedOut,omitempty"`
	Cancelled bool   `json:"cancelled,omitempty"`
	Truncated bool   `json:"truncated,omitempty"`
	PipesHeld bool   `json:"pipesHeld,omitempty"`
	// Sandboxed says the hook ran in the sandbox; Sandbox is what it did
	// there (nil when the sandbox could not start).
	Sandboxed bool            `json:"sandboxed,omitempty"`
	Sandbox   *sandbox.Report `json:"sandbox,omitempty"`
	Duration  time.Duration   `json:"durationNs"`
	// Finished orders the results by finishing time (0 first).
	Finished int `json:"finished"`
	// Output is what Codex makes of the run; Verdict says it in words.
	Output   hookOutput      `json:"output"`
	Verdict  hooks.Verdict   `json:"verdict"`
	Warnings []hooks.Warning `json:"warnings,omitempty"`
}

// runOutcome is the dry run of an event.
type runOutcome struct {
	Event    hooks.Event     `json:"event"`
	Results  []runResult     `json:"results"`
	Effect   eventEffect     `json:"effect"`
	Verdict  hooks.Verdict   `json:"verdict"`
	Warnings []hooks.Warning `json:"warnings"`
	Duration time.Duration   `json:"durationNs"`
}

// Run dry-runs req's hooks concurrently and combines them as Codex does.
// Cancelling ctx kills the running hooks.
func (r *runner) Run(ctx context.Context, req runRequest) runOutcome {
	start := time.Now()
	input := req.Input
	if input == nil {
		input = hooks.NewObject(0)
	}
	stdin := string(hooks.AppendJSON(nil, input))
	dir := req.Cwd
	if dir == "" {
		dir, _ = input.Value("cwd").(string)
	}
	env := r.hookEnv()
	call := toolCallOf(input)
	out := runOutcome{Event: req.Event}
	out.Results = hooks.RunConcurrently(len(req.Hooks), func(i int) runResult {
		res := r.runOne(ctx, req.Event, req.Hooks[i], env, dir, stdin, input)
		res.Verdict = explainHook(req.Event, &res, call)
		res.Warnings = hookWarnings(req.Event, i, &res, input)
		return res
	}, func(i, order int, res *runResult) {
		res.Finished = order
		if r.OnResult != nil {
			r.OnResult(i, res)
		}
	})
	outs := make([]hookOutput, len(out.Results))
	order := make([]int, len(out.Results))
	ids := make([]string, len(out.Results))
	for i := range out.Results {
		outs[i], order[i] = out.Results[i].Output, out.Results[i].Finished
		ids[i] = runID(req.Event, i, out.Results[i].Hook)
	}
	out.Effect = mergeOutputs(req.Event, outs, order, call, ids)
	out.Verdict = explainEvent(req.Event, out.Results, out.Effect, call)
	out.Warnings = eventWarnings(&out)
	out.Duration = time.Since(start)
	return out
}

// runOne runs one hook (or says why it did not).
// The result is named so that the deferred line sets the duration of
// every return.
func (r *runner) runOne(ctx context.Context, event hooks.Event, h *hooks.Hook, env settingsio.Env, dir, stdin string, input *hooks.Object) (res runResult) {
	start := time.Now()
	res = runResult{Hook: h, Dir: dir, Stdin: stdin, Timeout: timeoutOf(h)}
	defer func() { res.Duration = time.Since(start) }()
	switch h.Type {
	case "", "command":
	case "mcp_tool":
		res.NotRun = "an mcp_tool hook calls a tool of an MCP server; the dry run runs command hooks only"
		res.Output = hookOutput{Status: runSkipped}
		return res
	default:
		// Codex skips prompt and agent handlers with a warning (observed).
		res.NotRun = fmt.Sprintf("Codex does not run %s hooks (\"%s hooks are not supported yet\")", h.Type, h.Type)
		res.Output = hookOutput{Status: runSkipped}
		return res
	}
	if strings.TrimSpace(h.Command) == "" {
		res.NotRun = "Codex skips an empty hook command"
		res.Output = hookOutput{Status: runSkipped}
		return res
	}
	program, args := shellCommand(env, r.goos(), h.Command)
	spec := r.Command(h, res.Timeout, input)
	spec.Program, spec.Args, spec.Env, spec.Dir, spec.Stdin = program, args, env, dir, stdin
	pr := spec.Run(ctx)
	res.Argv, res.Sandboxed, res.Sandbox = pr.Argv, pr.Sandboxed, pr.Sandbox
	res.Stdout, res.Stderr = pr.Out, pr.Err
	res.Truncated, res.PipesHeld, res.Signal = pr.Truncated, pr.PipesHeld, pr.Signal
	end := processEnd{Stdout: res.Stdout, Stderr: res.Stderr}
	switch {
	case pr.Refused():
		res.Error, res.NotRun = pr.StartErr, pr.StartErr
		res.Output = hookOutput{Status: runSkipped}
		return res
	case pr.StartErr != "":
		res.Error, end.Error = pr.StartErr, pr.StartErr
	case pr.TimedOut:
		res.TimedOut = true
		res.Error = fmt.Sprintf("hook timed out after %ds", int64(res.Timeout/time.Second))
		end.Error = res.Error
	case pr.Cancelled:
		res.Cancelled, res.Error = true, "cancelled"
		end.Error = "cancelled"
	case pr.Exited:
		res.ExitCode, res.HasExitCode = pr.Code, true
		end.HasCode, end.Code = true, pr.Code
	}
	res.Output = parseOutput(event, end)
	return res
}

// runID is how Codex names a hook run in a Stop continuation:
// "<event in snake_case>:<position>:<source file>" (observed
// "stop:0:<hooks.json>"; the position is Codex's display order, which
// the hook's index stands in for).
func runID(event hooks.Event, i int, h *hooks.Hook) string {
	file := ""
	if h != nil {
		file = h.Origin.File
		if file != "" && !filepath.IsAbs(file) {
			if abs, err := filepath.Abs(file); err == nil {
				file = abs
			}
		}
	}
	return fmt.Sprintf("%s:%d:%s", agents.SnakeCase(string(event)), i, file)
}

// Gate says what DryRun would do with req, running nothing.
func (p *project) Gate(_ context.Context, req agents.RunRequest) (*agents.RunGate, error) {
	return agents.GateOf(p.prepare(req))
}

// prepare plans req and applies Hookwarden's gate (agents.RunGate.Choose,
// shared by every agent): a hook that needs review — not trusted by
// Codex, trusted outside Hookwarden, modified, a script changed since
// approval — or that runs code Hookwarden cannot see, runs in the sandbox
// or only when the user confirmed it.
func (p *project) prepare(req agents.RunRequest) (*agents.Prepared, error) {
	if _, ok := lookupEvent(req.Event); !ok {
		return nil, errNoEvent(req.Event)
	}
	q := req.RunQuery()
	pctx, err := planContext(req.Event, q)
	if err != nil {
		return nil, err
	}
	snap := p
	if req.AsTrusted && !p.RootTrust.Trusted {
		if snap, err = load(options{Cwd: p.Dir(), Getenv: p.env.Vars.Get, SystemDir: p.systemDir()},
			sessionFlags{Projects: map[string]string{p.RootTrust.TrustKey: "trusted"}}); err != nil {
			return nil, err
		}
		// the second read plans as if trusted; what it plans must be what
		// the snapshot showed (and the review reviewed)
		if err := agents.SameFiles(fileBytes(p.Files), fileBytes(snap.Files)); err != nil {
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
	// every hook is reviewed; the user hooks whose reach only a run shows
	// are held too, never traced here (a review that could not be read
	// holds every one)
	var rev *codexReview
	review := func() (func(string) *agents.HookReview, error) {
		r, err := p.trusted() // the gate reads trust states, not risk
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
	return p.env.Prepare(req, p.Dir(), plan, planned, func() (*hooks.Object, error) { return p.sample(req.Event, pctx, q) },
		agents.GateRule{Review: review, Why: gateReason, Hold: holdReaching, Folders: []string{p.Paths.CodexHome}})
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
func (p *project) selected(snap *project, plan *agents.Plan, req agents.RunRequest) ([]*hooks.Hook, error) {
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
	for _, c := range p.Handlers {
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
	g := s.Gate
	runner := &runner{Spawn: agents.Spawn{Env: p.env.Vars, Check: s.Check, Isolation: s.Isolation()}}
	if req.OnResult != nil {
		runner.OnResult = func(i int, r *runResult) { req.OnResult(i, r.hookRun()) }
	}
	out := runner.Run(ctx, runRequest{Event: req.Event, Hooks: g.Run, Input: s.Input, Cwd: p.Dir()})
	res := out.ContractResult()
	res.Project, res.Label, res.Gate, res.Payload = p.Dir(), g.Plan.Label, g, string(hooks.AppendJSON(nil, s.Input))
	res.Notes = []string{}
	res.NoteHeld(string(Name), "Codex", shortName, "; Codex would skip it unless it is trusted", len(out.Results))
	if len(out.Results) > 0 {
		res.Summary = fmt.Sprintf("%d hook(s) ran in parallel in %s", len(out.Results), agents.Milliseconds(out.Duration))
	}
	// what only Codex says of the run: the event's effect as it merges it
	res.SetDocument(string(Name), agent{}.Info().Title, agents.Member("effect", out.Effect))
	return res, nil
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
		ProjectDir: p.Dir(), CodexHome: p.Paths.CodexHome, Now: p.env.Clock()})
	if err != nil {
		return nil, &agents.RequestError{Msg: err.Error()}
	}
	return agents.WithInput(in, q.Input)
}

// RunNotice says what Codex's project trust means for a dry run.
func (p *project) RunNotice() agents.RunNotice {
	n := agents.RunNotice{Review: "These hooks need review in Hookwarden (Codex skips untrusted and modified hooks without a word):"}
	if !p.RootTrust.Trusted {
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
	return strings.TrimSuffix(p.Paths.Requirements, "/requirements.toml")
}

// fileBytes is what a read of the files found, by path.
func fileBytes(fs []*file) map[string]agents.FileBytes {
	out := make(map[string]agents.FileBytes, len(fs))
	for _, f := range fs {
		out[f.Path] = agents.FileBytes{Exists: f.State != fileMissing, Raw: f.Raw}
	}
	return out
}

// ContractResult is the dry run in the agent contract's terms, for the
// views and `run`: per hook its run, Codex's status, what Codex records,
// the verdict and the warnings in words; the event's verdict.
func (o *runOutcome) ContractResult() *agents.RunResult {
	res := &agents.RunResult{Event: o.Event, Hooks: make([]agents.HookRun, len(o.Results)),
		Verdict: agents.Verdict(o.Verdict), Warnings: warningTexts(o.Warnings), Duration: o.Duration}
	for i := range o.Results {
		if res.Payload == "" {
			res.Payload = o.Results[i].Stdin
		}
		res.Hooks[i] = o.Results[i].hookRun()
	}
	return res
}

// hookRun is one hook's run in the contract's terms: the run, where the
// hook is, a summary line, the report lines, Codex's status and what
// Codex records, the verdict and the warnings in words.
func (r *runResult) hookRun() agents.HookRun {
	run := agents.HookRun{Hook: r.Hook, Label: shortName(r.Hook), Ran: r.NotRun == "", NotRunReason: r.NotRun,
		Command: strings.Join(r.Argv, " "), Stdin: r.Stdin, ExitCode: r.ExitCode, HasExitCode: r.HasExitCode,
		Signal: r.Signal, Stdout: r.Stdout, Stderr: r.Stderr, Error: r.Error, TimedOut: r.TimedOut,
		Truncated: r.Truncated, Timeout: r.Timeout, Duration: r.Duration, Sandboxed: r.Sandboxed, Sandbox: r.Sandbox,
		Verdict: agents.Verdict(r.Verdict), Warnings: warningTexts(r.Warnings), HasStreams: r.NotRun == "",
		// what only Codex says of a hook's run: the folder it ran in, what
		// it makes of the run, the order it finished in
		Agent: agents.Document{agents.Member("dir", r.Dir), agents.Member("output", r.Output), agents.Member("finished", r.Finished),
			agents.Member("pipes_held", r.PipesHeld)}}
	if h := r.Hook; h != nil {
		run.ID = h.ID
		run.Where = string(h.Origin.Layer) + " " + h.Origin.File
	}
	run.Facts = append(run.Facts, agents.Field{Key: "codex_status", Label: "Codex records", Value: string(r.Output.Status)})
	for _, e := range r.Output.Entries {
		run.Facts = append(run.Facts, agents.Field{Key: "codex_" + string(e.Kind), Label: entryLabel(e.Kind), Value: e.Text})
	}
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

func entryLabel(k entryKind) string {
	switch k {
	case entryContext:
		return "Context for the model"
	case entryFeedback:
		return "Reason"
	case entryWarning:
		return "Warning shown"
	case entryStop:
		return "Stop reason"
	}
	return "Error Codex records"
}

func warningTexts(ws []hooks.Warning) []string {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		if w.Hook != "" {
			out = append(out, w.Hook+": "+w.Message)
		} else {
			out = append(out, w.Message)
		}
	}
	return out
}
