package gemini

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// ContextError is a tool name or trigger that does not fit an event.
type ContextError struct {
	Event hooks.Event
	Msg   string
}

func (e *ContextError) Error() string { return fmt.Sprintf("%s %s", e.Event, e.Msg) }

func errContext(e hooks.Event, msg string) error { return &ContextError{Event: e, Msg: msg} }

func joinTriggers(e hooks.Event) string { return strings.Join(knownTriggers[e], ", ") }
