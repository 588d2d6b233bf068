package gemini

import (
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
	if plan := p.reg.Plan(event, pctx); plan != nil {
		return plan, nil
	}
	return planOf(event, pctx, nil, false), nil
}

// Plan returns what Gemini CLI would run for event and ctx, or nil when no
// hook matches (Gemini's "no plan"). It follows HookPlanner: the registered,
// enabled hooks of the event in priority order (settings before
// extensions, file order within), filtered by matcher, deduplicated by
// name:command (first wins); one sequential definition makes the whole
// plan sequential.
//
// Pass ctx exactly as Gemini does: {ToolName} for BeforeTool/AfterTool,
// {Trigger} for SessionStart (source), SessionEnd (reason) and PreCompress
// (trigger), nil for the other events.
func (r *Registry) Plan(event hooks.Event, ctx *hooks.PlanContext) *agents.Plan {
	if !r.HooksEnabled {
		return nil
	}
	if r.matchers == nil {
		r.matchers = newMatcherCache()
	}
	var planned []*hooks.Hook
	sequential := false
	seen := map[string]bool{}
	for _, h := range r.Hooks {
		if h.Event != event || (h.Status != hooks.StatusRuns && h.Status != hooks.StatusDuplicate) {
			continue
		}
		if !r.matchers.matches(h, ctx) {
			continue
		}
		k := hookKey(h)
		if seen[k] {
			continue
		}
		seen[k] = true
		planned = append(planned, h)
		sequential = sequential || FactsOf(h).Sequential
	}
	if len(planned) == 0 {
		return nil
	}
	return planOf(event, ctx, planned, sequential)
}

// planOf is the plan of the hooks for the event in the planner context,
// with its label, its order in words and its plan --json document.
func planOf(event hooks.Event, pctx *hooks.PlanContext, planned []*hooks.Hook, sequential bool) *agents.Plan {
	out := &agents.Plan{Event: event, Label: string(event) + contextLabel(pctx), Order: "in parallel", Noun: "hook",
		Hooks: planned, Sequential: sequential}
	if pctx != nil {
		out.Context = agents.Query{Tool: pctx.ToolName, Trigger: pctx.Trigger}
	}
	if sequential {
		out.Order = "one after another"
	}
	out.Document = planDocument(out)
	return out
}

// planContext is Gemini's planner context for the query.
func planContext(event hooks.Event, q agents.Query) (*hooks.PlanContext, error) {
	if !validEvent(event) {
		return nil, &agents.ContextError{Event: event, Msg: "is not a Gemini CLI event"}
	}
	return contextFor(event, q.Tool, q.Trigger)
}

// contextFor builds the planner context Gemini CLI passes for event from a
// tool name or trigger value. It returns nil for events Gemini plans with no
// context, and an error when the value does not fit the event.
func contextFor(event hooks.Event, tool, trigger string) (*hooks.PlanContext, error) {
	switch matcherKindOf(event) {
	case matchToolName:
		if trigger != "" {
			return nil, errContext(event, "takes a tool name, not a trigger")
		}
		if tool == "" {
			return nil, errContext(event, "needs a tool name (e.g. read_file)")
		}
		return &hooks.PlanContext{ToolName: tool}, nil
	case matchTrigger:
		if tool != "" {
			return nil, errContext(event, "takes a trigger, not a tool name")
		}
		if trigger == "" {
			return nil, errContext(event, "needs a trigger ("+joinTriggers(event)+")")
		}
		return &hooks.PlanContext{Trigger: trigger}, nil
	}
	if tool != "" || trigger != "" {
		return nil, errContext(event, "has no matcher context (Gemini ignores matchers for it)")
	}
	return nil, nil
}

// errContext is a tool name or trigger that does not fit the event.
func errContext(e hooks.Event, msg string) error { return &agents.ContextError{Event: e, Msg: msg} }

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

// selectNamed returns the planned hooks a selector names (run --hook: by
// display name, name, command, Gemini's name:command key or ID), in plan
// order, and the selectors that named no hook. With no selectors it
// returns the plan's hooks; with no plan, nothing.
func selectNamed(p *agents.Plan, selectors []string) ([]*hooks.Hook, []string) {
	if p == nil || len(p.Hooks) == 0 {
		return nil, nil
	}
	if len(selectors) == 0 {
		return p.Hooks, nil
	}
	var sel []*hooks.Hook
	used := make([]bool, len(selectors))
	for _, h := range p.Hooks {
		for i, want := range selectors {
			if want == h.DisplayName() || want == h.Name || want == h.Command || want == hookKey(h) || want == h.ID {
				used[i] = true
				sel = append(sel, h)
				break
			}
		}
	}
	var missing []string
	for i, u := range used {
		if !u {
			missing = append(missing, selectors[i])
		}
	}
	return sel, missing
}

// planDocument is the kit's plan document of p: a hook named by its
// name, its key Gemini's name:command.
func planDocument(p *agents.Plan) agents.PlanDocument {
	cp := *p
	cp.SetDocument(string(Name), agent{}.Info().Title, func(h *hooks.Hook, it *agents.PlanItem) { it.Name, it.Key = h.Name, hookKey(h) })
	return cp.Document.(agents.PlanDocument)
}
