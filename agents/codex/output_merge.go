package codex

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"github.com/hookwarden/hookwarden/hooks"
)

// eventEffect is what Codex does with all the hook runs of one event
// together (the run functions of codex-rs/hooks/src/events/*.rs and
// codex-rs/core/src/hook_runtime.rs).
type eventEffect struct {
	Event hooks.Event `json:"event"`
	// Blocked: the tool call does not run (PreToolUse), its output is
	// replaced (PostToolUse), the prompt is not sent (UserPromptSubmit),
	// the turn goes on (Stop/SubagentStop), the request is denied
	// (PermissionRequest).
	Blocked bool   `json:"blocked"`
	Reason  string `json:"reason,omitempty"`
	// ModelMessage is the exact text the model gets for the tool call
	// instead of its output (PreToolUse block, PostToolUse feedback, a
	// rewrite Codex rejects).
	ModelMessage string `json:"modelMessage,omitempty"`
	// Stopped is continue:false where the event honours it.
	Stopped    bool   `json:"stopped,omitempty"`
	StopReason string `json:"stopReason,omitempty"`
	// Contexts become developer messages, in the hooks' order.
	Contexts []string `json:"contexts,omitempty"`
	// UpdatedInput is the replacement tool input (PreToolUse; the last
	// hook to finish wins); RewrittenCommand its command when Codex takes it.
	UpdatedInput     json.RawMessage `json:"updatedInput,omitempty"`
	RewrittenCommand string          `json:"rewrittenCommand,omitempty"`
	// RewriteRejected: Codex fails the tool call because the updatedInput
	// of a shell or apply_patch call has no string "command" (observed).
	RewriteRejected bool `json:"rewriteRejected,omitempty"`
	// Permission and PermissionMessage: PermissionRequest's decision
	// ("" = none: Codex's normal approval flow goes on).
	Permission        string `json:"permission,omitempty"`
	PermissionMessage string `json:"permissionMessage,omitempty"`
	// Continuation is the user message blocking Stop hooks make Codex add
	// before it samples again: one <hook_prompt> per blocking hook, in
	// order, with nothing between them (observed with two hooks).
	Continuation string `json:"continuation,omitempty"`
}

// ToolCall is the tool call a tool event is about, from its payload.
type ToolCall struct {
	Name string
	// Input is tool_input (nil when absent or not an object).
	Input *hooks.Object
}

// toolCallOf reads tool_name and tool_input from a payload.
func toolCallOf(in *hooks.Object) ToolCall {
	if in == nil {
		return ToolCall{}
	}
	name, _ := in.Value("tool_name").(string)
	input, _ := in.Value("tool_input").(*hooks.Object)
	return ToolCall{Name: name, Input: input}
}

// command is tool_input.command when it is a string.
func (c ToolCall) command() (string, bool) {
	if c.Input == nil {
		return "", false
	}
	s, ok := c.Input.Value("command").(string)
	return s, ok
}

// commandTool: Codex words a block as "Command blocked" and requires a
// string command in a rewrite for these tools (hook_runtime.rs).
func (c ToolCall) commandTool() bool { return c.Name == "Bash" || c.Name == "apply_patch" }

// mergeOutputs combines the hook runs of one event as Codex does. outs
// are in the order the hooks were configured (which Codex keeps for its
// report); finished[i] is the order in which hook i finished (0 first),
// which decides only between competing PreToolUse rewrites. runIDs[i]
// names hook i in a Stop continuation.
func mergeOutputs(event hooks.Event, outs []hookOutput, finished []int, call ToolCall, runIDs []string) eventEffect {
	e := eventEffect{Event: event}
	for i := range outs {
		e.Contexts = append(e.Contexts, outs[i].Contexts...)
	}
	switch event {
	case "PreToolUse":
		mergePreToolUse(&e, outs, finished, call)
	case "PermissionRequest":
		// Any deny wins (the first in order); else an allow; else none.
		for i := range outs {
			switch outs[i].Permission {
			case permissionDeny:
				e.Blocked, e.Permission, e.PermissionMessage = true, permissionDeny, outs[i].PermissionMessage
				e.Reason = e.PermissionMessage
				if call.Name == "Bash" {
					// Observed for exec_command: the rejection in Rust's
					// Debug form, twice over.
					e.ModelMessage = "exec_command failed: CreateProcess { message: " +
						rustDebug("Rejected("+rustDebug(e.PermissionMessage)+")") + " }"
				}
				return e
			case permissionAllow:
				e.Permission = permissionAllow
			}
		}
	case "PostToolUse":
		var feedback []string
		for i := range outs {
			if outs[i].Block {
				feedback = append(feedback, outs[i].Reason)
			}
		}
		firstStop(&e, outs)
		if len(feedback) > 0 {
			e.Blocked, e.Reason = true, strings.Join(feedback, "\n\n")
			e.ModelMessage = e.Reason
		}
	case "UserPromptSubmit":
		// A block and continue:false both end the turn before the model
		// request; the first reason (block reason or stopReason) is kept.
		firstStop(&e, outs)
		for i := range outs {
			if !outs[i].Block && !outs[i].Stop {
				continue
			}
			reason := outs[i].StopReason
			if outs[i].Block {
				reason = outs[i].Reason
			}
			e.Blocked = true
			if e.Reason == "" {
				e.Reason = reason
			}
		}
	case "Stop", "SubagentStop":
		firstStop(&e, outs)
		if e.Stopped {
			return e
		}
		var reasons []string
		for i := range outs {
			if !outs[i].Block {
				continue
			}
			reasons = append(reasons, outs[i].Reason)
			id := ""
			if i < len(runIDs) {
				id = runIDs[i]
			}
			e.Continuation += fmt.Sprintf(`<hook_prompt hook_run_id="%s">%s</hook_prompt>`, id, outs[i].Reason)
		}
		if len(reasons) > 0 {
			e.Blocked, e.Reason = true, strings.Join(reasons, "\n\n")
		}
	case "SessionStart", "PreCompact", "PostCompact":
		firstStop(&e, outs)
	}
	return e
}

// firstStop: any continue:false stops; the first stop reason is kept.
func firstStop(e *eventEffect, outs []hookOutput) {
	for i := range outs {
		if !outs[i].Stop {
			continue
		}
		e.Stopped = true
		if e.StopReason == "" {
			e.StopReason = outs[i].StopReason
		}
	}
}

func mergePreToolUse(e *eventEffect, outs []hookOutput, finished []int, call ToolCall) {
	for i := range outs {
		if outs[i].Block {
			// Any block wins; the reason is the first in configured order,
			// whichever finished first (observed).
			e.Blocked, e.Reason = true, outs[i].Reason
			break
		}
	}
	if e.Blocked {
		if cmd, ok := call.command(); ok && call.commandTool() {
			e.ModelMessage = fmt.Sprintf("Command blocked by PreToolUse hook: %s. Command: %s", e.Reason, cmd)
		} else {
			e.ModelMessage = fmt.Sprintf("Tool call blocked by PreToolUse hook: %s. Tool: %s", e.Reason, call.Name)
		}
		return
	}
	last := -1
	for i := range outs {
		if outs[i].UpdatedInput == nil {
			continue
		}
		if last < 0 || order(finished, i) > order(finished, last) {
			last = i
		}
	}
	if last < 0 {
		return
	}
	e.UpdatedInput = outs[last].UpdatedInput
	if !call.commandTool() {
		return
	}
	var in struct {
		Command *string `json:"command"`
	}
	if json.Unmarshal(e.UpdatedInput, &in) != nil || in.Command == nil {
		e.RewriteRejected = true
		e.ModelMessage = "hook returned updatedInput without string field `command`"
		return
	}
	e.RewrittenCommand = *in.Command
}

func order(finished []int, i int) int {
	if i < len(finished) {
		return finished[i]
	}
	return i
}

// rustDebug quotes s as Rust's Debug for str does (the escapes a hook's
// text can need: quotes, backslashes, line breaks, tabs, NUL, other
// control characters as \u{..}).
func rustDebug(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == 0:
			b.WriteString(`\0`)
		case unicode.IsControl(r):
			fmt.Fprintf(&b, `\u{%x}`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
