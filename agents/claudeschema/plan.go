package claudeschema

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Planner is how an agent picks an event's hooks among its entries, in
// its order: every entry with status runs whose matcher matches.
type Planner struct {
	// Agent and Title are the agent's name and title.
	Agent, Title string
	// Match says whether the entry's matcher matches the event's subject
	// (an error: it does not compile; Invalid says what the agent does).
	Match   func(e *Entry) (bool, error)
	Invalid string
	// Key, when set, de-duplicates: of entries with one key the first
	// runs; Dup says what the agent does with the others.
	Key func(e *Entry) string
	Dup string
	// Label names a hook in the plan; Note says more of a planned one.
	Label func(*hooks.Hook) string
	Note  func(e *Entry) string
}

// Fill adds to p the entries of its event (in the agent's order), planned
// or skipped with the reason, marks p sequential when one planned entry's
// definition is, and sets its document (the kit's).
func (pl Planner) Fill(p *agents.Plan, entries []*Entry, subject string) {
	seen := map[string]string{}
	p.Names, p.Notes = map[string]string{}, map[string]string{}
	for _, e := range entries {
		h := e.Hook
		if e.Event != string(p.Event) {
			continue
		}
		ok, err := pl.Match(e)
		key := ""
		if pl.Key != nil {
			key = pl.Key(e)
		}
		skip := ""
		switch {
		case h.Status != hooks.StatusRuns:
			skip = string(h.Status) + ": " + h.Reason
		case err != nil:
			skip = fmt.Sprintf("the matcher %q is not a valid regular expression: %s", e.Matcher, pl.Invalid)
		case !ok:
			skip = fmt.Sprintf("the matcher %q does not match %q", e.Matcher, subject)
		case pl.Key != nil && seen[key] != "":
			skip = "duplicate of " + seen[key] + ": " + pl.Dup
		}
		if skip != "" {
			p.Skipped = append(p.Skipped, agents.Skip{Hook: h, ID: h.ID, Reason: skip})
			continue
		}
		seen[key] = agents.OriginLabel(h)
		p.Hooks = append(p.Hooks, h)
		p.Names[h.ID] = pl.Label(h)
		p.Sequential = p.Sequential || e.Sequential
		if n := pl.Note(e); n != "" {
			p.Notes[h.ID] = n
		}
	}
	// the command as written: an agent that expands variables at load
	// holds their values, secrets included, in h.Command
	p.SetDocument(pl.Agent, pl.Title, func(h *hooks.Hook, it *agents.PlanItem) {
		it.Name = pl.Label(h)
		if e, ok := h.Ext.(interface{ Written() string }); ok {
			it.Command = e.Written()
		}
	})
}

// TitleOf is the title of the handler h.Ext holds (an Entry, or a type
// that embeds one), else of its command (an MCP server, a tool command).
func TitleOf(h *hooks.Hook) string {
	if e, ok := h.Ext.(interface{ Title() string }); ok {
		return e.Title()
	}
	return hooks.CommandTitleOf(h)
}

// Title is how an entry is named: its name, else its command as written
// (first line), else its type.
func (e *Entry) Title() string {
	if e.Name != "" {
		return e.Name
	}
	c := strings.TrimSpace(e.Written())
	if i := strings.IndexByte(c, '\n'); i >= 0 {
		c = c[:i] + " …"
	}
	if c == "" {
		return "(" + e.Hook.Type + " hook)"
	}
	return c
}

// Written is the entry's command as written in the file (no value an
// agent expanded into it).
func (e *Entry) Written() string {
	if raw := e.Hook.Node.Get("command"); raw.Is(settingsio.String) {
		return raw.Str
	}
	return e.Hook.Command
}
