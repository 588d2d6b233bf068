package qwen

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// exits are Qwen's exit-code rules (observed): exit 2 blocks with stderr
// as the reason, but not with empty stderr, and JSON on stderr is read as
// the answer; other codes only log; JSON on stdout is the answer.
var exits = claudeschema.Exits{Blocking: 2, NeedsStderr: true, StderrJSON: true, StdoutJSON: true}

// runSetup is one dry run, planned and gated.
type runSetup struct {
	ev    event
	input *hooks.Object
	gate  *agents.RunGate
	check func(*hooks.Hook) error
	sup   sandbox.Config
}

func (s *runSetup) RunGate() *agents.RunGate { return s.gate }

func (p *project) Gate(_ context.Context, req agents.RunRequest) (*agents.RunGate, error) {
	return agents.GateOf(p.prepare(req))
}

// prepare plans req and applies Hookwarden's gate: a project hook that is
// not approved (new, changed, a script changed) or runs code Hookwarden
// cannot see runs in the sandbox or only when confirmed.
func (p *project) prepare(req agents.RunRequest) (*runSetup, error) {
	q := req.Query
	if req.Payload != nil && q.Input == nil {
		q.Input = req.Payload
	}
	ev, subject, err := planQuery(req.Event, q)
	if err != nil {
		return nil, err
	}
	snap := p.snap
	if req.AsTrusted && !snap.trust.trusted {
		cp := *snap
		cp.handlers = nil
		for _, c := range snap.handlers {
			d := *c
			hk := *c.Hook
			d.Entry = &claudeschema.Entry{}
			*d.Entry = *c.Entry
			d.Hook, hk.Ext = &hk, &d
			if hk.Status == hooks.StatusBlockedUntrustedFolder {
				hk.Status, hk.Reason = hooks.StatusRuns, ""
			}
			cp.handlers = append(cp.handlers, &d)
		}
		snap = &cp
	}
	plan, err := snap.plan(hooks.Event(ev.name), agents.Query{Tool: q.Tool, Trigger: q.Trigger, Input: q.Input})
	if err != nil {
		return nil, err
	}
	s := &runSetup{ev: ev}
	g := &agents.RunGate{Plan: plan, Picked: len(req.HookIDs) > 0}
	if g.Planned, err = selected(snap, plan, req, ev); err != nil {
		return nil, err
	}
	if req.Payload != nil {
		s.input, err = agents.ParseObject(req.Payload, "payload")
	} else {
		s.input, err = p.sample(ev, subject, q)
	}
	if err != nil {
		return nil, &agents.RequestError{Msg: err.Error()}
	}
	if !req.Confirmed || req.Sandbox == agents.SandboxAlways {
		r, err := p.review()
		if err != nil {
			g.ReviewErr = err.Error()
		}
		verified := map[string]trust.HookReview{}
		for _, h := range g.Planned {
			if h.Origin.Layer != layerProject {
				continue
			}
			var rv *agents.HookReview
			if r != nil {
				rv = r.Hook(h.ID)
			}
			switch {
			case rv == nil:
				g.Review = append(g.Review, agents.Skip{Hook: h, ID: h.ID, Reason: "not reviewed"})
			case rv.NeedsReview() || rv.RunsUnseenCode():
				why := string(rv.Status)
				if rv.RunsUnseenCode() {
					why = "runs code Hookwarden cannot see"
				}
				g.Review = append(g.Review, agents.Skip{Hook: h, ID: h.ID, Reason: why})
			default:
				verified[h.ID] = rv.HookReview
			}
		}
		s.check = trust.ScriptCheck(p.Dir(), verified, func(h *hooks.Hook) string { return h.Command })
	}
	s.sup = p.env.Supervisor(p.Dir(), p.snap.qwenHome)
	g.Choose(req, sandbox.Prober(s.sup))
	s.gate = g
	return s, nil
}

// selected are the hooks the request takes: by ID (planned or not), or
// those of the plan its selectors name.
func selected(snap *snapshot, plan *agents.Plan, req agents.RunRequest, ev event) ([]*hooks.Hook, error) {
	if len(req.HookIDs) > 0 {
		var out []*hooks.Hook
		for _, id := range req.HookIDs {
			var found *hooks.Hook
			for _, c := range snap.handlers {
				if c.Hook.ID == id && c.Event == ev.name && c.Valid() {
					found = c.Hook
				}
			}
			if found == nil {
				return nil, &agents.RequestError{Msg: fmt.Sprintf("no %s hook %q", ev.name, id)}
			}
			out = append(out, found)
		}
		return out, nil
	}
	if len(req.Select) == 0 {
		return plan.Hooks, nil
	}
	var out []*hooks.Hook
	for _, sel := range req.Select {
		n := len(out)
		for _, h := range plan.Hooks {
			if h.ID == sel || title(h) == sel || strings.TrimSpace(h.Command) == strings.TrimSpace(sel) {
				out = append(out, h)
			}
		}
		if len(out) == n {
			return nil, &agents.RequestError{Msg: fmt.Sprintf("no hook %q in the plan for %s", sel, ev.name)}
		}
	}
	return out, nil
}

// hookRun is one hook's run with Qwen's reading of it.
type hookRun struct {
	run    agents.HookRun
	result claudeschema.Result
}

// DryRun runs the hooks as Qwen Code does: in parallel (one after another
// when a definition is sequential, each getting the previous answer's
// hookSpecificOutput.tool_input), through the shared spawn primitive, and
// says what Qwen would do with their answers.
func (p *project) DryRun(ctx context.Context, req agents.RunRequest) (*agents.RunResult, error) {
	s, err := p.prepare(req)
	if err != nil {
		return nil, err
	}
	g := s.gate
	start := time.Now()
	runs := make([]hookRun, len(g.Run))
	one := func(i int, in *hooks.Object) {
		runs[i] = p.runOne(ctx, s, g.Run[i], in, g.IsSandboxed(g.Run[i]))
		if req.OnResult != nil {
			req.OnResult(i, runs[i].run)
		}
	}
	if g.Plan.Sequential {
		cur := s.input.Clone()
		for i := range g.Run {
			one(i, cur)
			if next := toolInputOf(runs[i].run.Stdout); next != nil && cur.Has("tool_input") {
				if ti, ok := cur.Value("tool_input").(*hooks.Object); ok {
					ti = ti.Clone()
					for _, k := range next.Keys() {
						ti.Set(k, next.Value(k))
					}
					cur = cur.Clone()
					cur.Set("tool_input", ti)
				}
			}
		}
	} else {
		var wg sync.WaitGroup
		for i := range g.Run {
			wg.Add(1)
			go func() { defer wg.Done(); one(i, s.input) }()
		}
		wg.Wait()
	}
	res := &agents.RunResult{Event: hooks.Event(s.ev.name), Label: g.Plan.Label, Gate: g, Payload: string(hooks.AppendJSON(nil, s.input)),
		Sequential: g.Plan.Sequential, Notes: []string{}, Warnings: []string{}, Duration: time.Since(start)}
	var results []claudeschema.Result
	for _, r := range runs {
		res.Hooks = append(res.Hooks, r.run)
		results = append(results, r.result)
	}
	for _, h := range g.Held {
		res.Notes = append(res.Notes, fmt.Sprintf("not run: %s (%s) needs review in Hookwarden. Pass --yes to run it.", title(h), h.Origin.Layer))
	}
	if n := len(g.Held); n > 0 {
		res.HeldNote = fmt.Sprintf("%d hook(s) not run: %s (review with 'hookwarden audit --agent qwen', trust with 'hookwarden trust --agent qwen', or pass --yes)", n, g.HeldWhy())
	}
	res.Verdict, res.Warnings = verdict(s.ev, g.Plan.Label, g.Run, results)
	switch {
	case len(g.Planned) == 0:
		res.Verdict = agents.Verdict{Effect: hooks.EffectNothing, Headline: g.Plan.Label + ": no hook runs; Qwen Code goes ahead"}
	case len(runs) == 0:
		res.Verdict = agents.Verdict{Effect: hooks.EffectNothing, Headline: g.Plan.Label + ": nothing was run"}
	default:
		res.Summary = fmt.Sprintf("%d hook(s) ran %s in %s", len(runs), map[bool]string{true: "one after another", false: "in parallel"}[g.Plan.Sequential], agents.Milliseconds(res.Duration))
	}
	res.Document = map[string]any{"agent": string(name), "event": res.Event, "verdict": res.Verdict, "hooks": res.Hooks}
	return res, nil
}

func toolInputOf(stdout string) *hooks.Object {
	o, ok := claudeschema.ParseOutput(stdout)
	if !ok || !o.Specific {
		return nil
	}
	v, _ := hooks.ParseJSON(strings.TrimSpace(stdout))
	sp, _ := v.(*hooks.Object).Value("hookSpecificOutput").(*hooks.Object)
	ti, _ := sp.Value("tool_input").(*hooks.Object)
	return ti
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9]`)

// hookEnv is the environment Qwen gives a hook (observed): its own
// (OPENAI_API_KEY included), the three *_PROJECT_DIR = the cwd,
// QWEN_CODE_PROJECT_DIR = its state folder for the cwd, and the entry's
// env (expanded at load) last.
func (p *project) hookEnv(h *hooks.Hook) settingsio.Env {
	env := append(settingsio.Env(nil), p.env.Vars...)
	dir := p.Dir()
	env = env.With("QWEN_PROJECT_DIR", dir).With("CLAUDE_PROJECT_DIR", dir).With("GEMINI_PROJECT_DIR", dir).
		With("QWEN_CODE_PROJECT_DIR", filepath.Join(p.snap.qwenHome, "projects", unsafeChars.ReplaceAllString(dir, "-"))).
		With("QWEN_CODE_CLI", "1").With("QWEN_CODE_NO_RELAUNCH", "true")
	for k, v := range h.Env {
		env = env.With(k, v)
	}
	return env
}

func (p *project) runOne(ctx context.Context, s *runSetup, h *hooks.Hook, in *hooks.Object, sandboxed bool) hookRun {
	c := handlerOf(h)
	run := agents.HookRun{Hook: h, ID: h.ID, Label: title(h), Where: agents.OriginLabel(h), Stdin: string(hooks.AppendJSON(nil, in)), Timeout: c.Timeout}
	if h.Type != "command" {
		run.NotRunReason, run.Summary = "a "+h.Type+" hook: the dry run runs command hooks only", "not run"
		return hookRun{run: run, result: claudeschema.Result{Kind: claudeschema.Failed}}
	}
	env := p.hookEnv(h)
	spec := hooks.SpawnSpec{Program: "/bin/bash", Args: []string{"-c", h.Command}, Env: env, Dir: p.Dir(), Stdin: run.Stdin, Timeout: c.Timeout, NewSession: true}
	spec.DefaultLimits()
	spec.Path = hooks.ResolveExecutable(spec.Program, env)
	run.Command = "/bin/bash -c " + agents.ShellQuote(p.redact(h.Command))
	run.Sandboxed = spec.Guard(h, s.check, hooks.Isolation{Supervisor: s.sup, Sandboxed: func(*hooks.Hook) bool { return sandboxed }}, in)
	start := time.Now()
	pr := spec.Run(ctx)
	run.Duration = time.Since(start)
	run.Sandbox = pr.Sandbox
	run.Stdout, run.Stderr, run.Truncated, run.Signal = hooks.DecodeUTF8(pr.Stdout), hooks.DecodeUTF8(pr.Stderr), pr.Truncated, pr.Signal
	run.Ran, run.HasStreams = true, true
	switch {
	case strings.HasPrefix(pr.StartErr, hooks.RefusedPrefix):
		run.Ran, run.Error, run.NotRunReason = false, pr.StartErr, pr.StartErr
	case pr.StartErr != "":
		run.Error = pr.StartErr
	case pr.TimedOut:
		run.TimedOut, run.Error = true, fmt.Sprintf("timed out after %s: Qwen Code kills it and goes on (fail-open)", c.Timeout)
	case pr.Cancelled:
		run.Cancelled, run.Error = true, "cancelled"
	case pr.Exited:
		run.ExitCode, run.HasExitCode = pr.Code, true
	}
	r := exits.Read(pr.Code, pr.Exited && run.Error == "", run.Stdout, run.Stderr)
	if c.Async {
		run.Warnings = append(run.Warnings, "async: Qwen Code does not wait for it and does not use its answer")
		r = claudeschema.Result{Kind: claudeschema.NonBlocking, Output: claudeschema.Output{Continue: true}}
	}
	run.Summary = string(r.Kind) + ", " + agents.Milliseconds(run.Duration)
	if run.HasExitCode {
		run.Summary = fmt.Sprintf("exit %d, %s", run.ExitCode, run.Summary)
	}
	if r.Output.JSON {
		run.Output, run.OutputFormat = strings.TrimSpace(run.Stdout), "json"
	}
	if sandboxed {
		run.Traits = append(run.Traits, "sandbox")
	}
	if c.Async {
		run.Traits = append(run.Traits, "async")
	}
	if s.ev.name == "PreToolUse" {
		if r.Output.UpdatedInput {
			run.Warnings = append(run.Warnings, "ignored by Qwen Code: hookSpecificOutput.updatedInput (the original tool input runs)")
		}
		if r.Output.AdditionalContext != "" {
			run.Warnings = append(run.Warnings, "ignored by Qwen Code: additionalContext on PreToolUse")
		}
	}
	run.Report = append(run.Report, agents.Field{Key: "stdout", Label: "stdout", Value: run.Stdout, Code: true},
		agents.Field{Key: "stderr", Label: "stderr", Value: run.Stderr, Code: true})
	return hookRun{run: run, result: r}
}
