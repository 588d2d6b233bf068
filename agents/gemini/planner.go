package gemini

import (
	"github.com/hookwarden/hookwarden/hooks"
)

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
func (r *Registry) Plan(event hooks.Event, ctx *hooks.PlanContext) *hookPlan {
	if !r.HooksEnabled {
		return nil
	}
	if r.matchers == nil {
		r.matchers = newMatcherCache()
	}
	plan := &hookPlan{Event: event}
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
		plan.Hooks = append(plan.Hooks, h)
		plan.Sequential = plan.Sequential || FactsOf(h).Sequential
	}
	if len(plan.Hooks) == 0 {
		return nil
	}
	return plan
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
