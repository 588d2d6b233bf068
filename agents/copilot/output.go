package copilot

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// answer is what Copilot makes of one hook run (observed with the kit;
// every rule below is a selftest check of copilot-live).
type answer struct {
	// Effect is hooks.Effect*: BLOCKED (a deny), ALLOWED, CHANGED, STOPPED
	// (an agentStop block: Copilot goes on), WARNS, FAILED (an error
	// Copilot logs and ignores) or NOTHING.
	Effect string
	// Message is what Copilot sends the model or shows, in its words.
	Message string
	// Stops: later hooks of the event do not run (a preToolUse deny).
	Stops bool
	// Notes are further facts, Ignored the members Copilot does not
	// honour in this answer.
	Notes   []string
	Ignored []string
	// Fields are the JSON members Copilot honoured (name → value text).
	Fields map[string]string
}

// processEnd is how a hook process ended.
type processEnd struct {
	Stdout, Stderr string
	HasCode        bool
	Code           int
	TimedOut       bool
	Error          string
	TimeoutSec     float64
	// File is the hook's file (Copilot names it in "hook errored").
	File string
}

// interpret is what Copilot does with one run of a hook of event (pascal:
// configured under the PascalCase name).
func interpret(info eventInfo, pascal bool, end processEnd) answer {
	a := answer{Effect: hooks.EffectNothing, Fields: map[string]string{}}
	switch {
	case end.TimedOut:
		a.Effect = hooks.EffectFailed
		a.Message = fmt.Sprintf("HookTimeoutError: Hook command timed out after %g seconds", end.TimeoutSec)
		if info.Name == "preToolUse" {
			a.Notes = append(a.Notes, "a timeout fails open: Copilot kills the hook and runs the tool")
		}
		return a
	case end.Error != "" && !end.HasCode:
		a.Effect = hooks.EffectFailed
		a.Message = end.Error
		if info.Name == "preToolUse" {
			a.Effect, a.Stops = hooks.EffectBlocked, true
			a.Message = fmt.Sprintf("Denied by preToolUse hook from %q (hook errored)", end.File)
		}
		return a
	case end.HasCode && end.Code == 2:
		switch info.Name {
		case "preToolUse":
			a.Effect, a.Stops = hooks.EffectBlocked, true
			a.Message = "Denied by preToolUse hook: hook exited with code 2"
			a.Notes = append(a.Notes, "stderr is not passed to the model (only to Copilot's debug log); a JSON answer on stdout is ignored")
		case "permissionRequest":
			a.Effect = hooks.EffectBlocked
			a.Message = "Permission denied by a PermissionRequest hook: Permission denied by hook."
		default:
			a.Effect = "WARNS"
			a.Message = "! " + strings.TrimSpace(end.Stderr)
			a.Notes = append(a.Notes, "exit 2 of "+string(info.Name)+" is a warning only: Copilot prints stderr and goes on")
		}
		return a
	case end.HasCode && end.Code != 0:
		if info.Name == "preToolUse" {
			a.Effect, a.Stops = hooks.EffectBlocked, true
			a.Message = fmt.Sprintf("Denied by preToolUse hook from %q (hook errored)", end.File)
			a.Notes = append(a.Notes, fmt.Sprintf("exit %d fails closed: Copilot records \"Hook command failed with code %d\" and denies the tool", end.Code, end.Code))
			return a
		}
		a.Effect = hooks.EffectFailed
		a.Message = fmt.Sprintf("Hook command failed with code %d (logged; nothing shown, later hooks still run)", end.Code)
		return a
	}
	text := strings.TrimSpace(end.Stdout)
	if text == "" {
		return a
	}
	v, err := hooks.ParseJSON(text)
	o, ok := v.(*hooks.Object)
	if err != nil || !ok {
		a.Notes = append(a.Notes, "stdout is not a JSON object: Copilot ignores it")
		return a
	}
	str := func(obj *hooks.Object, k string) (string, bool) {
		if obj == nil {
			return "", false
		}
		s, ok := obj.Value(k).(string)
		return s, ok
	}
	if o.Has("decision") && info.Name != "agentStop" && info.Name != "subagentStop" {
		a.Ignored = append(a.Ignored, "decision (Copilot ignores {\"decision\": …} here)")
	}
	switch info.Name {
	case "preToolUse":
		dec, _ := str(o, "permissionDecision")
		reason, _ := str(o, "permissionDecisionReason")
		hso, _ := o.Value("hookSpecificOutput").(*hooks.Object)
		if hso != nil {
			if pascal {
				if d, ok := str(hso, "permissionDecision"); ok {
					dec = d
					reason, _ = str(hso, "permissionDecisionReason")
				}
			} else {
				a.Ignored = append(a.Ignored, "hookSpecificOutput (a camelCase preToolUse hook's hookSpecificOutput is ignored; a PascalCase one's is honoured)")
			}
		}
		switch dec {
		case "deny":
			a.Effect, a.Stops = hooks.EffectBlocked, true
			a.Message = "Denied by preToolUse hook: " + reason
		case "ask":
			a.Effect, a.Stops = hooks.EffectBlocked, true
			a.Message = "Denied by preToolUse hook (unable to ask user for confirmation): " + reason
			a.Notes = append(a.Notes, "ask is a deny in -p (prompt) mode; an interactive Copilot would ask the user")
		case "allow":
			a.Effect = hooks.EffectAllowed
			a.Message = "allowed by the hook: the tool runs without a permission prompt (permissionRequest is skipped)"
		}
		if m := o.Value("modifiedArgs"); m != nil && dec == "allow" {
			a.Effect = hooks.EffectChanged
			a.Fields["modifiedArgs"] = string(hooks.AppendJSON(nil, m))
			a.Message = "allowed with modifiedArgs: the tool runs with " + a.Fields["modifiedArgs"] + " (later hooks and postToolUse see them)"
		} else if m != nil {
			a.Ignored = append(a.Ignored, "modifiedArgs (honoured only with permissionDecision allow)")
		}
	case "permissionRequest":
		if b, _ := str(o, "behavior"); b == "deny" {
			msg, _ := str(o, "message")
			a.Effect, a.Message = hooks.EffectBlocked, "Permission denied by a PermissionRequest hook: "+msg
		} else if b == "allow" {
			a.Effect, a.Message = hooks.EffectAllowed, "permission granted by the hook: the tool runs without asking"
		}
	case "postToolUse":
		if m, ok := o.Value("modifiedResult").(*hooks.Object); ok {
			t, _ := str(m, "textResultForLlm")
			a.Effect, a.Fields["modifiedResult"] = hooks.EffectChanged, string(hooks.AppendJSON(nil, m))
			a.Message = "the tool result the model sees is replaced by: " + t
		}
		if c, ok := str(o, "additionalContext"); ok {
			a.Effect = hooks.EffectChanged
			a.Fields["additionalContext"] = c
			a.Message = strings.TrimPrefix(a.Message+"; ", "; ") + "appended to the tool result: Tool \"<tool>\" succeeded. Additional guidance from postToolUse hooks:\\n" + c
		}
	case "postToolUseFailure":
		if c, ok := str(o, "additionalContext"); ok {
			a.Effect, a.Fields["additionalContext"] = hooks.EffectChanged, c
			a.Message = "a user message after the failed result: Tool \"<tool>\" failed. Additional guidance from postToolUseFailure hooks:\\n" + c
		}
	case "userPromptSubmitted":
		if h, _ := o.Value("handled").(bool); h {
			t, _ := str(o, "responseContent")
			a.Effect, a.Message = hooks.EffectStopped, "the prompt is answered by the hook without a model request: "+t
			break
		}
		if m, ok := str(o, "modifiedPrompt"); ok {
			a.Effect, a.Fields["modifiedPrompt"] = hooks.EffectChanged, m
			a.Message = "the prompt is replaced by: " + m
		}
		if c, ok := str(o, "additionalContext"); ok {
			a.Effect, a.Fields["additionalContext"] = hooks.EffectChanged, c
			a.Message = strings.TrimPrefix(a.Message+"; ", "; ") + "appended to the prompt as <system_reminder>" + c + "</system_reminder>"
		}
	case "userPromptTransformed":
		if m, ok := str(o, "modifiedTransformedPrompt"); ok {
			a.Effect, a.Fields["modifiedTransformedPrompt"] = hooks.EffectChanged, m
			a.Message = "the whole model-facing prompt is replaced by: " + m
		}
	case "sessionStart":
		if c, ok := str(o, "additionalContext"); ok {
			a.Effect, a.Fields["additionalContext"] = hooks.EffectChanged, c
			a.Message = "a user message before the prompt: " + c
		}
	case "agentStop", "subagentStop":
		if d, _ := str(o, "decision"); d == "block" {
			r, _ := str(o, "reason")
			a.Effect, a.Fields["reason"] = hooks.EffectStopped, r
			a.Message = "the agent goes on: \"" + r + "\" is submitted as a new prompt and agentStop fires again (stop_hook_active true); after 8 continuations in a row Copilot ends the turn"
			if info.Name == "subagentStop" {
				a.Notes = append(a.Notes, "a subagentStop block was not observed")
			}
		}
	}
	return a
}
