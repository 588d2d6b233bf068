package gemini

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// contextError is a tool name or trigger that does not fit an event.
type contextError struct {
	Event hooks.Event
	Msg   string
}

func (e *contextError) Error() string { return fmt.Sprintf("%s %s", e.Event, e.Msg) }

func errContext(e hooks.Event, msg string) error { return &contextError{Event: e, Msg: msg} }

func joinTriggers(e hooks.Event) string { return strings.Join(knownTriggers[e], ", ") }
