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
	// Env is Codex's process environment (hooks get it unchanged).
	Env settingsio.Env
	// PathPrefix are folders put first on PATH, standing in for the
	// helper folders Codex prepends (see run_spawn.go).
	PathPrefix []string
	// StreamCap and Grace as in hooks.Runner (0 = the defaults).
	StreamCap int
	Grace     time.Duration
	// GOOS selects the shell ("" = this platform).
	GOOS string
	// Isolation starts hooks under the supervisor and, for the ones it
	// picks, in the sandbox (zero value: directly).
	Isolation hooks.Isolation
	// Check, when set, is asked right before each hook's process starts;
	// an error refuses to start it (see hooks.SpawnSpec.Check).
	Check func(h *hooks.Hook) error
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
	spec := hooks.SpawnSpec{Env: env, Dir: dir, Stdin: stdin, Timeout: res.Timeout,
		Grace: r.Grace, Cap: r.StreamCap, NewSession: true}
	spec.DefaultLimits()
	spec.Program, spec.Args = shellCommand(env, r.goos(), h.Command)
	spec.Path = hooks.ResolveExecutable(spec.Program, env)
	res.Argv = append([]string{spec.Program}, spec.Args...)
	res.Sandboxed = spec.Guard(h, r.Check, r.Isolation, input)
	pr := spec.Run(ctx)
	res.Sandbox = pr.Sandbox
	res.Stdout, res.Stderr = hooks.DecodeUTF8(pr.Stdout), hooks.DecodeUTF8(pr.Stderr)
	res.Truncated, res.PipesHeld, res.Signal = pr.Truncated, pr.PipesHeld, pr.Signal
	end := processEnd{Stdout: res.Stdout, Stderr: res.Stderr}
	switch {
	case strings.HasPrefix(pr.StartErr, hooks.RefusedPrefix):
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
