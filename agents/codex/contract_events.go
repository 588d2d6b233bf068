package codex

import (
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// eventValues are the values Codex 0.171.0 is known to send for the
// events whose matchers see a trigger, source, reason or agent type
// (observed, or source: codex-rs/hooks/src/events).
var eventValues = map[hooks.Event][]string{
	"SessionStart":  {"startup", "resume", "clear", "compact"},
	"SessionEnd":    {"other", "clear", "logout", "prompt_input_exit"},
	"PreCompact":    {"auto", "manual"},
	"PostCompact":   {"auto", "manual"},
	"SubagentStart": {"default"},
	"SubagentStop":  {"default"},
}

// blockNotes say how a hook's answer stops what a blocking event is about
// (observed: exit 2 with stderr or a block decision).
var blockNotes = map[hooks.Event]string{
	"PreToolUse":        "exit 2 with stderr, a deny or a block decision blocks the call",
	"PermissionRequest": "a deny decision rejects the escalation",
	"PostToolUse":       "a block replaces the tool output with the reason",
	"UserPromptSubmit":  "a block drops the prompt",
	"Stop":              "a block makes Codex go on with the reason as a prompt",
	"SubagentStop":      "a block makes the sub-agent go on",
}

// Events are Codex CLI's 14 events in lifecycle order, with what their
// matchers see (dropped for five of them) and the sample payloads.
func (agent) Events() []agents.EventInfo {
	var out []agents.EventInfo
	for _, e := range Events() {
		info := agents.EventInfo{Name: e.Name, Description: e.Description}
		switch {
		case !e.KeepsMatcher:
			info.Notes = append(info.Notes, "Codex drops matchers: every hook runs")
		case e.IsToolEvent():
			info.Context, info.ContextLabel = agents.ContextTool, e.MatcherInput
			info.Values = sampleTools(e.Name)
			if !slices.Contains(info.Values, "Edit") {
				info.Values = append(info.Values, "Edit", "Write")
			}
		default:
			info.Context, info.ContextLabel, info.Values = agents.ContextTrigger, e.MatcherInput, eventValues[e.Name]
		}
		if blockingEvents[e.Name] {
			info.CanBlock = true
			info.Notes = append(info.Notes, blockNotes[e.Name])
		}
		if e.MaxTimeoutSec > 0 {
			info.Notes = append(info.Notes, "timeout at most 3 s")
		}
		if in, err := sampleInput(sampleOptions{Event: e.Name, ProjectDir: "/home/user/project", CodexHome: "/home/user/.codex"}); err == nil {
			info.Sample = hooks.AppendJSON(nil, in)
		}
		out = append(out, info)
	}
	return out
}

// SuggestEvent names the Codex event a misspelt, snake_case or other
// agent's event name probably meant ("" for none).
func (agent) SuggestEvent(name string) hooks.Event {
	norm := func(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }
	for _, e := range events {
		if norm(string(e.Name)) == norm(name) {
			return e.Name
		}
	}
	switch name {
	case "BeforeTool":
		return "PreToolUse"
	case "AfterTool":
		return "PostToolUse"
	case "BeforeAgent":
		return "UserPromptSubmit"
	case "AfterAgent":
		return "Stop"
	}
	return ""
}
