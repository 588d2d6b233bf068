package gemini

import (
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
)

// The 11 events of Gemini CLI, in its declaration order.
const (
	beforeTool          hooks.Event = "BeforeTool"
	afterTool           hooks.Event = "AfterTool"
	beforeAgent         hooks.Event = "BeforeAgent"
	notification        hooks.Event = "Notification"
	afterAgent          hooks.Event = "AfterAgent"
	sessionStart        hooks.Event = "SessionStart"
	sessionEnd          hooks.Event = "SessionEnd"
	preCompress         hooks.Event = "PreCompress"
	beforeModel         hooks.Event = "BeforeModel"
	afterModel          hooks.Event = "AfterModel"
	beforeToolSelection hooks.Event = "BeforeToolSelection"
)

// events are the 11 events in Gemini CLI's order.
var events = [...]hooks.Event{beforeTool, afterTool, beforeAgent, notification, afterAgent,
	sessionStart, sessionEnd, preCompress, beforeModel, afterModel, beforeToolSelection}

// eventList lists the 11 events in Gemini CLI's order. Each call returns a
// new slice, so no caller can change the list another one sees.
func eventList() []hooks.Event { return append([]hooks.Event(nil), events[:]...) }

// validEvent reports whether e is one of the 11 events (exact,
// case-sensitive).
func validEvent(e hooks.Event) bool {
	for _, v := range events {
		if v == e {
			return true
		}
	}
	return false
}

// matcherKind says what an event's matcher is compared with.
type matcherKind int

// Matcher kinds.
const (
	// matchNone: Gemini passes no context, the matcher is ignored.
	matchNone matcherKind = iota
	// matchToolName: unanchored JavaScript regex against the tool name.
	matchToolName
	// matchTrigger: exact string equality with the trigger/source/reason.
	matchTrigger
)

// matcherKindOf returns how Gemini CLI applies matchers for event e.
func matcherKindOf(e hooks.Event) matcherKind {
	switch e {
	case beforeTool, afterTool:
		return matchToolName
	case sessionStart, sessionEnd, preCompress:
		return matchTrigger
	}
	return matchNone
}

// eventHelp says in a few words when Gemini CLI fires each event.
var eventHelp = map[hooks.Event]string{
	beforeTool:          "before a tool runs; can block it or change its input",
	afterTool:           "after a tool ran; can add context or replace the result",
	beforeAgent:         "when a prompt is sent, before the agent works on it",
	notification:        "when Gemini CLI waits for a tool permission",
	afterAgent:          "when the agent finished a turn; can make it retry",
	sessionStart:        "when a session starts, resumes or is cleared",
	sessionEnd:          "when a session ends or is cleared",
	preCompress:         "before the chat history is compressed",
	beforeModel:         "before each model request; can change or replace it",
	afterModel:          "after each streamed chunk of a model response",
	beforeToolSelection: "before the model picks tools; can narrow the tool list",
}

// knownTriggers are the values Gemini CLI 0.61 sends the trigger matchers.
var knownTriggers = map[hooks.Event][]string{
	sessionStart: {"startup", "resume", "clear"},
	sessionEnd:   {"exit", "clear", "logout", "prompt_input_exit", "other"},
	preCompress:  {"manual", "auto"},
}

// canBlock are the events whose hooks can stop what the event is about.
var canBlock = map[hooks.Event]bool{
	beforeTool: true, afterTool: true, beforeAgent: true, afterAgent: true,
	beforeModel: true, afterModel: true,
}

// Events are Gemini CLI's 11 events in its order, with the sample
// payloads of assets/payloads.
func (agent) Events() []agents.EventInfo {
	out := make([]agents.EventInfo, 0, len(eventList()))
	for _, e := range eventList() {
		info := agents.EventInfo{Name: e, Description: eventHelp[e], CanBlock: canBlock[e]}
		tool := ""
		switch matcherKindOf(e) {
		case matchToolName:
			info.Context, info.ContextLabel = agents.ContextTool, "tool name (regex)"
			info.Values = writeFileFirst(assets.PayloadTools())
			if len(info.Values) > 0 {
				tool = info.Values[0]
			}
		case matchTrigger:
			info.Context, info.ContextLabel = agents.ContextTrigger, "exact trigger"
			info.Values = knownTriggers[e]
		}
		info.Sample, _ = assets.Payload(string(e), tool)
		out = append(out, info)
	}
	return out
}

func joinTriggers(e hooks.Event) string { return strings.Join(knownTriggers[e], ", ") }

// writeFileFirst puts write_file, the tool the views start a dry run
// with, first among the tools.
func writeFileFirst(tools []string) []string {
	if i := slices.Index(tools, "write_file"); i > 0 {
		return append([]string{"write_file"}, slices.Delete(slices.Clone(tools), i, i+1)...)
	}
	return tools
}
