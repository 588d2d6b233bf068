package gemini

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
)

// defaultTimeout is Gemini CLI's DEFAULT_HOOK_TIMEOUT.
const defaultTimeout = 60 * time.Second

// Error texts of Gemini CLI's HookRunner.
const (
	errUntrustedFolder = "Security: Blocked execution of project hook in untrusted folder"
	errMissingCommand  = "Command hook missing command"
	errRuntimeHook     = "hookConfig.action is not a function"
	// errCancelled is Hookwarden's own: the run was cancelled.
	errCancelled = "Hook run cancelled"
)

// runner runs the hooks of a plan as Gemini CLI's HookRunner does, with a
// few guards the reference lacks: each hook runs in its own process group
// that is killed as a whole on timeout or cancellation, the result comes
// back at most a grace period after the hook exits or is killed even if a
// background process holds its pipes, and captured streams are capped.
//
// The zero value is usable; it runs with an empty environment.
type runner struct {
	// Env is the agent's process environment, before sanitization.
	Env settingsio.Env
	// Sanitization is security.environmentVariableRedaction.
	Sanitization sanitization
	// PlansDir is GEMINI_PLANS_DIR (Gemini CLI uses
	// ~/.gemini/tmp/<project>/<session>/plans).
	PlansDir string
	// StreamCap bounds each captured stream (0 = DefaultStreamCap, <0 =
	// unbounded). Output beyond it is read and dropped.
	StreamCap int
	// Grace is the wait for pipes after exit or kill (0 = DefaultGrace).
	Grace time.Duration
	// Shell overrides the platform's shell selection (nil = as Gemini CLI
	// selects it for the Env).
	Shell *shellConfig
	// OnResult, when set, is called as each hook finishes (from the hook's
	// goroutine in parallel runs).
	OnResult func(index int, r *result)
	// Check, when set, is asked right before each hook's process starts;
	// an error refuses to start it (the result's Error starts with
	// RefusedPrefix). See trust.Gate.Check.
	Check func(h *hooks.Hook) error
	// Isolation starts hooks under the supervisor and, for the hooks it
	// picks, in the sandbox (the zero value starts every hook directly).
	Isolation hooks.Isolation
}

// request is one event to run.
type request struct {
	// Plan is what to run (from Registry.Plan or built by hand).
	Plan *agents.Plan
	// Input is the hook input object (base fields and event fields), as
	// Gemini CLI builds it; see NewInput.
	Input *hooks.Object
	// FolderTrusted is the folder trust seen by the runner: in an
	// untrusted folder every "project" hook is refused.
	FolderTrusted bool
}

// outcome is the result of running a plan.
type outcome struct {
	Event      hooks.Event     `json:"event"`
	Sequential bool            `json:"sequential"`
	Results    []result        `json:"results"`
	Aggregated aggregated      `json:"aggregated"`
	Warnings   []hooks.Warning `json:"warnings"`
	Duration   time.Duration   `json:"durationNs"`
	// Aborted is the TypeError Gemini CLI's own code would throw for these
	// outputs (chaining or aggregation); Gemini then reports the event as
	// failed with that error and no output, and in sequential runs the
	// remaining hooks do not run.
	Aborted string `json:"aborted,omitempty"`
}

// result is one hook's execution, as HookExecutionResult plus what
// Hookwarden observes on top.
type result struct {
	Hook *hooks.Hook `json:"-"`
	// Command is the command line given to the shell after expansion
	// ("" when nothing was spawned).
	Command string `json:"command"`
	// Stdin is the JSON the hook was given.
	Stdin   string `json:"stdin"`
	Success bool   `json:"success"`
	// ExitCode is Gemini's exitCode (code || 0) when HasExitCode.
	ExitCode    int  `json:"exitCode"`
	HasExitCode bool `json:"hasExitCode"`
	// Signal names the signal that ended the hook, if any.
	Signal       string      `json:"signal,omitempty"`
	OutputFormat string      `json:"outputFormat,omitempty"`
	Output       hooks.Value `json:"output"`
	// Stdout and Stderr are the decoded streams; HasStreams is false when
	// no process was started (Gemini reports them as undefined then).
	Stdout     string `json:"stdout"`
	Stderr     string `json:"stderr"`
	HasStreams bool   `json:"hasStreams"`
	// Error is the result's error message ("" = none).
	Error     string        `json:"error,omitempty"`
	TimedOut  bool          `json:"timedOut,omitempty"`
	Cancelled bool          `json:"cancelled,omitempty"`
	Duration  time.Duration `json:"durationNs"`
	// Truncated says a stream went over the cap (the rest was dropped).
	Truncated bool `json:"truncated,omitempty"`
	// PipesHeld says a background process still held stdout/stderr open
	// a grace period after the hook exited; the runner stopped reading.
	PipesHeld bool `json:"pipesHeld,omitempty"`
	// Sandboxed says the hook ran in the sandbox; Sandbox is what it did
	// there (nil when it could not start).
	Sandboxed bool            `json:"sandboxed,omitempty"`
	Sandbox   *sandbox.Report `json:"sandbox,omitempty"`
	Parsed    parsedOutput    `json:"-"`
	Warnings  []hooks.Warning `json:"warnings,omitempty"`
}

// timeoutOf is the hook's timeout (hook.timeout ?? 60000 ms) as Node's
// setTimeout waits it: outside [1, 2^31-1] ms, 1 ms.
func timeoutOf(h *hooks.Hook) time.Duration {
	if h.HasTimeout {
		return time.Duration(nodeTimerDelay(h.TimeoutMS)) * time.Millisecond
	}
	return defaultTimeout
}

func timeoutMS(h *hooks.Hook) string {
	switch {
	case h.TimeoutText != "":
		return h.TimeoutText
	case h.HasTimeout:
		return strconv.FormatInt(h.TimeoutMS, 10)
	}
	return "60000"
}

// Run runs req.Plan and aggregates the results. Cancelling ctx kills the
// running hooks; their results carry ErrCancelled.
func (r *runner) Run(ctx context.Context, req request) outcome {
	start := time.Now()
	out := outcome{Results: []result{}}
	if req.Plan == nil {
		out.Aggregated = aggregated{Success: true, Errors: []string{}}
		return out
	}
	out.Event, out.Sequential = req.Plan.Event, req.Plan.Sequential
	input := req.Input
	if input == nil {
		input = hooks.NewObject(0)
	}
	rc := r.newRunContext(input)
	hooks := req.Plan.Hooks
	if req.Plan.Sequential {
		out.Results = make([]result, 0, len(hooks))
		for i, h := range hooks {
			res := rc.execute(ctx, h, req.Plan.Event, input, req.FolderTrusted)
			r.notify(i, &res)
			out.Results = append(out.Results, res)
			if res.Success && res.Output != nil {
				next, err := applyOutputToInput(input, res.Output, req.Plan.Event)
				if err != nil {
					out.Aborted = err.Error()
					break
				}
				input = next
			}
		}
	} else {
		out.Results = make([]result, len(hooks))
		var wg sync.WaitGroup
		for i, h := range hooks {
			if i == len(hooks)-1 {
				out.Results[i] = rc.execute(ctx, h, req.Plan.Event, input, req.FolderTrusted)
				r.notify(i, &out.Results[i])
				break
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				out.Results[i] = rc.execute(ctx, h, req.Plan.Event, input, req.FolderTrusted)
				r.notify(i, &out.Results[i])
			}()
		}
		wg.Wait()
	}
	if out.Aborted != "" {
		var total time.Duration
		for _, res := range out.Results {
			total += res.Duration
		}
		out.Aggregated = aggregated{Strategy: strategyFor(out.Event), Errors: []string{out.Aborted}, TotalDuration: total}
	} else {
		agg, err := aggregate(req.Plan.Event, out.Results)
		out.Aggregated = agg
		if err != nil {
			out.Aborted = err.Error()
		}
	}
	out.Warnings = analyze(&out)
	out.Duration = time.Since(start)
	return out
}

func (r *runner) notify(i int, res *result) {
	if r.OnResult != nil {
		r.OnResult(i, res)
	}
}

// runContext holds what is shared by the hooks of one run.
type runContext struct {
	r       *runner
	baseEnv settingsio.Env
	shell   shellConfig
	// stdin caches the serialized input per input object.
	mu       sync.Mutex
	payloads map[*hooks.Object]string
	// exes caches the shell's path per PATH value.
	exes map[string]string
}

func (r *runner) newRunContext(input *hooks.Object) *runContext {
	rc := &runContext{r: r, baseEnv: sanitizeEnv(r.Env, r.Sanitization), payloads: map[*hooks.Object]string{}, exes: map[string]string{}}
	if r.Shell != nil {
		rc.shell = *r.Shell
	} else {
		rc.shell = defaultShell(r.Env)
	}
	return rc
}

func (rc *runContext) payload(in *hooks.Object) string {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if s, ok := rc.payloads[in]; ok {
		return s
	}
	s := string(hooks.AppendJSON(nil, in))
	rc.payloads[in] = s
	return s
}

// execute is HookRunner.executeHook.
func (rc *runContext) execute(ctx context.Context, h *hooks.Hook, event hooks.Event, input *hooks.Object, trusted bool) result {
	start := time.Now()
	res := result{Hook: h}
	if FactsOf(h).Source == sourceProject && !trusted {
		res.Error = errUntrustedFolder
		return res
	}
	if h.Type == "runtime" {
		res.Error = errRuntimeHook
		res.Duration = time.Since(start)
		return res
	}
	if h.Command == "" {
		res.Error = errMissingCommand
		res.Duration = time.Since(start)
		return res
	}
	if ctx.Err() != nil {
		res.Error, res.Cancelled = errCancelled, true
		return res
	}
	cwd, hasCwd := input.Get("cwd")
	session, _ := input.Get("session_id")
	cwdStr := ""
	if hasCwd {
		cwdStr = hooks.ToJSString(cwd)
	}
	sessionArg := ""
	if hooks.Truthy(session) {
		sessionArg = hooks.ToJSString(session)
	}
	cwdArg := ""
	if hooks.Truthy(cwd) {
		cwdArg = cwdStr
	}
	res.Command = expandCommand(h.Command, cwdArg, rc.r.PlansDir, sessionArg, rc.shell.Shell)
	if rc.shell.Shell == shellPowerShell {
		res.Command += "; if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }"
	}
	res.Stdin = rc.payload(input)
	env := rc.hookEnv(h, input)
	spawn := agents.HookCommand{Hook: h, Program: rc.shell.Executable, Path: rc.executable(env),
		Args: append(append(make([]string, 0, len(rc.shell.Args)+1), rc.shell.Args...), res.Command),
		Env:  env, Stdin: res.Stdin, Timeout: timeoutOf(h), Grace: rc.r.grace(), Cap: rc.r.streamCap(),
		Input: input, Check: rc.r.Check, Isolation: rc.r.Isolation, Group: true}
	if hasCwd {
		spawn.Dir = cwdStr
	}
	pr := spawn.Run(ctx)
	res.Sandboxed, res.Sandbox = pr.Sandboxed, pr.Sandbox
	res.Duration = time.Since(start)
	res.Stdout, res.Stderr, res.HasStreams = pr.Out, pr.Err, true
	res.Truncated, res.PipesHeld, res.Signal = pr.Truncated, pr.PipesHeld, pr.Signal
	switch {
	case pr.StartErr != "":
		res.Error = pr.StartErr
	case pr.TimedOut:
		res.TimedOut = true
		res.Error = fmt.Sprintf("Hook timed out after %sms", timeoutMS(h))
	case pr.Cancelled:
		res.Cancelled = true
		res.Error = errCancelled
	default:
		code := 0
		if pr.Exited {
			code = pr.Code
		}
		res.ExitCode, res.HasExitCode = code, true
		res.Success = pr.Exited && pr.Code == 0
		res.Parsed = parseHookOutput(res.Stdout, res.Stderr, code)
		res.Output, res.OutputFormat = res.Parsed.Output, res.Parsed.Format
	}
	return res
}

// executable resolves the shell on the hook environment's PATH, as libuv
// does for the child, once per PATH value.
func (rc *runContext) executable(env []string) string {
	path := hooks.EnvPath(env)
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if exe, ok := rc.exes[path]; ok {
		return exe
	}
	exe := hooks.ResolveExecutable(rc.shell.Executable, env)
	rc.exes[path] = exe
	return exe
}

func (r *runner) grace() time.Duration {
	if r.Grace > 0 {
		return r.Grace
	}
	return hooks.DefaultGrace
}

func (r *runner) streamCap() int {
	switch {
	case r.StreamCap == 0:
		return hooks.DefaultStreamCap
	case r.StreamCap < 0:
		return int(^uint(0) >> 1)
	}
	return r.StreamCap
}

// hookEnv is the hook's environment: the sanitized environment, then
// GEMINI_PROJECT_DIR, GEMINI_PLANS_DIR, GEMINI_CWD, GEMINI_SESSION_ID,
// CLAUDE_PROJECT_DIR (values that are undefined in the input are left out,
// as Node does), then the hook's env.
func (rc *runContext) hookEnv(h *hooks.Hook, input *hooks.Object) []string {
	env := make([]string, len(rc.baseEnv), len(rc.baseEnv)+5+len(h.Env))
	copy(env, rc.baseEnv)
	index := make(map[string]int, len(env)+5+len(h.Env))
	for i, kv := range env {
		for j := 0; j < len(kv); j++ {
			if kv[j] == '=' {
				index[kv[:j]] = i
				break
			}
		}
	}
	set := func(k, v string) {
		if i, ok := index[k]; ok {
			env[i] = k + "=" + v
			return
		}
		index[k] = len(env)
		env = append(env, k+"="+v)
	}
	cwd, hasCwd := input.Get("cwd")
	session, hasSession := input.Get("session_id")
	if hasCwd {
		set("GEMINI_PROJECT_DIR", hooks.ToJSString(cwd))
	}
	set("GEMINI_PLANS_DIR", rc.r.PlansDir)
	if hasCwd {
		set("GEMINI_CWD", hooks.ToJSString(cwd))
	}
	if hasSession {
		set("GEMINI_SESSION_ID", hooks.ToJSString(session))
	}
	if hasCwd {
		set("CLAUDE_PROJECT_DIR", hooks.ToJSString(cwd))
	}
	for _, k := range sortedKeys(h.Env) {
		set(k, h.Env[k])
	}
	return env
}

func sortedKeys(m map[string]string) []string {
	if len(m) == 0 {
		return nil
	}
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}
