package claude

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// runner dry-runs Claude Code handlers the way Claude Code runs them: every
// matching handler at once, command handlers through the shared process
// runner (hooks.SpawnSpec: own session, timeout, grace, stream caps,
// cancellation), http handlers as a JSON POST (loopback only unless the
// caller allows the host), prompt, agent and mcp_tool handlers not run but
// shown with what they would send. The zero value runs with an empty
// environment.
type runner struct {
	// Spawn is how command handlers start: Claude Code's process
	// environment (handlers inherit all of it), limits, shell platform,
	// sandbox and spawn-time check.
	agents.Spawn
	// ProjectDir is ${CLAUDE_PROJECT_DIR} (default: the input's cwd).
	ProjectDir string
	// ConfigDir is Claude Code's folder (~/.claude or $CLAUDE_CONFIG_DIR),
	// for ${CLAUDE_PLUGIN_DATA}.
	ConfigDir string
	// AllowHosts are hosts other than loopback the caller confirmed http
	// handlers may be sent to ("*" = any).
	AllowHosts []string
	// HTTPClient sends http handlers (nil = a client without proxies).
	HTTPClient *http.Client
	// OnResult, when set, is called as each handler finishes (from its
	// goroutine).
	OnResult func(index int, r *runResult)
}

// runRequest is one event to dry-run.
type runRequest struct {
	Event hooks.Event
	// Hooks are the handlers Claude Code would run (from the planner, or
	// picked by hand), each a *hooks.Hook with Claude set.
	Hooks []*hooks.Hook
	// Input is the hook input (see SampleInput).
	Input *hooks.Object
}

// runOutcome is the result of dry-running an event.
type runOutcome struct {
	Event    hooks.Event     `json:"event"`
	Results  []runResult     `json:"results"`
	Decision decision        `json:"decision"`
	Warnings []hooks.Warning `json:"warnings"`
	Duration time.Duration   `json:"durationNs"`
}

// runResult is one handler's dry run.
type runResult struct {
	Hook *hooks.Hook `json:"-"`
	Type string      `json:"type"`
	// Form is how it ran: "shell", "exec", "powershell", "http", or
	// "preview" for handlers shown but not run.
	Form string `json:"form"`
	// Argv is what was spawned (command handlers).
	Argv []string `json:"argv,omitempty"`
	// URL and Headers of an http handler, after interpolation, the
	// allowed variables named, not their values (what is sent is not kept).
	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	// Preview is what a handler that was not run would send: the filled
	// prompt, or the MCP tool input.
	Preview string `json:"preview,omitempty"`
	// NotRunReason says why it was not run.
	NotRunReason string `json:"notRunReason,omitempty"`
	Stdin        string `json:"stdin,omitempty"`
	// Timeout is the one applied.
	Timeout     time.Duration `json:"timeoutNs"`
	ExitCode    int           `json:"exitCode"`
	HasExitCode bool          `json:"hasExitCode"`
	Signal      string        `json:"signal,omitempty"`
	HTTPStatus  int           `json:"httpStatus,omitempty"`
	Stdout      string        `json:"stdout"`
	Stderr      string        `json:"stderr"`
	Error       string        `json:"error,omitempty"`
	TimedOut    bool          `json:"timedOut,omitempty"`
	Cancelled   bool          `json:"cancelled,omitempty"`
	Truncated   bool          `json:"truncated,omitempty"`
	PipesHeld   bool          `json:"pipesHeld,omitempty"`
	// Sandboxed says the handler ran in the sandbox; Sandbox is what it
	// did there (nil when the sandbox could not start).
	Sandboxed bool            `json:"sandboxed,omitempty"`
	Sandbox   *sandbox.Report `json:"sandbox,omitempty"`
	// EnvFile is what the handler wrote to $CLAUDE_ENV_FILE (SessionStart,
	// Setup, CwdChanged, FileChanged): exports Claude Code would source
	// before later Bash tool calls.
	EnvFile  string        `json:"envFile,omitempty"`
	Duration time.Duration `json:"durationNs"`
	// Finished orders the results by finishing time (for updatedInput,
	// where the last to finish wins).
	Finished int             `json:"finished"`
	Verdict  verdict         `json:"verdict"`
	Warnings []hooks.Warning `json:"warnings,omitempty"`
}

// Run dry-runs req's handlers in parallel and merges their verdicts as
// Claude Code does. Cancelling ctx kills running handlers.
func (r *runner) Run(ctx context.Context, req runRequest) runOutcome {
	start := time.Now()
	out := runOutcome{Event: req.Event}
	input := req.Input
	if input == nil {
		input = hooks.NewObject(0)
	}
	rc := r.newRunContext(req.Event, input)
	defer rc.cleanup()
	out.Results = hooks.RunConcurrently(len(req.Hooks), func(i int) runResult {
		return rc.execute(ctx, i, req.Hooks[i])
	}, func(i, order int, res *runResult) {
		res.Finished = order + 1
		if r.OnResult != nil {
			r.OnResult(i, res)
		}
	})
	out.Decision = merge(req.Event, out.Results)
	out.Warnings = analyze(&out)
	out.Duration = time.Since(start)
	return out
}

// execute runs one handler by type.
func (rc *runContext) execute(ctx context.Context, i int, h *hooks.Hook) runResult {
	start := time.Now()
	res := runResult{Hook: h, Type: h.Type, Stdin: rc.stdin}
	res.Timeout = timeoutOf(rc.event, h)
	if reason := rc.skipReason(h); reason != "" {
		res.Form, res.NotRunReason = "preview", reason
		res.Verdict = verdict{Kind: kindNotRun}
		return res
	}
	switch h.Type {
	case TypeCommand:
		rc.runCommand(ctx, i, h, &res)
	case typeHTTP:
		rc.runHTTP(ctx, h, &res)
	case typePrompt, typeAgent, typeMCPTool:
		rc.preview(h, &res)
	default:
		res.Form, res.NotRunReason = "preview", "Claude Code does not know handler type "+quoteOrEmpty(h.Type)
		res.Verdict = verdict{Kind: kindNotRun}
	}
	res.Duration = time.Since(start)
	return res
}

// timeoutOf is the handler's timeout: as written, else the model's
// effective one, else Claude Code's default for the type and event.
func timeoutOf(event hooks.Event, h *hooks.Hook) time.Duration {
	sec := DefaultTimeoutSec(event, h.Type)
	if c := HandlerOf(h); c != nil {
		switch {
		case c.HasTimeout:
			sec = c.TimeoutSec
		case c.EffectiveTimeoutSec > 0:
			sec = c.EffectiveTimeoutSec
		}
	}
	return time.Duration(sec * float64(time.Second))
}

func quoteOrEmpty(s string) string {
	if s == "" {
		return "(none)"
	}
	return `"` + s + `"`
}

// tempDir makes the folder for $CLAUDE_ENV_FILE files.
func tempDir() (string, error) { return os.MkdirTemp("", "hookwarden-claude-env-") }

// runSetup is one dry run of Claude Code, planned and gated.
type runSetup struct {
	req   agents.RunRequest
	input *hooks.Object
	plan  *agents.Plan
	check func(*hooks.Hook) error
	sup   sandbox.Config
	out   *agents.RunGate
}

// RunGate is what the gate made of the run.
func (s *runSetup) RunGate() *agents.RunGate { return s.out }

// Gate says what DryRun would do with req, running nothing.
func (p *project) Gate(_ context.Context, req agents.RunRequest) (*agents.RunGate, error) {
	return agents.GateOf(p.prepare(req))
}

// prepare plans req (the "if" rules see the payload's tool_input) and
// applies the gate: a project, local or plugin handler not approved in
// Hookwarden's store, or running code Hookwarden cannot see, needs
// review, unless the request confirms every handler and asks for no
// sandbox.
func (p *project) prepare(req agents.RunRequest) (*runSetup, error) {
	s, tool := &runSetup{req: req}, req.Query.Tool
	if _, ok := LookupEvent(req.Event); !ok {
		return nil, &agents.ContextError{Event: req.Event, Msg: "is not a Claude Code event"}
	}
	var fields *hooks.Object
	if req.Query.Input != nil {
		var err error
		if fields, err = agents.ParseObject(req.Query.Input, "input"); err != nil {
			return nil, err
		}
		if t, ok := fields.Value("tool_name").(string); ok && tool == "" {
			tool = t
		}
	}
	pctx, err := planContext(req.Event, tool, req.Query.Trigger)
	if err != nil {
		return nil, err
	}
	if req.Payload != nil {
		s.input, err = agents.ParseObject(req.Payload, "payload")
	} else {
		s.input, err = p.sample(req.Event, tool, req.Query.Trigger, fields)
	}
	if err != nil {
		return nil, err
	}
	if pctx != nil && pctx.ToolName != "" {
		if raw := hooks.AppendJSON(nil, s.input.Value("tool_input")); len(raw) > 0 {
			_ = json.Unmarshal(raw, &pctx.ToolInput) // not an object: "if" rules see no input
		}
	}
	s.plan = p.reg.Plan(req.Event, pctx)
	planned, err := p.selected(s)
	if err != nil {
		return nil, err
	}
	// the gate is the kit's (agents.Env.Prepare); the spawn-time script
	// check is Claude Code's own (its commands name ${CLAUDE_PROJECT_DIR}
	// and plugin roots)
	var rep *agents.Review
	if !req.Confirmed || req.Sandbox == agents.SandboxAlways {
		if p.store.Dir == "" {
			return nil, p.storeErr
		}
		if rep, err = audit(p, p.reg.Hooks, p.store); err != nil {
			return nil, err
		}
		s.check = scriptCheck(rep)
	}
	review := func() (func(string) *agents.HookReview, error) {
		byID := map[string]*agents.HookReview{}
		for _, h := range rep.Hooks {
			byID[h.HookID] = &agents.HookReview{HookReview: h.HookReview, HookID: h.HookID}
		}
		return func(id string) *agents.HookReview { return byID[id] }, nil
	}
	hold := func(g *agents.RunGate) {
		data, _ := p.store.Load() // nil: every user handler that runs project code is held
		g.HoldReaching(data, string(Name), p.ProjectDir, p.reachingHooks())
	}
	// the preamble every agent shares (the input is made above: the "if"
	// rules plan with its tool_input); the gate's own script check is
	// replaced by Claude Code's (above)
	prep, err := p.env.Prepare(req, p.ProjectDir, s.plan, planned, func() (*hooks.Object, error) { return s.input, nil },
		agents.GateRule{Reviewed: reviewed, Review: review, Hold: hold, Folders: []string{p.Paths.ConfigDir}})
	if err != nil {
		return nil, err
	}
	s.input, s.sup, s.out = prep.Input, prep.Sup, prep.Gate
	return s, nil
}

// selected are the handlers the request takes: those it picks by ID
// (alone, planned or not), or those of the plan --hook names.
func (p *project) selected(s *runSetup) ([]*hooks.Hook, error) {
	if len(s.req.HookIDs) > 0 {
		var out []*hooks.Hook
		for _, id := range s.req.HookIDs {
			h := p.handler(id)
			if h == nil || h.Event != s.req.Event {
				return nil, &agents.RequestError{Msg: fmt.Sprintf("no %s handler %q", s.req.Event, id)}
			}
			out = append(out, h)
		}
		return out, nil
	}
	planned := s.plan.Hooks
	if len(s.req.Select) == 0 {
		return planned, nil
	}
	picked, missing := selectHandlers(planned, s.req.Select)
	if len(missing) > 0 {
		return nil, &agents.RequestError{Msg: fmt.Sprintf("no handler %q in the plan for %s", strings.Join(missing, `", "`), s.req.Event)}
	}
	return picked, nil
}

// handler is the handler of that ID.
func (p *project) handler(id string) *hooks.Hook {
	for _, h := range p.reg.Hooks {
		if h.ID == id {
			return h
		}
	}
	return nil
}

// DryRun runs req with Claude Code's runner (http handlers to loopback
// and req.AllowHosts only; prompt, agent and mcp_tool handlers shown, not
// run) and says what Claude Code would do.
func (p *project) DryRun(ctx context.Context, req agents.RunRequest) (*agents.RunResult, error) {
	s, err := p.prepare(req)
	if err != nil {
		return nil, err
	}
	g := s.out
	runner := &runner{Spawn: agents.Spawn{Env: p.env.Vars, Check: s.check, Isolation: hooks.Isolation{Supervisor: s.sup, Sandboxed: g.IsSandboxed}},
		ProjectDir: p.ProjectDir, ConfigDir: p.Paths.ConfigDir, AllowHosts: req.AllowHosts}
	if req.OnResult != nil {
		runner.OnResult = func(i int, r *runResult) { req.OnResult(i, hookRun(r)) }
	}
	out := runner.Run(ctx, runRequest{Event: req.Event, Hooks: g.Run, Input: s.input})
	return p.result(s, &out), nil
}

// result is the contract's result of Claude Code's outcome.
func (p *project) result(s *runSetup, o *runOutcome) *agents.RunResult {
	g := s.out
	res := &agents.RunResult{Project: p.ProjectDir, Event: s.req.Event, Label: g.Plan.Label, Gate: g, Payload: string(hooks.AppendJSON(nil, s.input)),
		Notes: []string{}, Warnings: []string{}, Duration: o.Duration}
	for _, h := range g.Held {
		res.Notes = append(res.Notes, fmt.Sprintf("not run: %s (%s) is not approved in Hookwarden's store, or runs code Hookwarden cannot see; Claude Code would run it. Pass --yes to run it.", selectionLabel(h), h.Origin.Layer))
	}
	switch {
	case len(g.Planned) == 0:
		res.Verdict = agents.Verdict{Effect: effectNothing, Headline: string(o.Event) + ": no handler runs; Claude Code goes ahead"}
	case len(o.Results) == 0:
		res.Verdict = agents.Verdict{Effect: effectNothing, Headline: string(o.Event) + ": nothing was run"}
	default:
		res.Verdict = agents.Verdict{Effect: o.Decision.Effect, Headline: o.Decision.Headline, Details: o.Decision.Details}
	}
	if n := len(g.Held); n > 0 {
		res.HeldNote = fmt.Sprintf("%d handler(s) not run: %s (review with 'hookwarden audit --agent claude', approve with 'hookwarden trust --agent claude', or pass --yes)", n, g.HeldWhy())
	}
	if len(o.Results) > 0 {
		res.Summary = fmt.Sprintf("%d handler(s) ran in parallel in %s", len(o.Results), agents.Milliseconds(o.Duration))
	}
	for i := range o.Results {
		res.Hooks = append(res.Hooks, hookRun(&o.Results[i]))
	}
	for _, w := range o.Warnings {
		if w.Index < 0 {
			res.Warnings = append(res.Warnings, w.Message)
		}
	}
	// what only Claude Code says of the run: its merged decision
	res.SetDocument(agent{}.Info().Name, agent{}.Info().Title, agents.Member("decision", o.Decision))
	return res
}

// hookRun is the contract's run of one handler's result.
func hookRun(r *runResult) agents.HookRun {
	h := r.Hook
	run := agents.HookRun{
		Hook: h, ID: h.ID, Label: handlerLabel(h), Where: string(h.Origin.Layer) + ", " + r.Form, Ran: r.Form != "preview",
		NotRunReason: r.NotRunReason, Preview: r.Preview, Command: strings.Join(r.Argv, " "), Stdin: r.Stdin,
		ExitCode: r.ExitCode, HasExitCode: r.HasExitCode, Signal: r.Signal, HTTPStatus: r.HTTPStatus,
		Stdout: r.Stdout, Stderr: r.Stderr, HasStreams: r.Form != "preview", Error: r.Error, TimedOut: r.TimedOut,
		Cancelled: r.Cancelled, Truncated: r.Truncated, Timeout: r.Timeout, Duration: r.Duration,
		Sandboxed: r.Sandboxed, Sandbox: r.Sandbox, Verdict: verdictOf(r.Verdict),
		// what only Claude Code says of a handler's run: its type, how it
		// ran, what was spawned or sent, the env file it wrote, when it
		// finished, and its answer as Claude Code reads it
		Agent: agents.Document{agents.Member("type", r.Type), agents.Member("form", r.Form), agents.Member("argv", nonNilStrings(r.Argv)),
			agents.Member("url", r.URL), agents.Member("headers", r.Headers), agents.Member("env_file", r.EnvFile),
			agents.Member("pipes_held", r.PipesHeld), agents.Member("finished", r.Finished), agents.Member("answer", r.Verdict)},
	}
	if r.NotRunReason != "" {
		run.Report = append(run.Report, agents.Field{Key: "not_run", Label: "not run", Value: r.NotRunReason})
	}
	if r.Preview != "" {
		run.Report = append(run.Report, agents.Field{Key: "preview", Label: "would send", Value: agents.Clip(r.Preview, 400)})
	}
	run.Report = append(run.Report,
		agents.Field{Key: "stdout", Label: "stdout", Value: r.Stdout, Code: true},
		agents.Field{Key: "stderr", Label: "stderr", Value: r.Stderr, Code: true})
	if r.Verdict.Error != "" {
		run.Report = append(run.Report, agents.Field{Key: "shown", Label: "Claude Code shows", Value: r.Verdict.Error})
	}
	if len(r.Argv) > 0 {
		run.Facts = append(run.Facts, agents.Field{Key: "argv", Label: "ran (" + r.Form + ")", Value: run.Command, Code: true})
	}
	if r.URL != "" {
		run.Facts = append(run.Facts, agents.Field{Key: "url", Label: "POST", Value: r.URL, Code: true})
	}
	if r.EnvFile != "" {
		run.Facts = append(run.Facts, agents.Field{Key: "env_file", Label: "written to $CLAUDE_ENV_FILE", Value: r.EnvFile, Code: true})
	}
	for _, w := range r.Warnings {
		run.Warnings = append(run.Warnings, w.Message)
	}
	status := r.Verdict.Kind
	switch {
	case r.HasExitCode:
		status = fmt.Sprintf("exit %d, %s", r.ExitCode, r.Verdict.Kind)
	case r.HTTPStatus != 0:
		status = fmt.Sprintf("HTTP %d, %s", r.HTTPStatus, r.Verdict.Kind)
	case r.Error != "":
		status = r.Error + ", " + r.Verdict.Kind
	}
	run.Summary = status + ", " + agents.Milliseconds(r.Duration)
	if run.Ran {
		run.Traits = append(run.Traits, r.Form)
	}
	run.Traits = append(run.Traits, strings.ReplaceAll(r.Verdict.Kind, "-", " "))
	if r.Verdict.JSON != nil {
		run.Traits = append(run.Traits, "JSON output")
	}
	return run
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// verdictOf is what Claude Code does with one handler's answer, in words.
func verdictOf(v verdict) agents.Verdict {
	var parts []string
	if v.Block {
		s := "Blocks"
		if v.Reason != "" {
			s += ": " + v.Reason
		}
		parts = append(parts, s)
	}
	if v.Permission != "" {
		s := "Permission decision: " + v.Permission
		if v.PermissionReason != "" {
			s += " (" + v.PermissionReason + ")"
		}
		parts = append(parts, s)
	}
	if v.Stop {
		s := v.StopReason
		if s == "" {
			s = "(none)"
		}
		parts = append(parts, "Stops Claude: "+s)
	}
	if v.Error != "" {
		parts = append(parts, "Claude Code shows: "+v.Error)
	}
	if v.ShownTo != "" && (v.Block || v.Error != "") {
		parts = append(parts, "(shown to "+v.ShownTo+")")
	}
	out := agents.Verdict{Headline: strings.Join(parts, " ")}
	switch {
	case v.Block || v.Permission == permissionDeny:
		out.Effect = effectBlocked
	case v.Stop:
		out.Effect = effectStopped
	case v.Permission == permissionAsk:
		out.Effect = effectAsks
	case v.Error != "":
		out.Effect = agents.EffectWarns
	case v.Permission != "":
		out.Effect = effectAllowed
	}
	return out
}

// SamplePayload is Claude Code's sample input for the event and query
// (real captures), with q.Input's fields set over it.
func (p *project) SamplePayload(event hooks.Event, q agents.Query) ([]byte, error) {
	return agents.SampleWith(q, func(fields *hooks.Object) (*hooks.Object, error) {
		return p.sample(event, q.Tool, q.Trigger, fields)
	})
}

// sample is the sample input with fields set over it.
func (p *project) sample(event hooks.Event, tool, value string, fields *hooks.Object) (*hooks.Object, error) {
	in, err := sampleInput(sampleOptions{Event: event, Tool: tool, Trigger: value,
		ProjectDir: p.ProjectDir, Home: p.env.Home, ConfigDir: p.Paths.ConfigDir})
	if err != nil {
		return nil, &agents.RequestError{Msg: err.Error()}
	}
	if fields != nil {
		for _, k := range fields.Keys() {
			in.Set(k, fields.Value(k))
		}
	}
	return in, nil
}

// RunNotice says what Claude Code's folder flag means for a run: nothing
// stops Run, as nothing stops claude -p.
func (p *project) RunNotice() agents.RunNotice {
	n := agents.RunNotice{Review: "These handlers are not approved in Hookwarden's store:"}
	if !p.FolderTrust.Accepted {
		n.Folder = "Claude Code's folder trust is not accepted here: an interactive session would ask before " +
			"running any hook; claude -p runs them all without asking, and so does Run."
	}
	return n
}
