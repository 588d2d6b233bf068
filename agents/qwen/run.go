package qwen

import (
	"context"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// exits are Qwen's exit-code rules (observed): exit 2 blocks with stderr
// as the reason, but not with empty stderr, and JSON on stderr is read as
// the answer; other codes only log; JSON on stdout is the answer.
var exits = claudeschema.Exits{Blocking: 2, NeedsStderr: true, StderrJSON: true, StdoutJSON: true}

// runSetup is one dry run, planned and gated.
type runSetup struct {
	*agents.Prepared
	ev      event
	trusted bool // the folder is trusted, or the run is as if it were
}

func (p *project) Gate(_ context.Context, req agents.RunRequest) (*agents.RunGate, error) {
	return agents.GateOf(p.prepare(req))
}

// prepare plans req (as if trusted with AsTrusted) and applies the gate:
// a project hook not approved (new, changed, a script changed) or running
// code Hookwarden cannot see runs in the sandbox or only when confirmed.
func (p *project) prepare(req agents.RunRequest) (*runSetup, error) {
	req.Event = claudeschema.TracedAs(req, p.snap.fm) // a frontmatter hook traced (agents.TraceHook) runs as its event's
	q := req.RunQuery()
	ev, subject, err := planQuery(req.Event, q)
	if err != nil {
		return nil, err
	}
	snap := p.snap
	if req.AsTrusted && !snap.trust.trusted {
		snap = snap.asTrusted()
	}
	plan, err := snap.plan(hooks.Event(ev.name), q)
	if err != nil {
		return nil, err
	}
	all := claudeschema.HooksOf(p.snap.fm) // picked by ID alone
	for _, c := range snap.handlers {
		all = append(all, c.Hook)
	}
	picks := func(h *hooks.Hook, id string) bool {
		return h.ID == id && handlerOf(h).Event == ev.name && handlerOf(h).Valid()
	}
	planned, err := agents.Select(all, picks, plan, req, func(h *hooks.Hook, sel string) bool { return title(h) == sel })
	if err != nil {
		return nil, err
	}
	prep, err := p.env.Prepare(req, p.Dir(), plan, planned, func() (*hooks.Object, error) { return p.sample(ev, subject, q) },
		agents.GateRule{Reviewed: func(h *hooks.Hook) bool { return h.Origin.Layer == layerProject }, Review: agents.Reviews(p.review),
			Folders: []string{p.snap.qwenHome}, Hold: agents.HoldReachingOf(p.store, string(name), p.Dir(), func() []agents.CommandSpec { return p.section().Reaching(p.snap.hooks, p.snap.home, layerProject) })})
	if err != nil {
		return nil, &agents.RequestError{Msg: err.Error()}
	}
	return &runSetup{Prepared: prep, ev: ev, trusted: req.AsTrusted || snap.trust.trusted}, nil
}

// asTrusted is the snapshot with the project layer loaded.
func (s *snapshot) asTrusted() *snapshot {
	cp := *s
	cp.handlers = nil
	for _, c := range s.handlers {
		d := &handler{Entry: c.Entry.AsTrusted(), file: c.file}
		d.Hook.Ext, cp.handlers = d, append(cp.handlers, d)
	}
	return &cp
}

// DryRun runs the hooks as Qwen Code does: in parallel (one after another
// when a definition is sequential, each getting the previous answer's
// hookSpecificOutput.tool_input), and says what Qwen would do.
func (p *project) DryRun(ctx context.Context, req agents.RunRequest) (*agents.RunResult, error) {
	s, err := p.prepare(req)
	if err != nil {
		return nil, err
	}
	g := s.Gate
	start := time.Now()
	runs, results := make([]agents.HookRun, len(g.Run)), make([]claudeschema.Result, len(g.Run))
	cur := s.Input
	claudeschema.RunAll(len(g.Run), g.Plan.Sequential, func(i int) {
		runs[i], results[i] = p.runOne(ctx, s, g.Run[i], cur)
		if g.Plan.Sequential {
			cur = claudeschema.ChainToolInput(cur, runs[i].Stdout)
		}
		if req.OnResult != nil {
			req.OnResult(i, runs[i])
		}
	})
	res := s.Result(hooks.Event(s.ev.name))
	res.Sequential, res.Hooks, res.Notes, res.Duration = g.Plan.Sequential, runs, []string{}, time.Since(start)
	res.Verdict, res.Warnings = verdict(s.ev, g.Plan.Label, g.Run, results)
	claudeschema.Finish(res, string(name), agentTitle, title)
	return res, nil
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9]`)

// hookEnv is the environment Qwen gives a hook (observed): its own (OPENAI_API_KEY included, and what
// its .env files add: DotEnv.Apply; the user's only in a folder it does not trust), the three
// *_PROJECT_DIR = the cwd, QWEN_CODE_PROJECT_DIR = its state folder for the cwd, and the entry's env (expanded at load) last.
func (p *project) hookEnv(h *hooks.Hook, trusted bool) settingsio.Env {
	env, dir := p.snap.dotEnv().For(trusted).Apply(p.env.Vars, p.Dir()), p.Dir()
	env = env.With("QWEN_PROJECT_DIR", dir).With("CLAUDE_PROJECT_DIR", dir).With("GEMINI_PROJECT_DIR", dir).
		With("QWEN_CODE_PROJECT_DIR", filepath.Join(p.snap.qwenHome, "projects", unsafeChars.ReplaceAllString(dir, "-"))).
		With("QWEN_CODE_CLI", "1").With("QWEN_CODE_NO_RELAUNCH", "true")
	for k, v := range h.Env {
		env = env.With(k, v)
	}
	return env
}

// HookSpawn is agents.HookSpawner: Qwen Code 0.24.4 starts a command hook
// as argv ["bash", "-c", TEXT] (observed; for its fire-and-forget events a
// node supervisor starts that bash), TEXT the command as it expanded $VAR
// at load. A variable it may set itself (observed: QWEN_CODE_CLI, …;
// source: the rest) or never expands, or takes from a settings "env" or a
// .env file (observed: in the text when it relaunched itself, not with
// QWEN_CODE_NO_RELAUNCH), leaves the text unknown: not enforceable.
func (p *project) HookSpawn(h *hooks.Hook) (func([]string) bool, bool) {
	own := strings.Fields("QWEN_HOME QWEN_TLS_INSECURE NODE_TLS_REJECT_UNAUTHORIZED QWEN_DEBUG_LOG_FILE GOOGLE_GENAI_USE_VERTEXAI GOOGLE_CLOUD_PROJECT DEBUG SESSION_ID QWEN_SERVER_TOKEN QWEN_DAEMON_TOKEN")
	return claudeschema.LoadedSpawn(h, p.snap.settings, func(n string) bool {
		v, _ := p.env.Lookup(n)
		w, _ := p.snap.getenv(n) // with the .env files
		return strings.HasPrefix(strings.ToUpper(n), "QWEN_CODE_") || slices.Contains(own, strings.ToUpper(n)) || v != w
	})
}

// runOne runs one hook with `bash -c` in the session folder (observed).
func (p *project) runOne(ctx context.Context, s *runSetup, h *hooks.Hook, in *hooks.Object) (agents.HookRun, claudeschema.Result) {
	c := handlerOf(h)
	if h.Type != "command" {
		return agents.HookRun{Hook: h, ID: h.ID, Label: title(h), Where: agents.OriginLabel(h), NotRunReason: "a " + h.Type + " hook: the dry run runs command hooks only",
			Summary: "not run"}, claudeschema.Result{Kind: claudeschema.Failed}
	}
	run, r := exits.Run(ctx, claudeschema.Command{Hook: h, Program: "/bin/bash", Args: []string{"-c", h.Command}, Shown: "/bin/bash -c " + agents.ShellQuote(p.redact(h.Command)),
		Env: p.hookEnv(h, s.trusted), Dir: p.Dir(), Timeout: c.Timeout, Input: in, Check: s.Check, Isolation: s.Isolation()})
	run.Label = title(h)
	if run.TimedOut {
		run.Error += ": Qwen Code kills it and goes on (fail-open)"
	}
	if c.Async {
		run.Warnings = append(run.Warnings, "async: Qwen Code does not wait for it and does not use its answer")
		run.Traits = append(run.Traits, "async")
		r = claudeschema.Result{Kind: claudeschema.NonBlocking, Output: claudeschema.Output{Continue: true}}
	}
	if s.ev.name == "PreToolUse" && r.Output.UpdatedInput {
		run.Warnings = append(run.Warnings, "ignored by Qwen Code: hookSpecificOutput.updatedInput (the original tool input runs)")
	}
	if s.ev.name == "PreToolUse" && r.Output.AdditionalContext != "" {
		run.Warnings = append(run.Warnings, "ignored by Qwen Code: additionalContext on PreToolUse")
	}
	return run, r
}
