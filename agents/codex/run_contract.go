package codex

import (
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// ContractResult is the dry run in the agent contract's terms, for the
// views and `run`: per hook its run, Codex's status, what Codex records,
// the verdict and the warnings in words; the event's verdict; and this
// outcome as the document `run --json` prints.
func (o *runOutcome) ContractResult() *agents.RunResult {
	res := &agents.RunResult{Event: o.Event, Hooks: make([]agents.HookRun, len(o.Results)),
		Verdict: agents.Verdict(o.Verdict), Warnings: warningTexts(o.Warnings), Duration: o.Duration, Document: o}
	for i := range o.Results {
		r := &o.Results[i]
		if res.Payload == "" {
			res.Payload = r.Stdin
		}
		hr := agents.HookRun{Hook: r.Hook, Label: shortName(r.Hook), Ran: r.NotRun == "", NotRunReason: r.NotRun,
			Command: strings.Join(r.Argv, " "), Stdin: r.Stdin, ExitCode: r.ExitCode, HasExitCode: r.HasExitCode,
			Signal: r.Signal, Stdout: r.Stdout, Stderr: r.Stderr, Error: r.Error, TimedOut: r.TimedOut,
			Truncated: r.Truncated, Timeout: r.Timeout, Duration: r.Duration, Sandboxed: r.Sandboxed, Sandbox: r.Sandbox,
			Verdict: agents.Verdict(r.Verdict), Warnings: warningTexts(r.Warnings)}
		if r.Hook != nil {
			hr.ID = r.Hook.ID
		}
		hr.Facts = append(hr.Facts, agents.Field{Key: "codex_status", Label: "Codex records", Value: string(r.Output.Status)})
		for _, e := range r.Output.Entries {
			hr.Facts = append(hr.Facts, agents.Field{Key: "codex_" + string(e.Kind), Label: entryLabel(e.Kind), Value: e.Text})
		}
		res.Hooks[i] = hr
	}
	return res
}

func entryLabel(k entryKind) string {
	switch k {
	case entryContext:
		return "Context for the model"
	case entryFeedback:
		return "Reason"
	case entryWarning:
		return "Warning shown"
	case entryStop:
		return "Stop reason"
	}
	return "Error Codex records"
}

func warningTexts(ws []hooks.Warning) []string {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		if w.Hook != "" {
			out = append(out, w.Hook+": "+w.Message)
		} else {
			out = append(out, w.Message)
		}
	}
	return out
}

// samplePayload is the payload Codex would send for event and q (tool,
// trigger) in the project folder, as JSON.
func samplePayload(event hooks.Event, q agents.Query, project, codexHome string) ([]byte, error) {
	in, err := sampleInput(sampleOptions{Event: event, Tool: q.Tool, Trigger: q.Trigger, ProjectDir: project, CodexHome: codexHome})
	if err != nil {
		return nil, err
	}
	return hooks.AppendJSON(nil, in), nil
}
