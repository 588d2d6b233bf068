package claudeschema

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Command is one command hook to run as the agent runs it.
type Command struct {
	Hook *hooks.Hook
	// Program and Args start it ("/bin/bash", "-c", command); Shown is
	// the command line a report prints (with secrets named, not shown).
	Program string
	Args    []string
	Shown   string
	Env     settingsio.Env
	Dir     string
	Timeout time.Duration
	// Input is the payload, sent on stdin as one JSON object.
	Input *hooks.Object
	// Check is the spawn-time script check; Isolation the sandbox.
	Check     func(*hooks.Hook) error
	Isolation hooks.Isolation
}

// Run runs c through the shared spawn primitive (own process group,
// timeout, caps, the gate's check, the sandbox) and reads its end by
// the exit rules: the run for the report and the agent's reading.
func (x Exits) Run(ctx context.Context, c Command) (agents.HookRun, Result) {
	run := agents.HookRun{Hook: c.Hook, ID: c.Hook.ID, Where: agents.OriginLabel(c.Hook), Stdin: string(hooks.AppendJSON(nil, c.Input)),
		Timeout: c.Timeout, Command: c.Shown, Ran: true, HasStreams: true}
	pr := agents.HookCommand{Hook: c.Hook, Program: c.Program, Args: c.Args, Env: c.Env, Dir: c.Dir, Stdin: run.Stdin, Timeout: c.Timeout,
		Input: c.Input, Check: c.Check, Isolation: c.Isolation}.Run(ctx)
	run.Duration, run.Sandbox, run.Sandboxed = pr.Duration, pr.Sandbox, pr.Sandboxed
	run.Stdout, run.Stderr, run.Truncated, run.Signal = pr.Out, pr.Err, pr.Truncated, pr.Signal
	switch {
	case pr.Refused():
		run.Ran, run.HasStreams, run.Error, run.NotRunReason = false, false, pr.StartErr, pr.StartErr
	case pr.StartErr != "":
		run.Error = pr.StartErr
	case pr.TimedOut:
		run.TimedOut, run.Error = true, fmt.Sprintf("timed out after %s", c.Timeout)
	case pr.Cancelled:
		run.Cancelled, run.Error = true, "cancelled"
	case pr.Exited:
		run.ExitCode, run.HasExitCode = pr.Code, true
	}
	r := x.read(pr.Code, run.HasExitCode, run.Stdout, run.Stderr)
	run.Summary = string(r.Kind) + ", " + agents.Milliseconds(run.Duration)
	if run.HasExitCode {
		run.Summary = fmt.Sprintf("exit %d, %s", run.ExitCode, run.Summary)
	}
	if r.Output.JSON {
		run.Output, run.OutputFormat = strings.TrimSpace(run.Stdout), "json"
	}
	if run.Sandboxed {
		run.Traits = append(run.Traits, "sandbox")
	}
	run.Report = append(run.Report, agents.Field{Key: "stdout", Label: "stdout", Value: run.Stdout, Code: true},
		agents.Field{Key: "stderr", Label: "stderr", Value: run.Stderr, Code: true})
	return run, r
}

// RunAll calls one for 0 … n-1: all at once, or one after another when
// sequential (then one may hand the next what it learnt).
func RunAll(n int, sequential bool, one func(i int)) {
	if sequential {
		for i := 0; i < n; i++ {
			one(i)
		}
		return
	}
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); one(i) }()
	}
	wg.Wait()
}
