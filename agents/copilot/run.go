package copilot

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// runSetup is one dry run, planned and gated.
type runSetup struct {
	*agents.Prepared
	info eventInfo
}

// Gate says what DryRun would do with req, running nothing.
func (p *project) Gate(_ context.Context, req agents.RunRequest) (*agents.RunGate, error) {
	return agents.GateOf(p.prepare(req))
}

// prepare plans req and applies Hookwarden's gate: a repository hook that
// is not approved (new, changed, a script changed) or runs code
// Hookwarden cannot see runs in the sandbox or only when confirmed.
func (p *project) prepare(req agents.RunRequest) (*runSetup, error) {
	q := req.RunQuery()
	info, tool, err := planQuery(req.Event, q)
	if err != nil {
		return nil, err
	}
	snap := p
	if req.AsTrusted && !(snap.Trust.Trusted || snap.Trust.OptIn) {
		getenv := func(k string) string {
			if k == "COPILOT_ALLOW_ALL" {
				return "true"
			}
			return p.env.Get(k)
		}
		if snap, err = loadProject(options{Cwd: p.Dir(), Getenv: getenv}); err != nil {
			return nil, err
		}
		// the second read plans as if trusted; what it plans must be what
		// the snapshot showed (and the review reviewed)
		if err := agents.SameFiles(fileBytes(p.Files), fileBytes(snap.Files)); err != nil {
			return nil, err
		}
	}
	plan, err := snap.Plan(info.Name, agents.Query{Tool: tool})
	if err != nil {
		return nil, err
	}
	planned, err := selected(snap, plan, req, info)
	if err != nil {
		return nil, err
	}
	// the user's hooks that run the project's code, until approved here
	// (a store that cannot be read holds every one)
	holdReaching := func(g *agents.RunGate) {
		data, _ := p.store.Load()
		g.HoldReaching(data, string(Name), p.Dir(), p.reachingHooks())
	}
	prep, err := p.env.Prepare(req, p.Dir(), plan, planned, func() (*hooks.Object, error) { return p.sample(info, tool, q) },
		agents.GateRule{Reviewed: func(h *hooks.Hook) bool { return h.Origin.Layer == layerRepository }, Review: agents.Reviews(p.review),
			Hold: holdReaching, Folders: []string{p.Paths.CopilotHome}})
	if err != nil {
		return nil, err
	}
	return &runSetup{Prepared: prep, info: info}, nil
}

// selected are the hooks the request takes: picked by ID or Copilot key
// (alone, planned or not), or those of the plan its selectors name (ID,
// Copilot key of 8 characters or more, command).
func selected(snap *project, plan *agents.Plan, req agents.RunRequest, info eventInfo) ([]*hooks.Hook, error) {
	var all []*hooks.Hook
	for _, h := range snap.Handlers {
		all = append(all, h.Hook)
	}
	picks := func(h *hooks.Hook, id string) bool {
		c := handlerOf(h)
		return c != nil && (h.ID == id || c.Key != "" && c.Key == id) && c.Event.Name == info.Name && c.Valid
	}
	return agents.Select(all, picks, plan, req, func(h *hooks.Hook, sel string) bool {
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
	g := s.Gate
	runner := &runner{Spawn: agents.Spawn{Env: p.env.Vars, Check: s.Check, Isolation: s.Isolation()}, OnResult: req.OnResult}
	start := time.Now()
	ran, skipped := runner.Run(ctx, s.info, g.Run, s.Input, p.Dir())
	res := s.Result(s.info.Name)
	res.Sequential, res.Notes, res.Warnings, res.Duration = true, []string{}, []string{}, time.Since(start)
	res.Hooks = append(res.Hooks, ran...)
	for _, h := range skipped {
		res.Hooks = append(res.Hooks, agents.HookRun{Hook: h, ID: h.ID, Label: p.Title(h), Where: where(h),
			NotRunReason: "not run: an earlier hook denied the tool, and a preToolUse deny stops the hooks after it", Summary: "not run"})
	}
	res.Verdict = verdict(s.info, g.Plan.Label, ran, len(skipped))
	res.NoteHeld(string(Name), "Copilot CLI", p.Title, "", len(ran))
	if len(ran) > 0 {
		res.Summary = fmt.Sprintf("%d hook(s) ran one after another in %s", len(ran), agents.Milliseconds(res.Duration))
	}
	res.NoteSandboxedSequence()
	res.SetDocument(string(Name), title)
	return res, nil
}

// SamplePayload is the camelCase payload Copilot 1.0.102 sends for the
// event (the captured one), with the folder and q's fields over it.
func (p *project) SamplePayload(event hooks.Event, q agents.Query) ([]byte, error) {
	return agents.SampleOf(event, q, planQuery, p.sample)
}

func (p *project) sample(info eventInfo, tool string, q agents.Query) (*hooks.Object, error) {
	in, err := sampleInput(sampleOptions{Event: info.Name, Tool: tool, ProjectDir: p.Dir(), Home: p.Paths.Home, Now: p.env.Clock()})
	if err != nil {
		return nil, &agents.RequestError{Msg: err.Error()}
	}
	return agents.WithInput(in, q.Input)
}

// RunNotice says what Copilot's folder trust means for a dry run.
func (p *project) RunNotice() agents.RunNotice {
	n := agents.RunNotice{Review: "These repository hooks are not approved in Hookwarden (Copilot CLI runs them without asking in a trusted folder):"}
	if t := p.Trust; !t.Trusted && !t.OptIn {
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

// runner dry-runs Copilot CLI command hooks the way Copilot 1.0.102 runs
// them (observed): one after another in Copilot's order, each through the
// shared process primitive (hooks.SpawnSpec: own process group, timeout,
// caps, the gate and the sandbox) as `/bin/bash -c <bash>` (or the exec
// form's program) in the session folder (an entry's cwd relative to it),
// with Copilot's environment plus COPILOT_PROJECT_DIR, CLAUDE_PROJECT_DIR,
// COPILOT_CLI=1 and, for a hook file's hooks, COPILOT_HOOK_DIR, minus
// COPILOT_PROVIDER_* and COPILOT_OFFLINE, and the entry's env set
// literally; the payload on stdin as one JSON object without a newline
// (PascalCase hooks get the Claude-style payload). A preToolUse deny stops
// the hooks after it.
type runner struct {
	// Spawn is how hooks start: Copilot's process environment, limits,
	// sandbox and spawn-time check.
	agents.Spawn
	OnResult func(index int, r agents.HookRun)
}

// Run runs hs for the event with the camelCase payload in, one after
// another: ran are the hooks started, skipped those a preToolUse deny
// stopped.
func (r *runner) Run(ctx context.Context, info eventInfo, hs []*hooks.Hook, in *hooks.Object, projectDir string) (ran []agents.HookRun, skipped []*hooks.Hook) {
	if in == nil {
		in = hooks.NewObject(0)
	}
	cur := in.Clone()
	stopped := false
	for _, h := range hs {
		if stopped {
			skipped = append(skipped, h)
			continue
		}
		start := time.Now()
		run, a := r.runOne(ctx, info, h, cur, projectDir)
		run.Duration = time.Since(start)
		said(&run, a)
		ran = append(ran, run)
		if r.OnResult != nil {
			r.OnResult(len(ran)-1, run)
		}
		stopped = a.Stops
		if m, ok := a.Fields["modifiedArgs"]; ok {
			if v, err := hooks.ParseJSON(m); err == nil {
				cur.Set("toolArgs", v)
			}
		}
	}
	return ran, skipped
}

// runOne runs one hook as Copilot does and reads its answer.
func (r *runner) runOne(ctx context.Context, info eventInfo, h *hooks.Hook, in *hooks.Object, projectDir string) (run agents.HookRun, a answer) {
	c := handlerOf(h)
	payload := in
	if c != nil && c.Pascal {
		payload = pascalPayload(info, in)
	}
	run = agents.HookRun{Hook: h, ID: h.ID, Label: h.Command, Where: where(h), Stdin: string(hooks.AppendJSON(nil, payload)), Timeout: defaultTimeoutSec * time.Second}
	if c == nil {
		run.NotRunReason = "not a Copilot CLI hook"
		return run, a
	}
	run.Timeout = time.Duration(c.TimeoutSec * float64(time.Second))
	if c.Type != "command" {
		run.NotRunReason = "a " + c.Type + " hook: the dry run runs command hooks only"
		return run, a
	}
	dir := projectDir
	if c.Cwd != "" {
		if filepath.IsAbs(c.Cwd) {
			dir = c.Cwd
		} else {
			dir = filepath.Join(projectDir, c.Cwd)
		}
	}
	env := r.hookEnv(c, projectDir)
	spec := r.Command(h, run.Timeout, payload)
	spec.Env, spec.Dir, spec.Stdin = env, dir, run.Stdin
	switch {
	case c.Bash != nil:
		spec.Program, spec.Args = shell.Argv(nil, "", *c.Bash)
	case c.Exec != nil:
		spec.Program, spec.Args = *c.Exec, c.Args
	default:
		run.NotRunReason = "a powershell-only hook: Copilot on Linux and macOS runs bash commands (not observed); the dry run does not start pwsh"
		return run, a
	}
	run.Command = strings.Join(append([]string{spec.Program}, spec.Args...), " ")
	pr := spec.Run(ctx)
	run.Sandboxed, run.Sandbox = pr.Sandboxed, pr.Sandbox
	run.Stdout, run.Stderr = pr.Out, pr.Err
	run.Truncated, run.Signal = pr.Truncated, pr.Signal
	end := processEnd{Stdout: run.Stdout, Stderr: run.Stderr, TimeoutSec: c.TimeoutSec, File: h.Origin.File}
	switch {
	case pr.Refused():
		run.Error, run.NotRunReason = pr.StartErr, pr.StartErr
		return run, a
	case pr.StartErr != "":
		run.Error, end.Error = pr.StartErr, pr.StartErr
	case pr.TimedOut:
		run.TimedOut, end.TimedOut = true, true
		run.Error = fmt.Sprintf("timed out after %g s", c.TimeoutSec)
	case pr.Cancelled:
		run.Cancelled, run.Error, end.Error = true, "cancelled", "cancelled"
	case pr.Exited:
		run.ExitCode, run.HasExitCode = pr.Code, true
		end.HasCode, end.Code = true, pr.Code
	}
	return run, interpret(info, c.Pascal, end)
}

// shell is how Copilot CLI starts a bash hook (observed): /bin/bash -c.
var shell = agents.Shell{Program: "/bin/bash", Flag: "-c"}

// hookEnv is the environment Copilot gives a hook (observed).
func (r *runner) hookEnv(c *handler, projectDir string) settingsio.Env {
	var env settingsio.Env
	for _, kv := range r.Env {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "COPILOT_PROVIDER_") || k == "COPILOT_OFFLINE" || k == "COPILOT_HOOK_DIR" {
			continue
		}
		env = append(env, kv)
	}
	env = env.With("COPILOT_PROJECT_DIR", projectDir).With("CLAUDE_PROJECT_DIR", projectDir).With("COPILOT_CLI", "1").
		With("COPILOT_CLI_BINARY_VERSION", version).With("FORCE_COLOR", "false")
	if c.File != nil && c.File.Kind == kindHooksFile {
		env = env.With("COPILOT_HOOK_DIR", filepath.Dir(c.File.Path))
	}
	for _, kv := range c.Canonical.Env {
		env = env.With(kv[0], kv[1])
	}
	return env
}
