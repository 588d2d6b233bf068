package gemini

import (
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
