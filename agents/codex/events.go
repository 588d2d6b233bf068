package codex

import (
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// eventInfo is what Codex 0.171.0 does with one of its 14 hook events.
type eventInfo struct {
	// Name is the event as written in hooks.json or [hooks] ("PreToolUse").
	Name hooks.Event
	// Description says in one line when the event fires.
	Description string
	// KeepsMatcher: Codex keeps a group's matcher for the event; for the
	// others it drops it (hooks/list shows null) and the group matches
	// everything (observed for all 14).
	KeepsMatcher bool
	// MatcherInput names what the matcher is compared with ("" when the
	// matcher is dropped).
	MatcherInput string
	// DefaultTimeoutSec is the timeout when a handler sets none and
	// MaxTimeoutSec the most Codex allows (0: no limit) (observed).
	DefaultTimeoutSec uint64
	MaxTimeoutSec     uint64
}

// Key is the event in snake_case as the trust key and hash write it
// ("pre_tool_use").
func (e eventInfo) Key() string { return eventKey(e.Name) }

// IsToolEvent reports whether the event's matcher is compared with a tool
// name.
func (e eventInfo) IsToolEvent() bool { return e.MatcherInput == matchToolName }

const matchToolName = "tool name"

// events lists the 14 events in the order they happen in a session.
var events = [...]eventInfo{
	{"SessionStart", "a session starts, resumes, is cleared, or restarts after compaction (source: startup, resume, clear, compact)", true, "source", 600, 0},
	{"UserPromptSubmit", "the user sends a prompt, before Codex acts on it; can block it or add context", false, "", 600, 0},
	{"PreModelRequest", "before every request to the model (kind sampling, with request id and attempt)", false, "", 600, 0},
	{"PostModelRequest", "after every model request, with its status, error and token usage", false, "", 600, 0},
	{"PreToolUse", "before a tool call runs (shell calls are Bash, file edits apply_patch); can block it or rewrite its input", true, matchToolName, 600, 0},
	{"PermissionRequest", "when Codex asks for approval of an escalated tool call; can allow or deny it", true, matchToolName, 600, 0},
	{"PostToolUse", "after a tool call returns, with its output; can replace the output or add context", true, matchToolName, 600, 0},
	{"PreCompact", "before the conversation is compacted (trigger: auto or manual)", true, "trigger", 600, 0},
	{"PostCompact", "after the conversation was compacted (trigger: auto or manual)", true, "trigger", 600, 0},
	{"SubagentStart", "a sub-agent is spawned (agent_type)", true, "agent type", 600, 0},
	{"SubagentStop", "a sub-agent finishes (agent_type)", true, "agent type", 600, 0},
	{"Stop", "the agent is about to end its turn; can block to make it go on", false, "", 600, 0},
	{"Interrupt", "the user interrupts a turn (SIGINT / Esc)", false, "", 1, 3},
	{"SessionEnd", "the session ends (reason)", true, "reason", 1, 3},
}

// lookupEvent returns the event named exactly name (case-sensitive, as
// Codex reads it: "pre_tool_use" or "preToolUse" are not events).
func lookupEvent(name hooks.Event) (eventInfo, bool) {
	for _, e := range events {
		if e.Name == name {
			return e, true
		}
	}
	return eventInfo{}, false
}

// eventKey is name in snake_case ("PreToolUse" → "pre_tool_use"): an
// underscore before each upper-case letter that follows a lower-case one,
// then lower case (as hook-hash.cjs and Codex's hook_event_key_label).
func eventKey(name hooks.Event) string {
	var b strings.Builder
	s := string(name)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 && s[i-1] >= 'a' && s[i-1] <= 'z' {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// effectiveTimeout is the timeout Codex applies to a handler of e that
// wrote want (nil: none), and whether it clamped the value (observed:
// default 600 s, SessionEnd and Interrupt 1 s; at least 1; at most 3 for
// SessionEnd and Interrupt, with a warning). Source at the stored commit
// has no clamp: the binary wins.
func effectiveTimeout(e eventInfo, want *uint64) (sec uint64, clamped bool) {
	sec = e.DefaultTimeoutSec
	if want != nil {
		sec = *want
	}
	sec = max(sec, 1)
	if e.MaxTimeoutSec > 0 && sec > e.MaxTimeoutSec {
		return e.MaxTimeoutSec, true
	}
	return sec, false
}

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
	for _, e := range events {
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
