package codex

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/hooks"
)

// effectSkipped is the verdict word of a hook that was not started.
const effectSkipped = "SKIPPED"

// Warning codes of Codex dry runs (hooks.WarnExit1NeverBlocks is shared).
const (
	warnExit2NoStderr      = "exit-2-without-stderr"
	warnOtherExitCode      = "exit-code-fails-open"
	warnUnsupportedOutput  = "unsupported-output"
	warnInvalidJSON        = "invalid-json"
	warnTimeout            = "timeout-fails-open"
	warnNoExitStatus       = "no-exit-status"
	warnStartFailed        = "start-failed"
	warnRewriteRejected    = "rewrite-without-command"
	warnRewriteRace        = "competing-rewrites"
	warnBlockReasonsHidden = "block-reasons-hidden"
	warnStopLoops          = "stop-loops"
	warnStopReprompts      = "stop-reprompts"
	warnPipesHeld          = "pipes-held"
	warnTruncated          = "output-truncated"
	warnNotRun             = "not-run"
	warnStdoutIgnored      = "stdout-ignored"
)

// blockingEvents are the events where a hook can block.
var blockingEvents = map[hooks.Event]bool{"PreToolUse": true, "PostToolUse": true,
	"UserPromptSubmit": true, "Stop": true, "SubagentStop": true, "PermissionRequest": true}

// goesOn says what Codex does when the hooks of event decide nothing.
func goesOn(event hooks.Event) string {
	switch event {
	case "PreToolUse":
		return "the command runs"
	case "PostToolUse":
		return "the model gets the tool output unchanged"
	case "UserPromptSubmit":
		return "the prompt goes to the model"
	case "Stop", "SubagentStop":
		return "the turn ends"
	case "PermissionRequest":
		return "Codex's own approval flow decides"
	}
	return "Codex goes on"
}

// label names the event and its tool for headlines ("PreToolUse Bash").
func label(event hooks.Event, call ToolCall) string {
	if call.Name != "" && (event == "PreToolUse" || event == "PostToolUse" || event == "PermissionRequest") {
		return string(event) + " " + call.Name
	}
	return string(event)
}

// explainHook says in words what Codex does with one hook's run.
func explainHook(event hooks.Event, res *runResult, call ToolCall) hooks.Verdict {
	v := hooks.Verdict{Details: []string{}}
	o := &res.Output
	say := func(effect, format string, a ...any) {
		v.Effect, v.Headline = effect, fmt.Sprintf(format, a...)
	}
	switch {
	case res.NotRun != "":
		say(effectSkipped, "not run: %s", res.NotRun)
	case o.Status == runFailed:
		say(hooks.EffectFailed, "fails open: %s — %s", failure(event, res), goesOn(event))
	case o.Block && event == "PreToolUse":
		say(hooks.EffectBlocked, "Codex blocks the command: %s", o.Reason)
	case o.Block && event == "PostToolUse" && o.Stop:
		say(hooks.EffectStopped, "continue:false — the model gets instead of the tool output: %s (the turn goes on, observed)", o.Reason)
	case o.Block && event == "PostToolUse":
		say(hooks.EffectBlocked, "the model gets instead of the tool output: %s", o.Reason)
	case o.Block && event == "UserPromptSubmit":
		say(hooks.EffectBlocked, "Codex does not send the prompt to the model: %s", o.Reason)
	case o.Block && (event == "Stop" || event == "SubagentStop"):
		say(hooks.EffectBlocked, "Codex does not stop: it sends %q as a new prompt and fires %s again with stop_hook_active true", o.Reason, event)
	case o.Permission == permissionDeny:
		say(hooks.EffectBlocked, "Codex denies the request; the model gets: %s", o.PermissionMessage)
	case o.Permission == permissionAllow:
		say(hooks.EffectAllowed, "Codex approves the request without asking")
	case o.Stop:
		say(hooks.EffectStopped, "continue:false — %s%s", stopsWhat(event), reasonSuffix(o.StopReason))
	case o.UpdatedInput != nil:
		cmd, ok := rewrittenCommand(o, call)
		switch {
		case !call.commandTool():
			say(hooks.EffectChanged, "Codex calls the tool with the input %s", string(o.UpdatedInput))
		case ok:
			say(hooks.EffectChanged, "Codex runs the rewritten command: %s", cmd)
		default:
			say(hooks.EffectBlocked, "Codex fails the tool call: updatedInput has no string \"command\"; neither command runs")
		}
	case len(o.Contexts) > 0:
		say(hooks.EffectAllowed, "adds a developer message for the model; %s", goesOn(event))
	default:
		say(hooks.EffectNothing, "no effect; %s", goesOn(event))
	}
	for _, c := range o.Contexts {
		v.Details = append(v.Details, "Developer message for the model: "+c)
	}
	for _, e := range o.Entries {
		if e.Kind == entryWarning {
			v.Details = append(v.Details, "Shown as a warning: "+e.Text)
		}
		if e.Kind == entryError && o.Status == runFailed {
			v.Details = append(v.Details, "Codex records the error: "+e.Text)
		}
	}
	return v
}

// stopsWhat says what continue:false stops, per event.
func stopsWhat(event hooks.Event) string {
	switch event {
	case "SessionStart":
		return "Codex makes no model request: the session ends before the prompt (observed)"
	case "UserPromptSubmit":
		return "Codex does not send the prompt"
	case "Stop", "SubagentStop":
		return "the turn ends"
	case "PreCompact":
		return "Codex does not compact"
	case "PostCompact":
		return "Codex stops after compacting"
	}
	return "Codex stops"
}

func reasonSuffix(r string) string {
	if r == "" {
		return ""
	}
	return ": " + r
}

// rewrittenCommand is the command Codex would run for o's rewrite of
// call (false: Codex rejects the rewrite).
func rewrittenCommand(o *hookOutput, call ToolCall) (string, bool) {
	e := eventEffect{}
	mergePreToolUse(&e, []hookOutput{*o}, nil, call)
	return e.RewrittenCommand, !e.RewriteRejected
}

// failure says why a run Failed, in Codex's terms.
func failure(event hooks.Event, res *runResult) string {
	o := &res.Output
	switch {
	case res.TimedOut:
		return fmt.Sprintf("the hook ran past its timeout (%s); Codex kills it and ignores its output", res.Timeout)
	case res.HasExitCode && res.ExitCode == 2 && blockingEvents[event]:
		return "exit 2 with empty stderr is not a block in Codex"
	case res.HasExitCode && res.ExitCode != 0 && blockingEvents[event]:
		return fmt.Sprintf("exit %d is not a block in Codex (only exit 2 with a reason on stderr blocks)", res.ExitCode)
	case res.HasExitCode && res.ExitCode != 0:
		return fmt.Sprintf("exit %d", res.ExitCode)
	case o.InvalidJSON && o.WireError != "":
		return fmt.Sprintf("the output is not valid %s JSON for Codex (%s)", event, o.WireError)
	case o.InvalidJSON:
		return fmt.Sprintf("the output is not valid %s JSON for Codex", event)
	case o.Unsupported:
		return lastError(o) + " (Codex ignores the whole output)"
	case res.Error != "":
		return res.Error
	}
	return lastError(o)
}

func lastError(o *hookOutput) string {
	for i := len(o.Entries) - 1; i >= 0; i-- {
		if o.Entries[i].Kind == entryError {
			return o.Entries[i].Text
		}
	}
	return "failed"
}

// explainEvent says in words what Codex does with the event.
func explainEvent(event hooks.Event, results []runResult, e eventEffect, call ToolCall) hooks.Verdict {
	v := hooks.Verdict{Details: []string{}}
	l := label(event, call)
	say := func(effect, format string, a ...any) {
		v.Effect, v.Headline = effect, l+": "+fmt.Sprintf(format, a...)
	}
	detail := func(format string, a ...any) { v.Details = append(v.Details, fmt.Sprintf(format, a...)) }
	switch {
	case event == "PreToolUse" && e.Blocked:
		say(hooks.EffectBlocked, "Codex blocks the command: %s", e.Reason)
		detail("The model gets: %s", e.ModelMessage)
		detail("The command does not run; no PostToolUse fires for it.")
	case event == "PreToolUse" && e.RewriteRejected:
		say(hooks.EffectBlocked, "Codex fails the tool call: the hook's updatedInput has no string \"command\"; neither command runs")
		detail("The model gets: %s", e.ModelMessage)
	case event == "PreToolUse" && e.RewrittenCommand != "":
		say(hooks.EffectChanged, "Codex runs the rewritten command: %s", e.RewrittenCommand)
		detail("PostToolUse sees the rewritten command.")
	case event == "PreToolUse" && e.UpdatedInput != nil:
		say(hooks.EffectChanged, "Codex calls the tool with the input %s", string(e.UpdatedInput))
	case event == "PermissionRequest" && e.Permission == permissionDeny:
		say(hooks.EffectBlocked, "Codex denies the request: %s", e.PermissionMessage)
		if e.ModelMessage != "" {
			detail("The model gets: %s", e.ModelMessage)
		} else {
			detail("The model gets the tool call rejected with: %s", e.PermissionMessage)
		}
	case event == "PermissionRequest" && e.Permission == permissionAllow:
		say(hooks.EffectAllowed, "Codex approves the request without asking (no automatic review)")
	case event == "PostToolUse" && e.Blocked:
		effect := hooks.EffectBlocked
		if e.Stopped {
			effect = hooks.EffectStopped
		}
		say(effect, "the model gets instead of the tool output: %s", e.Reason)
		if e.Stopped {
			detail("A hook returned continue:false: in codex exec the turn still goes on with the next model request (observed).")
		}
	case event == "UserPromptSubmit" && e.Blocked:
		say(hooks.EffectBlocked, "Codex does not send the prompt: no model request, no Stop; SessionEnd still fires%s", reasonSuffix(e.Reason))
	case (event == "Stop" || event == "SubagentStop") && e.Stopped:
		say(hooks.EffectStopped, "continue:false — the turn ends%s", reasonSuffix(e.StopReason))
	case (event == "Stop" || event == "SubagentStop") && e.Blocked:
		say(hooks.EffectBlocked, "Codex does not stop: it prompts the model again with %q", e.Reason)
		detail("User message Codex adds: %s", e.Continuation)
		detail("Then %s fires again with stop_hook_active true; a hook that blocks every time loops until the turn is interrupted or times out.", event)
	case e.Stopped:
		say(hooks.EffectStopped, "continue:false — %s%s", stopsWhat(event), reasonSuffix(e.StopReason))
	case countStatus(results, runFailed) > 0 && blockingEvents[event]:
		say(hooks.EffectFailed, "fails open — %d of %d hooks failed, which Codex treats as no decision; %s", countStatus(results, runFailed), len(results), goesOn(event))
	case len(e.Contexts) > 0:
		say(hooks.EffectAllowed, "%s, with %d developer message(s) for the model", goesOn(event), len(e.Contexts))
	case len(results) == 0:
		say(hooks.EffectNothing, "no hooks; %s", goesOn(event))
	default:
		say(hooks.EffectNothing, "no hook decided anything; %s", goesOn(event))
	}
	for _, c := range e.Contexts {
		detail("Developer message for the model: %s", c)
	}
	for i := range results {
		r := &results[i]
		detail("Hook %d (%s): %s — %s", i+1, shortName(r.Hook), r.Output.Status, r.Verdict.Headline)
	}
	return v
}

func countStatus(results []runResult, s runStatus) int {
	n := 0
	for i := range results {
		if results[i].Output.Status == s {
			n++
		}
	}
	return n
}

// shortName names a hook by its command (Codex hooks have no names).
func shortName(h *hooks.Hook) string {
	if h == nil {
		return "?"
	}
	s := strings.Join(strings.Fields(h.DisplayName()), " ")
	if utf8.RuneCountInString(s) > 60 {
		s = string([]rune(s)[:59]) + "…"
	}
	return s
}

// hookWarnings lists the traps one hook's run fell into: everything that
// makes Codex fail open where the author likely meant a decision.
func hookWarnings(event hooks.Event, i int, res *runResult, input *hooks.Object) []hooks.Warning {
	var ws []hooks.Warning
	add := func(code, format string, a ...any) {
		ws = append(ws, hooks.Warning{Code: code, Hook: shortName(res.Hook), Index: i, Message: fmt.Sprintf(format, a...)})
	}
	o := &res.Output
	blocking := blockingEvents[event]
	switch {
	case res.NotRun != "":
		add(warnNotRun, "not run: %s", res.NotRun)
	case res.TimedOut:
		add(warnTimeout, "the hook timed out after %s: Codex records Failed and ignores it — %s", res.Timeout, goesOn(event))
	case res.Error != "" && !res.HasExitCode && !res.Cancelled:
		add(warnStartFailed, "the hook could not run (%s): Codex records Failed — %s", res.Error, goesOn(event))
	case !res.HasExitCode && !res.Cancelled:
		add(warnNoExitStatus, "the hook was killed by %s: Codex records Failed (no exit status) — %s", res.Signal, goesOn(event))
	case res.ExitCode == 2 && blocking && o.Status == runFailed:
		add(warnExit2NoStderr, "exit 2 with empty stderr is not a block in Codex — %s; write the reason to stderr", goesOn(event))
	case res.ExitCode == 1 && blocking:
		add(hooks.WarnExit1NeverBlocks, "exit 1 is not a block in Codex (only exit 2 with a reason on stderr blocks) — %s", goesOn(event))
	case res.ExitCode != 0 && blocking && res.ExitCode != 2:
		add(warnOtherExitCode, "exit %d is not a block in Codex (only exit 2 with a reason on stderr blocks) — %s", res.ExitCode, goesOn(event))
	case res.ExitCode == 2 && strings.TrimSpace(res.Stdout) != "" && blocking:
		add(warnStdoutIgnored, "on exit 2 Codex reads only stderr; the JSON or text on stdout is ignored")
	case o.InvalidJSON:
		why := ""
		if o.WireError != "" {
			why = " (" + o.WireError + ")"
		}
		add(warnInvalidJSON, "the output looks like JSON but is not valid %s output for Codex%s: it fails open — %s", event, why, goesOn(event))
	case o.Unsupported:
		add(warnUnsupportedOutput, "%s: Codex fails the hook and ignores its whole output — %s", lastError(o), goesOn(event))
	}
	if o.Block && (event == "Stop" || event == "SubagentStop") {
		if active, _ := input.Value("stop_hook_active").(bool); active {
			add(warnStopLoops, "the hook blocks even with stop_hook_active true: Codex prompts again and fires %s again, forever (until the turn is interrupted or times out)", event)
		} else {
			add(warnStopReprompts, "Codex fires %s again with stop_hook_active true after the new prompt; unless the hook lets it stop then, it loops — dry-run it again with stop_hook_active true", event)
		}
	}
	if event == "PreToolUse" && o.UpdatedInput != nil {
		if _, ok := rewrittenCommand(o, toolCallOf(input)); !ok {
			add(warnRewriteRejected, "updatedInput has no string \"command\": Codex fails the tool call (\"hook returned updatedInput without string field `command`\") and runs neither command")
		}
	}
	if res.PipesHeld {
		add(warnPipesHeld, "something the hook started kept its output open after the hook exited: Codex waits for it up to the hook's timeout (%s); if it ends in time Codex reads the output as shown here, if not the hook Failed (timed out) and decides nothing — %s (observed)", res.Timeout, goesOn(event))
	}
	if res.Truncated {
		add(warnTruncated, "the output was cut at the dry run's stream limit; Codex reads it whole")
	}
	return ws
}

// eventWarnings gathers the hooks' warnings and adds the event's own.
func eventWarnings(o *runOutcome) []hooks.Warning {
	ws := []hooks.Warning{}
	for i := range o.Results {
		ws = append(ws, o.Results[i].Warnings...)
	}
	event := func(code, format string, a ...any) {
		ws = append(ws, hooks.Warning{Code: code, Index: -1, Message: fmt.Sprintf(format, a...)})
	}
	rewrites, blocks := 0, 0
	for i := range o.Results {
		if o.Results[i].Output.UpdatedInput != nil {
			rewrites++
		}
		if o.Results[i].Output.Block {
			blocks++
		}
	}
	if o.Event == "PreToolUse" && rewrites > 1 && !o.Effect.Blocked {
		event(warnRewriteRace, "%d hooks rewrite the command: Codex takes the one that finishes last, which can change from run to run", rewrites)
	}
	if o.Event == "PreToolUse" && blocks > 1 {
		event(warnBlockReasonsHidden, "%d hooks block: the model gets only the first reason in configured order", blocks)
	}
	return ws
}
