package gemini

import (
	"github.com/hookwarden/hookwarden/hooks"
)

// events are the 11 events in Gemini CLI's order.
var events = [...]hooks.Event{hooks.BeforeTool, hooks.AfterTool, hooks.BeforeAgent, hooks.Notification, hooks.AfterAgent,
	hooks.SessionStart, hooks.SessionEnd, hooks.PreCompress, hooks.BeforeModel, hooks.AfterModel, hooks.BeforeToolSelection}

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
	case hooks.BeforeTool, hooks.AfterTool:
		return MatchToolName
	case hooks.SessionStart, hooks.SessionEnd, hooks.PreCompress:
		return MatchTrigger
	}
	return MatchNone
}
