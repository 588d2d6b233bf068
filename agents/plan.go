package agents

import "github.com/hookwarden/hookwarden/hooks"

// Planner says which hooks an agent runs for an event.
type Planner interface {
	// Plan returns what the agent would run for the event in the context
	// q. A context the event does not take is a usage error (*ContextError).
	Plan(event hooks.Event, q Query) (*Plan, error)
}

// Query is the context of an event: what its matchers are compared with.
type Query struct {
	// Tool is the tool name of a tool event.
	Tool string `json:"tool,omitempty"`
	// Trigger is the trigger, source or reason word of other events.
	Trigger string `json:"trigger,omitempty"`
	// Input is a payload to take the context from (JSON; nil: none).
	Input []byte `json:"-"`
}

// Plan is what an agent would run for one event.
type Plan struct {
	Event hooks.Event `json:"event"`
	// Context is the query as the agent applied it.
	Context Query `json:"context"`
	// Hooks run in this order when Sequential, else concurrently.
	Hooks      []*hooks.Hook `json:"-"`
	Sequential bool          `json:"sequential"`
	// Order says how they run, in words ("in parallel", "one after the
	// other, in this order").
	Order string `json:"order"`
	// Notes say, per hook ID, what decided beyond the matcher.
	Notes map[string]string `json:"notes,omitempty"`
	// Skipped are the event's hooks that do not run, each with why.
	Skipped []Skip `json:"skipped,omitempty"`
}

// Skip is a hook of the event that does not run.
type Skip struct {
	Hook   *hooks.Hook `json:"-"`
	ID     string      `json:"id"`
	Reason string      `json:"reason"`
}

// ContextError is a query an event does not take ("SessionStart takes
// --trigger, not --tool").
type ContextError struct {
	Event hooks.Event
	Msg   string
}

func (e *ContextError) Error() string { return string(e.Event) + " " + e.Msg }
