package copilot

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
)

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
	Env       settingsio.Env
	Isolation hooks.Isolation
	Check     func(h *hooks.Hook) error
	OnResult  func(index int, r *runResult)
	Grace     time.Duration
	StreamCap int
}

// runResult is one hook's dry run.
type runResult struct {
	Hook        *hooks.Hook
	Argv        []string
	Dir         string
	Stdin       string
	Timeout     time.Duration
	ExitCode    int
	HasExitCode bool
	Signal      string
	Stdout      string
	Stderr      string
	Error       string
	NotRun      string
	TimedOut    bool
	Cancelled   bool
	Truncated   bool
	Sandboxed   bool
	Sandbox     *sandbox.Report
	Duration    time.Duration
	Answer      answer
}

// runOutcome is the dry run of an event.
type runOutcome struct {
	Event   hooks.Event
	Results []runResult
	// Stopped is the index of the hook whose deny stopped the rest (-1
	// none); Skipped are the hooks not started because of it.
	Stopped  int
	Skipped  []*hooks.Hook
	Duration time.Duration
}

// Run runs hs for the event with the camelCase payload in, one after
// another.
func (r *runner) Run(ctx context.Context, info eventInfo, hs []*hooks.Hook, in *hooks.Object, projectDir string) runOutcome {
	start := time.Now()
	out := runOutcome{Event: info.Name, Stopped: -1}
	if in == nil {
		in = hooks.NewObject(0)
	}
	cur := in.Clone()
	for i, h := range hs {
		if out.Stopped >= 0 {
			out.Skipped = append(out.Skipped, h)
			continue
		}
		res := r.runOne(ctx, info, h, cur, projectDir)
		out.Results = append(out.Results, res)
		if r.OnResult != nil {
			r.OnResult(len(out.Results)-1, &out.Results[len(out.Results)-1])
		}
		if res.Answer.Stops {
			out.Stopped = i
		}
		if m, ok := res.Answer.Fields["modifiedArgs"]; ok {
			if v, err := hooks.ParseJSON(m); err == nil {
				cur.Set("toolArgs", v)
			}
		}
	}
	out.Duration = time.Since(start)
	return out
}

func (r *runner) runOne(ctx context.Context, info eventInfo, h *hooks.Hook, in *hooks.Object, projectDir string) (res runResult) {
	start := time.Now()
	c := handlerOf(h)
	payload := in
	if c != nil && c.Pascal {
		payload = pascalPayload(info, in)
	}
	res = runResult{Hook: h, Stdin: string(hooks.AppendJSON(nil, payload)), Dir: projectDir, Timeout: defaultTimeoutSec * time.Second}
	defer func() { res.Duration = time.Since(start) }()
	if c == nil {
		res.NotRun = "not a Copilot CLI hook"
		return res
	}
	res.Timeout = time.Duration(c.TimeoutSec * float64(time.Second))
	if c.Type != "command" {
		res.NotRun = "a " + c.Type + " hook: the dry run runs command hooks only"
		return res
	}
	if c.Cwd != "" {
		if filepath.IsAbs(c.Cwd) {
			res.Dir = c.Cwd
		} else {
			res.Dir = filepath.Join(projectDir, c.Cwd)
		}
	}
	env := r.hookEnv(c, projectDir)
	spec := hooks.SpawnSpec{Env: env, Dir: res.Dir, Stdin: res.Stdin, Timeout: res.Timeout, Grace: r.Grace, Cap: r.StreamCap, NewSession: true}
	spec.DefaultLimits()
	switch {
	case c.Bash != nil:
		spec.Program, spec.Args = "/bin/bash", []string{"-c", *c.Bash}
	case c.Exec != nil:
		spec.Program, spec.Args = *c.Exec, c.Args
	default:
		res.NotRun = "a powershell-only hook: Copilot on Linux and macOS runs bash commands (not observed); the dry run does not start pwsh"
		return res
	}
	spec.Path = hooks.ResolveExecutable(spec.Program, env)
	res.Argv = append([]string{spec.Program}, spec.Args...)
	res.Sandboxed = spec.Guard(h, r.Check, r.Isolation, payload)
	pr := spec.Run(ctx)
	res.Sandbox = pr.Sandbox
	res.Stdout, res.Stderr = hooks.DecodeUTF8(pr.Stdout), hooks.DecodeUTF8(pr.Stderr)
	res.Truncated, res.Signal = pr.Truncated, pr.Signal
	end := processEnd{Stdout: res.Stdout, Stderr: res.Stderr, TimeoutSec: c.TimeoutSec, File: h.Origin.File}
	switch {
	case strings.HasPrefix(pr.StartErr, hooks.RefusedPrefix):
		res.Error, res.NotRun = pr.StartErr, pr.StartErr
		return res
	case pr.StartErr != "":
		res.Error, end.Error = pr.StartErr, pr.StartErr
	case pr.TimedOut:
		res.TimedOut, end.TimedOut = true, true
		res.Error = fmt.Sprintf("timed out after %g s", c.TimeoutSec)
	case pr.Cancelled:
		res.Cancelled, res.Error, end.Error = true, "cancelled", "cancelled"
	case pr.Exited:
		res.ExitCode, res.HasExitCode = pr.Code, true
		end.HasCode, end.Code = true, pr.Code
	}
	res.Answer = interpret(info, c.Pascal, end)
	return res
}

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
