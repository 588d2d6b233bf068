package copilot

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// runSetup is one dry run, planned and gated.
type runSetup struct {
	info  eventInfo
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

// prepare plans req and applies Hookwarden's gate: a repository hook that
// is not approved (new, changed, a script changed) or runs code
// Hookwarden cannot see runs in the sandbox or only when confirmed.
func (p *project) prepare(req agents.RunRequest) (*runSetup, error) {
	q := req.Query
	if req.Payload != nil && q.Input == nil {
		q.Input = req.Payload
	}
	info, tool, err := planQuery(req.Event, q)
	if err != nil {
		return nil, err
	}
	snap := p.snap
	if req.AsTrusted && !(snap.Trust.Trusted || snap.Trust.OptIn) {
		getenv := func(k string) string {
			if k == "COPILOT_ALLOW_ALL" {
				return "true"
			}
			return p.env.Get(k)
		}
		if snap, err = Load(options{Cwd: p.Dir(), Getenv: getenv}); err != nil {
			return nil, err
		}
		// the second read plans as if trusted; what it plans must be what
		// the snapshot showed (and the review reviewed)
		if err := agents.SameFiles(fileBytes(p.snap.Files), fileBytes(snap.Files)); err != nil {
			return nil, err
		}
	}
	plan, err := snap.plan(info.Name, agents.Query{Tool: tool})
	if err != nil {
		return nil, err
	}
	s := &runSetup{info: info}
	planned, err := selected(snap, plan, req, info)
	if err != nil {
		return nil, err
	}
	if req.Payload != nil {
		s.input, err = agents.ParseObject(req.Payload, "payload")
	} else {
		s.input, err = p.sample(info, tool, q)
	}
	if err != nil {
		return nil, err
	}
	s.sup = p.env.Supervisor(p.Dir(), p.snap.Paths.CopilotHome)
	s.sup.RecordProbes = req.Trace
	// the user's hooks that run the project's code, until approved here
	// (a store that cannot be read holds every one)
	holdReaching := func(g *agents.RunGate) {
		data, _ := p.store.Load()
		g.HoldReaching(data, string(Name), p.Dir(), p.reachingHooks())
	}
	s.gate, s.check = claudeschema.Gate(req, plan, planned, func(h *hooks.Hook) bool { return h.Origin.Layer == layerRepository }, p.review, p.Dir(), s.sup, holdReaching)
	return s, nil
}

// selected are the hooks the request takes: picked by ID or Copilot key
// (alone, planned or not), or those of the plan its selectors name (ID,
// Copilot key of 8 characters or more, command).
func selected(snap *snapshot, plan *agents.Plan, req agents.RunRequest, info eventInfo) ([]*hooks.Hook, error) {
	var all []*hooks.Hook
	for _, h := range snap.Handlers {
		all = append(all, h.Hook)
	}
	picks := func(h *hooks.Hook, id string) bool {
		c := handlerOf(h)
		return c != nil && (h.ID == id || c.Key != "" && c.Key == id) && c.Event.Name == info.Name && c.Valid
	}
	return claudeschema.Select(all, picks, plan, req, func(h *hooks.Hook, sel string) bool {
		c := handlerOf(h)
		return c != nil && c.Key != "" && strings.HasPrefix(c.Key, sel) && len(sel) >= 8
	})
}

// DryRun runs req as Copilot does and says what Copilot would do.
func (p *project) DryRun(ctx context.Context, req agents.RunRequest) (*agents.RunResult, error) {
	s, err := p.prepare(req)
	if err != nil {
		return nil, err
	}
	g := s.gate
	runner := &runner{Env: p.env.Vars, Check: s.check, Isolation: hooks.Isolation{Supervisor: s.sup, Sandboxed: g.IsSandboxed}}
	if req.OnResult != nil {
		runner.OnResult = func(i int, r *runResult) { req.OnResult(i, contractRun(r)) }
	}
	out := runner.Run(ctx, s.info, g.Run, s.input, p.Dir())
	res := &agents.RunResult{Event: s.info.Name, Label: g.Plan.Label, Gate: g, Payload: string(hooks.AppendJSON(nil, s.input)),
		Sequential: true, Notes: []string{}, Warnings: []string{}, Duration: out.Duration}
	for i := range out.Results {
		res.Hooks = append(res.Hooks, contractRun(&out.Results[i]))
	}
	for _, h := range out.Skipped {
		res.Hooks = append(res.Hooks, agents.HookRun{Hook: h, ID: h.ID, Label: p.Title(h), Where: where(h),
			NotRunReason: "not run: an earlier hook denied the tool, and a preToolUse deny stops the hooks after it", Summary: "not run"})
	}
	res.Verdict = verdict(s.info, g.Plan.Label, out)
	res.NoteHeld(string(Name), "Copilot CLI", p.Title, "", len(out.Results))
	if len(out.Results) > 0 {
		res.Summary = fmt.Sprintf("%d hook(s) ran one after another in %s", len(out.Results), agents.Milliseconds(out.Duration))
	}
	res.Document = runDoc{Agent: string(Name), Event: s.info.Name, Verdict: res.Verdict, Hooks: res.Hooks}
	return res, nil
}

type runDoc struct {
	Agent   string           `json:"agent"`
	Event   hooks.Event      `json:"event"`
	Verdict agents.Verdict   `json:"verdict"`
	Hooks   []agents.HookRun `json:"hooks"`
}

func where(h *hooks.Hook) string {
	if c := handlerOf(h); c != nil && c.Pascal {
		return string(h.Origin.Layer) + " " + h.Origin.File + " (PascalCase " + c.Written + ")"
	}
	return string(h.Origin.Layer) + " " + h.Origin.File
}

// contractRun is one result in the contract's terms.
func contractRun(r *runResult) agents.HookRun {
	h := r.Hook
	run := agents.HookRun{Hook: h, Label: h.Command, Where: where(h), Ran: r.NotRun == "", NotRunReason: r.NotRun,
		Command: strings.Join(r.Argv, " "), Stdin: r.Stdin, ExitCode: r.ExitCode, HasExitCode: r.HasExitCode, Signal: r.Signal,
		Stdout: r.Stdout, Stderr: r.Stderr, HasStreams: r.NotRun == "", Error: r.Error, TimedOut: r.TimedOut, Cancelled: r.Cancelled,
		Truncated: r.Truncated, Timeout: r.Timeout, Duration: r.Duration, Sandboxed: r.Sandboxed, Sandbox: r.Sandbox, ID: h.ID}
	a := r.Answer
	if a.Effect != "" && a.Effect != hooks.EffectNothing {
		run.Verdict = agents.Verdict{Effect: a.Effect, Headline: a.Message, Details: a.Notes}
	}
	for _, ig := range a.Ignored {
		run.Warnings = append(run.Warnings, "ignored by Copilot: "+ig)
	}
	status := a.Effect
	switch {
	case r.NotRun != "":
		status = "not run"
	case r.HasExitCode:
		status = fmt.Sprintf("exit %d, %s", r.ExitCode, strings.ToLower(a.Effect))
	case r.Error != "":
		status = r.Error + ", " + strings.ToLower(a.Effect)
	}
	run.Summary = status + ", " + agents.Milliseconds(r.Duration)
	if r.Sandboxed {
		run.Traits = append(run.Traits, "sandbox")
	}
	if c := handlerOf(h); c != nil && c.Pascal {
		run.Traits = append(run.Traits, "PascalCase")
	}
	if r.NotRun != "" {
		run.Report = append(run.Report, agents.Field{Key: "not_run", Label: "not run", Value: r.NotRun})
	}
	if a.Message != "" {
		run.Report = append(run.Report, agents.Field{Key: "copilot", Label: "Copilot", Value: a.Message})
	}
	run.Report = append(run.Report,
		agents.Field{Key: "stdout", Label: "stdout", Value: r.Stdout, Code: true},
		agents.Field{Key: "stderr", Label: "stderr", Value: r.Stderr, Code: true})
	return run
}

// verdict is what Copilot does with an event's runs, in words.
func verdict(info eventInfo, label string, out runOutcome) agents.Verdict {
	var changed, warns, failed, allowed, stopped []string
	for i := range out.Results {
		r := &out.Results[i]
		a := r.Answer
		name := r.Hook.Command
		switch a.Effect {
		case hooks.EffectBlocked:
			if info.Name == "preToolUse" || info.Name == "permissionRequest" {
				v := agents.Verdict{Effect: hooks.EffectBlocked, Headline: fmt.Sprintf("%s: BLOCKED by %s — the model gets %q", label, name, a.Message), Details: a.Notes}
				if info.Name == "preToolUse" && len(out.Skipped) > 0 {
					v.Details = append(v.Details, fmt.Sprintf("%d later hook(s) did not run: a preToolUse deny stops the rest", len(out.Skipped)))
				}
				if info.Name == "preToolUse" {
					v.Details = append(v.Details, "no permissionRequest and no postToolUse follow")
				} else {
					v.Details = append(v.Details, "later permissionRequest hooks still run")
				}
				return v
			}
		case hooks.EffectChanged:
			changed = append(changed, a.Message)
		case "WARNS":
			warns = append(warns, a.Message)
		case hooks.EffectFailed:
			failed = append(failed, name+": "+a.Message)
		case hooks.EffectAllowed:
			allowed = append(allowed, a.Message)
		case hooks.EffectStopped:
			stopped = append(stopped, a.Message)
		}
	}
	details := append(append([]string{}, failed...), warns...)
	switch {
	case len(stopped) > 0:
		return agents.Verdict{Effect: hooks.EffectStopped, Headline: label + ": " + stopped[len(stopped)-1], Details: details}
	case len(changed) > 0:
		return agents.Verdict{Effect: hooks.EffectChanged, Headline: label + ": CHANGED — " + changed[len(changed)-1], Details: append(changed[:len(changed)-1], details...)}
	case len(allowed) > 0:
		return agents.Verdict{Effect: hooks.EffectAllowed, Headline: label + ": ALLOWED — " + allowed[len(allowed)-1], Details: details}
	case len(warns) > 0:
		return agents.Verdict{Effect: agents.EffectWarns, Headline: label + ": a warning is shown (" + warns[0] + "); Copilot goes on", Details: details}
	case len(failed) > 0:
		h := label + ": hook errors are logged; Copilot goes on"
		if info.Name == "preToolUse" {
			h = label + ": a hook timed out; Copilot goes on and the tool runs (fail-open)"
		}
		return agents.Verdict{Effect: hooks.EffectFailed, Headline: h, Details: details}
	}
	h := label + ": no hook objects; Copilot CLI goes ahead"
	if info.Name == "preToolUse" {
		h = label + ": no hook objects; the tool runs (with --allow-all-tools, else after the permission check)"
	}
	return agents.Verdict{Effect: hooks.EffectNothing, Headline: h}
}

// SamplePayload is the camelCase payload Copilot 1.0.102 sends for the
// event (the captured one), with the folder and q's fields over it.
func (p *project) SamplePayload(event hooks.Event, q agents.Query) ([]byte, error) {
	info, tool, err := planQuery(event, agents.Query{Tool: q.Tool, Trigger: q.Trigger})
	if err != nil {
		return nil, err
	}
	in, err := p.sample(info, tool, q)
	if err != nil {
		return nil, err
	}
	return hooks.AppendJSON(nil, in), nil
}

func (p *project) sample(info eventInfo, tool string, q agents.Query) (*hooks.Object, error) {
	in, err := sampleInput(sampleOptions{Event: info.Name, Tool: tool, ProjectDir: p.Dir(), Home: p.snap.Paths.Home, Now: p.env.Clock()})
	if err != nil {
		return nil, &agents.RequestError{Msg: err.Error()}
	}
	return agents.WithInput(in, q.Input)
}

// RunNotice says what Copilot's folder trust means for a dry run.
func (p *project) RunNotice() agents.RunNotice {
	n := agents.RunNotice{Review: "These repository hooks are not approved in Hookwarden (Copilot CLI runs them without asking in a trusted folder):"}
	if t := p.snap.Trust; !t.Trusted && !t.OptIn {
		n.Folder = "The folder is not trusted in Copilot CLI: it skips every repository hook here without a word."
		n.AsTrusted = true
		n.Confirm = "Run the repository's hooks as if the folder were trusted in Copilot CLI?"
		n.NotRun = "The repository's hooks were not run: Copilot does not load them while the folder is not trusted."
		n.Ran = "The repository's hooks ran as if the folder were trusted in Copilot CLI."
	}
	return n
}

// fileBytes is what a read of the files found, by path.
func fileBytes(fs []*file) map[string]agents.FileBytes {
	out := make(map[string]agents.FileBytes, len(fs))
	for _, f := range fs {
		out[f.Path] = agents.FileBytes{Exists: f.Exists, Raw: f.Raw}
	}
	return out
}
