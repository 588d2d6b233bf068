package claude

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// Plan is what Claude Code runs for the event: every matching handler
// whose "if" rule holds (checked against q.ToolInput), identical ones
// once, all in parallel.
func (p *project) Plan(event hooks.Event, q agents.Query) (*agents.Plan, error) {
	pctx, err := planContext(event, q.Tool, q.Trigger)
	if err != nil {
		return nil, err
	}
	if q.ToolInput != nil {
		if pctx == nil || pctx.ToolName == "" {
			return nil, &agents.RequestError{Msg: "--input is the tool input of a tool event; give --tool too"}
		}
		if err := json.Unmarshal(q.ToolInput, &pctx.ToolInput); err != nil {
			return nil, &agents.RequestError{Msg: fmt.Sprintf("tool input: not a JSON object: %v", err)}
		}
	}
	return newPlan(event, pctx, p.reg.Plan(event, pctx)), nil
}

// planContext is Claude Code's planning context for a tool or matcher
// value.
func planContext(event hooks.Event, tool, value string) (*matchContext, error) {
	pctx, err := contextFor(event, tool, value)
	var ce *contextError
	if errors.As(err, &ce) {
		return nil, &agents.ContextError{Event: ce.Event, Msg: ce.Msg}
	}
	return pctx, err
}

// newPlan is the contract's plan of Claude Code's plan (nil: none runs).
func newPlan(event hooks.Event, pctx *matchContext, plan *plan) *agents.Plan {
	out := &agents.Plan{Event: event, Label: string(event) + contextLabel(pctx), Order: "in parallel", Noun: "handler",
		Names: map[string]string{}, Notes: map[string]string{}, Document: planDocument(event, pctx, plan)}
	if pctx != nil {
		out.Context = agents.Query{Tool: pctx.ToolName, Trigger: pctx.MatcherValue}
	}
	if plan == nil {
		return out
	}
	out.Hooks, out.Notes = plan.Hooks, plan.Notes
	for _, h := range plan.Hooks {
		out.Names[h.ID] = "[" + h.Type + "] " + Label(h)
	}
	return out
}

// contextLabel is " Bash" or " startup" ("" without context).
func contextLabel(c *matchContext) string {
	switch {
	case c == nil:
		return ""
	case c.ToolName != "":
		return " " + c.ToolName
	case c.MatcherValue != "":
		return " " + c.MatcherValue
	}
	return ""
}

// planDoc mirrors the Gemini plan document (sequential is always false:
// Claude Code runs an event's hooks in parallel).
type planDoc struct {
	Agent      string        `json:"agent"`
	Event      hooks.Event   `json:"event"`
	Context    *matchContext `json:"context"`
	Sequential bool          `json:"sequential"`
	Hooks      []planHookDoc `json:"hooks"`
}

type planHookDoc struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	Command string `json:"command"`
	Origin  string `json:"origin"`
	Plugin  string `json:"plugin,omitempty"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	ID      string `json:"id"`
	Note    string `json:"note,omitempty"`
}

func planDocument(event hooks.Event, ctx *matchContext, plan *plan) planDoc {
	doc := planDoc{Agent: agent{}.Info().Name, Event: event, Context: ctx, Hooks: []planHookDoc{}}
	if plan == nil {
		return doc
	}
	for _, h := range plan.Hooks {
		doc.Hooks = append(doc.Hooks, planHookDoc{
			Name: Label(h), Type: h.Type, Command: h.Command, Origin: string(h.Origin.Layer),
			Plugin: h.Origin.Extension, File: h.Origin.File, Line: h.Origin.Line, ID: h.ID, Note: plan.Notes[h.ID],
		})
	}
	return doc
}
