package gemini

import (
	"github.com/hookwarden/hookwarden/hooks"
)

// The 11 events of Gemini CLI, in its declaration order.
const (
	BeforeTool          hooks.Event = "BeforeTool"
	AfterTool           hooks.Event = "AfterTool"
	BeforeAgent         hooks.Event = "BeforeAgent"
	Notification        hooks.Event = "Notification"
	AfterAgent          hooks.Event = "AfterAgent"
	SessionStart        hooks.Event = "SessionStart"
	SessionEnd          hooks.Event = "SessionEnd"
	PreCompress         hooks.Event = "PreCompress"
	BeforeModel         hooks.Event = "BeforeModel"
	AfterModel          hooks.Event = "AfterModel"
	BeforeToolSelection hooks.Event = "BeforeToolSelection"
)

// events are the 11 events in Gemini CLI's order.
var events = [...]hooks.Event{BeforeTool, AfterTool, BeforeAgent, Notification, AfterAgent,
	SessionStart, SessionEnd, PreCompress, BeforeModel, AfterModel, BeforeToolSelection}

// Events lists the 11 events in Gemini CLI's order. Each call returns a
// new slice, so no caller can change the list another one sees.
func Events() []hooks.Event { return append([]hooks.Event(nil), events[:]...) }

// ValidEvent reports whether e is one of the 11 events (exact,
// case-sensitive).
func ValidEvent(e hooks.Event) bool {
	for _, v := range events {
		if v == e {
			return true
		}
	}
	return false
}

// MatcherKind says what an event's matcher is compared with.
type MatcherKind int

// Matcher kinds.
const (
	// MatchNone: Gemini passes no context, the matcher is ignored.
	MatchNone MatcherKind = iota
	// MatchToolName: unanchored JavaScript regex against the tool name.
	MatchToolName
	// MatchTrigger: exact string equality with the trigger/source/reason.
	MatchTrigger
)

// MatcherKindOf returns how Gemini CLI applies matchers for event e.
func MatcherKindOf(e hooks.Event) MatcherKind {
	switch e {
	case BeforeTool, AfterTool:
		return MatchToolName
	case SessionStart, SessionEnd, PreCompress:
		return MatchTrigger
	}
	return MatchNone
}
