package hooks

import (
	"fmt"
	"strings"
)

// ContextError is a tool name or trigger that does not fit an event.
type ContextError struct {
	Event Event
	Msg   string
}

func (e *ContextError) Error() string { return fmt.Sprintf("%s %s", e.Event, e.Msg) }

func errContext(e Event, msg string) error { return &ContextError{Event: e, Msg: msg} }

func joinTriggers(e Event) string { return strings.Join(knownTriggers[e], ", ") }
