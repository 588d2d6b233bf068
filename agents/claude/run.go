package claude

import (
	"context"
	"net/http"
	"os"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/settingsio"
)

// runner dry-runs Claude Code handlers the way Claude Code runs them: every
// matching handler at once, command handlers through the shared process
// runner (hooks.SpawnSpec: own session, timeout, grace, stream caps,
// cancellation), http handlers as a JSON POST (loopback only unless the
// caller allows the host), prompt, agent and mcp_tool handlers not run but
// shown with what they would send. The zero value runs with an empty
// environment.
type runner struct {
	// Env is Claude Code's process environment (hooks inherit all of it).
	Env settingsio.Env
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
	// StreamCap and Grace as in hooks.Runner (0 = the defaults).
	StreamCap int
	Grace     time.Duration
	// GOOS selects the shell ("" = this platform).
	GOOS string
	// Isolation starts command handlers under the supervisor and, for the
	// ones it picks, in the sandbox (zero value: directly).
	Isolation hooks.Isolation
	// OnResult, when set, is called as each handler finishes (from its
	// goroutine).
	OnResult func(index int, r *runResult)
	// Check, when set, is asked right before each command handler's
	// process starts; an error refuses to start it (see hooks.SpawnSpec).
	Check func(h *hooks.Hook) error
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
	// URL and Headers of an http handler, after interpolation.
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
