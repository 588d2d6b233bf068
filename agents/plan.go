package agents

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// Planner says which hooks an agent runs for an event.
type Planner interface {
	// Plan returns what the agent would run for the event in the context
	// q. A context the event does not take is a usage error (*ContextError).
	// A plan with no hooks is not nil.
	Plan(event hooks.Event, q Query) (*Plan, error)
}

// Query is the context of an event: what its matchers are compared with.
type Query struct {
	// Tool is the tool name of a tool event.
	Tool string `json:"tool,omitempty"`
	// Trigger is the trigger, source or reason word of other events.
	Trigger string `json:"trigger,omitempty"`
	// Input is a hook input (a JSON object; nil: none) given in part: an
	// empty Tool or Trigger is taken from its fields, and its fields are
	// spread over the sample payload (the CLI's --input).
	Input []byte `json:"-"`
	// ToolInput is the tool's own input (a JSON object; nil: none), for
	// rules that look at it (Claude Code's "if" rules).
	ToolInput []byte `json:"-"`
}

// Plan is what an agent would run for one event.
type Plan struct {
	Event hooks.Event `json:"event"`
	// Context is the query as the agent applied it.
	Context Query `json:"context"`
	// Label is the event with its context as the agent says it
	// ("BeforeTool write_file", "PreToolUse Bash").
	Label string `json:"label"`
	// Hooks run in this order when Sequential, else concurrently.
	Hooks      []*hooks.Hook `json:"-"`
	Sequential bool          `json:"sequential"`
	// Order says how they run, in words ("in parallel", "one after
	// another").
	Order string `json:"order"`
	// Noun is what the agent calls one hook ("hook", "handler").
	Noun string `json:"noun"`
	// Names are the hooks as the agent lists them in a plan, by hook ID
	// ("[command] ./guard.sh"; missing: hooks.Hook.DisplayName).
	Names map[string]string `json:"names,omitempty"`
	// Notes say, per hook ID, what decided beyond the matcher; nil when
	// the agent has no such rules (a plan then lists no note column).
	Notes map[string]string `json:"notes,omitempty"`
	// Skipped are the event's hooks that do not run, each with why.
	Skipped []Skip `json:"skipped,omitempty"`
	// Document is `plan --json`: a PlanDocument (SetDocument).
	Document any `json:"-"`
}

// PlanDocument is `plan --json`, one schema for every agent: the event,
// the query as the agent applied it, whether the hooks run one after
// another, the hooks that run (in the agent's order) and the event's
// others that do not, each with why. "agent" is the agent's name and
// title (as in RunDocument); what only one agent knows of a hook is in
// its "agent" object.
type PlanDocument struct {
	Agent      Document    `json:"agent"`
	Event      hooks.Event `json:"event"`
	Context    PlanContext `json:"context"`
	Sequential bool        `json:"sequential"`
	Hooks      []PlanItem  `json:"hooks"`
	Skipped    []PlanItem  `json:"skipped"`
}

// PlanContext is the query of a PlanDocument: the tool or trigger, and
// the tool input the agent's rules saw (Claude Code's "if" rules).
type PlanContext struct {
	Tool      string          `json:"tool,omitempty"`
	Trigger   string          `json:"trigger,omitempty"`
	ToolInput json.RawMessage `json:"tool_input,omitempty"`
}

// PlanItem is one hook in a PlanDocument.
type PlanItem struct {
	ID string `json:"id"`
	// Name is the hook as the agent names it; Key is the agent's key for
	// it, where it has one (what `trust` and `--hook` take).
	Name    string `json:"name"`
	Type    string `json:"type"`
	Command string `json:"command"`
	Key     string `json:"key,omitempty"`
	// Origin is the layer; File and Line where the hook is written.
	Origin string `json:"origin"`
	File   string `json:"file"`
	Line   int    `json:"line"`
	// Note says what decided beyond the matcher (a planned hook); Reason
	// why a skipped hook does not run.
	Note   string `json:"note,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Agent holds what only this agent knows of the hook.
	Agent Document `json:"agent,omitempty"`
}

// PlanFacts completes a hook's item in the plan document, filled with
// what every hook has: the agent's name of it, its key (where it has
// one), what only the agent knows of it, and the command as the agent
// shows it where that is not h.Command (an agent that expanded secrets
// into it).
type PlanFacts func(h *hooks.Hook, it *PlanItem)

// SetDocument sets p's Document from its hooks, notes and skipped hooks,
// the agent being name and title.
func (p *Plan) SetDocument(name, title string, facts PlanFacts) {
	doc := PlanDocument{Agent: Document{Member("name", name), Member("title", title)}, Event: p.Event, Context: PlanContext{Tool: p.Context.Tool, Trigger: p.Context.Trigger, ToolInput: p.Context.ToolInput}, Sequential: p.Sequential, Hooks: []PlanItem{}, Skipped: []PlanItem{}}
	item := func(h *hooks.Hook) PlanItem {
		it := PlanItem{ID: h.ID, Type: h.Type, Command: h.Command, Origin: string(h.Origin.Layer), File: h.Origin.File, Line: h.Origin.Line}
		facts(h, &it)
		return it
	}
	for _, h := range p.Hooks {
		it := item(h)
		it.Note = p.Notes[h.ID]
		doc.Hooks = append(doc.Hooks, it)
	}
	for _, s := range p.Skipped {
		it := item(s.Hook)
		it.Reason = s.Reason
		doc.Skipped = append(doc.Skipped, it)
	}
	p.Document = doc
}

// Name is h as the plan lists it.
func (p *Plan) Name(h *hooks.Hook) string {
	if n, ok := p.Names[h.ID]; ok {
		return n
	}
	return h.DisplayName()
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

// EventError is an event name the agent does not have.
type EventError struct {
	Agent Info
	Name  string
	// Suggest is the event it most likely means ("" when none); Known
	// are the agent's events.
	Suggest hooks.Event
	Known   []hooks.Event
}

func (e *EventError) Error() string {
	if e.Name == "" {
		return "--event is required (one of " + e.KnownList() + ")"
	}
	if e.Suggest != "" {
		return fmt.Sprintf("unknown %s event %q (did you mean %s?)", e.Agent.Title, e.Name, e.Suggest)
	}
	return fmt.Sprintf("unknown %s event %q (one of %s)", e.Agent.Title, e.Name, e.KnownList())
}

// KnownList is the agent's events, comma separated.
func (e *EventError) KnownList() string {
	names := make([]string, len(e.Known))
	for i, k := range e.Known {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}

// CheckEvent returns the agent's event of that name, or an *EventError
// (with the event it most likely means, when the agent can say).
func CheckEvent(a Agent, name string) (EventInfo, error) {
	events := a.Events()
	if e, ok := LookupEvent(events, hooks.Event(name)); ok && name != "" {
		return e, nil
	}
	err := &EventError{Agent: a.Info(), Name: name}
	for _, e := range events {
		err.Known = append(err.Known, e.Name)
	}
	if s, ok := a.(EventSuggester); ok && name != "" {
		err.Suggest = s.SuggestEvent(name)
	}
	return EventInfo{}, err
}

// OriginLabel is where h comes from, short: "workspace
// .gemini/settings.json:4", with the extension or plugin after the layer.
func OriginLabel(h *hooks.Hook) string {
	layer := string(h.Origin.Layer)
	if h.Origin.Extension != "" {
		layer += " " + h.Origin.Extension
	}
	if h.Origin.Line == 0 {
		return layer + " " + ShortPath(h.Origin.File)
	}
	return fmt.Sprintf("%s %s:%d", layer, ShortPath(h.Origin.File), h.Origin.Line)
}

// ShortPath keeps the last two elements of a path (".gemini/settings.json").
func ShortPath(p string) string {
	dir, file := filepath.Split(p)
	parent := filepath.Base(strings.TrimSuffix(dir, string(filepath.Separator)))
	if parent == "." || parent == string(filepath.Separator) || parent == "" {
		return file
	}
	return parent + "/" + file
}
