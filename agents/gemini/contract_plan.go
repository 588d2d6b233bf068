package gemini

import (
	"errors"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// Plan is what Gemini CLI runs for the event: HookPlanner's hooks in
// priority order, in parallel unless one of them is sequential.
func (p *Project) Plan(event hooks.Event, q agents.Query) (*agents.Plan, error) {
	pctx, err := planContext(event, q)
	if err != nil {
		return nil, err
	}
	return newPlan(event, pctx, p.reg.Plan(event, pctx)), nil
}

// planContext is Gemini's planner context for the query.
func planContext(event hooks.Event, q agents.Query) (*hooks.PlanContext, error) {
	if !validEvent(event) {
		return nil, &agents.ContextError{Event: event, Msg: "is not a Gemini CLI event"}
	}
	pctx, err := contextFor(event, q.Tool, q.Trigger)
	var ce *contextError
	if errors.As(err, &ce) {
		return nil, &agents.ContextError{Event: ce.Event, Msg: ce.Msg}
	}
	return pctx, err
}

// newPlan is the contract's plan of Gemini's plan (nil: no hook runs).
func newPlan(event hooks.Event, pctx *hooks.PlanContext, plan *hookPlan) *agents.Plan {
	out := &agents.Plan{Event: event, Label: string(event) + contextLabel(pctx), Order: "in parallel", Noun: "hook",
		Document: planDocument(event, plan)}
	if pctx != nil {
		out.Context = agents.Query{Tool: pctx.ToolName, Trigger: pctx.Trigger}
	}
	if plan != nil {
		out.Hooks, out.Sequential = plan.Hooks, plan.Sequential
	}
	if out.Sequential {
		out.Order = "one after another"
	}
	return out
}

// contextLabel is " write_file" or " startup" ("" without context).
func contextLabel(c *hooks.PlanContext) string {
	switch {
	case c == nil:
		return ""
	case c.ToolName != "":
		return " " + c.ToolName
	}
	return " " + c.Trigger
}

// planDoc is `plan --json` for Gemini CLI.
type planDoc struct {
	Event      hooks.Event   `json:"event"`
	Sequential bool          `json:"sequential"`
	Hooks      []planHookDoc `json:"hooks"`
}

type planHookDoc struct {
	Name    string `json:"name"`
	Command string `json:"command"`
	Origin  string `json:"origin"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Key     string `json:"key"`
	ID      string `json:"id"`
}

func planDocument(event hooks.Event, plan *hookPlan) planDoc {
	doc := planDoc{Event: event, Hooks: []planHookDoc{}}
	if plan == nil {
		return doc
	}
	doc.Sequential = plan.Sequential
	for _, h := range plan.Hooks {
		doc.Hooks = append(doc.Hooks, planHookDoc{
			Name: h.Name, Command: h.Command, Origin: string(h.Origin.Layer),
			File: h.Origin.File, Line: h.Origin.Line, Key: hookKey(h), ID: h.ID,
		})
	}
	return doc
}
