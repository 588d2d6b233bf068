package agents

import (
	"context"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// DryRunner runs the hooks of an event the way the agent would, and says
// what the agent would do with their answers.
type DryRunner interface {
	// DryRun runs req. Hooks that are not approved, or that run code
	// Hookwarden cannot see, run in the sandbox or only with req.Confirmed;
	// a hook the request does not name never runs. Cancelling ctx kills
	// running hooks.
	DryRun(ctx context.Context, req RunRequest) (*RunResult, error)
	// SamplePayload is the payload the agent would send for the event and
	// query, for the payload editor (JSON).
	SamplePayload(event hooks.Event, q Query) ([]byte, error)
}

// SandboxChoice says whether hooks run in the sandbox.
type SandboxChoice int

// Sandbox choices.
const (
	// SandboxAuto runs unapproved hooks in the sandbox, approved ones
	// directly.
	SandboxAuto SandboxChoice = iota
	// SandboxAlways runs every hook in the sandbox.
	SandboxAlways
	// SandboxNever runs every hook directly (unapproved ones only with
	// Confirmed).
	SandboxNever
)

// RunRequest is one dry run.
type RunRequest struct {
	Event hooks.Event
	Query Query
	// Payload is the JSON the hooks get (nil: SamplePayload).
	Payload []byte
	// HookIDs picks hooks by ID (nil: the plan for Event and Query).
	HookIDs []string
	// Confirmed: the user confirmed running unapproved hooks, or hooks
	// that run code Hookwarden cannot see, outside the sandbox.
	Confirmed bool
	// AsTrusted runs as if the folder were trusted.
	AsTrusted bool
	Sandbox   SandboxChoice
	// AllowHosts are the hosts an HTTP hook may reach.
	AllowHosts []string
	// OnResult, when set, is called as each hook finishes (from the
	// runner's goroutines; i indexes RunResult.Hooks).
	OnResult func(i int, r HookRun)
}

// RunResult is a dry run: every hook's run and the agent's verdict.
type RunResult struct {
	Event   hooks.Event `json:"event"`
	Payload string      `json:"payload"`
	Hooks   []HookRun   `json:"hooks"`
	Verdict Verdict     `json:"verdict"`
	// Warnings are things the agent would do that the user should know
	// (a fail-open trap, an answer the agent ignores).
	Warnings []string      `json:"warnings"`
	Duration time.Duration `json:"duration_ns"`
	// Document is the agent's own result document for `run --json`.
	Document any `json:"-"`
}

// HookRun is one hook's dry run.
type HookRun struct {
	Hook  *hooks.Hook `json:"-"`
	ID    string      `json:"id"`
	Label string      `json:"label"`
	// Ran is false when the hook was not started; NotRunReason says why
	// (held by the gate, a type that does not run, cancelled).
	Ran          bool   `json:"ran"`
	NotRunReason string `json:"not_run_reason,omitempty"`
	// Held: the gate kept it back until the user confirms.
	Held bool `json:"held,omitempty"`
	// Command is what was started, as a shell would show it.
	Command     string        `json:"command,omitempty"`
	Stdin       string        `json:"stdin,omitempty"`
	ExitCode    int           `json:"exit_code"`
	HasExitCode bool          `json:"has_exit_code"`
	Signal      string        `json:"signal,omitempty"`
	Stdout      string        `json:"stdout"`
	Stderr      string        `json:"stderr"`
	Error       string        `json:"error,omitempty"`
	TimedOut    bool          `json:"timed_out,omitempty"`
	Truncated   bool          `json:"truncated,omitempty"`
	Timeout     time.Duration `json:"timeout_ns"`
	Duration    time.Duration `json:"duration_ns"`
	// Sandboxed says it ran in the sandbox; Sandbox is what it did there.
	Sandboxed bool            `json:"sandboxed,omitempty"`
	Sandbox   *sandbox.Report `json:"sandbox,omitempty"`
	// Verdict is what the agent makes of this hook's answer alone.
	Verdict  Verdict  `json:"verdict"`
	Warnings []string `json:"warnings,omitempty"`
	// Facts are further agent-specific facts of the run (the env file a
	// Claude Code hook wrote, an HTTP status).
	Facts []Field `json:"facts,omitempty"`
}

// Verdict is what the agent would do, in words.
type Verdict struct {
	// Effect is one word: ALLOWED, BLOCKED, ASKS, STOPPED, CHANGED,
	// NOTHING, IGNORED, FAILED (see hooks.Effect*).
	Effect string `json:"effect"`
	// Headline is one line ("PreToolUse Bash: BLOCKED by guard — no writes").
	Headline string `json:"headline"`
	// Details are further consequences, one per line.
	Details []string `json:"details"`
}
