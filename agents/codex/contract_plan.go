package codex

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// Plan is what Codex runs for the event: every trusted, enabled hook of
// every loaded layer whose matcher matches, all at once (no
// de-duplication: the same command in two layers runs twice); the
// event's other hooks are Skipped, each with Codex's reason.
func (p *project) Plan(event hooks.Event, q agents.Query) (*agents.Plan, error) {
	pctx, err := planContext(event, q)
	if err != nil {
		return nil, err
	}
	plan, err := p.snap.PlanFor(event, pctx)
	if err != nil {
		return nil, &agents.ContextError{Event: event, Msg: "is not one of Codex's 14 hook events"}
	}
	return contractPlan(plan), nil
}

// planContext is the planner's context of q: its tool or trigger, else
// the payload's field the event's matcher sees.
func planContext(event hooks.Event, q agents.Query) (hooks.PlanContext, error) {
	info, ok := lookupEvent(event)
	if !ok {
		return hooks.PlanContext{}, &agents.ContextError{Event: event, Msg: "is not one of Codex's 14 hook events"}
	}
	tool, trigger := q.Tool, q.Trigger
	if q.Input != nil && tool == "" && trigger == "" {
		in, err := agents.ParseObject(q.Input, "input")
		if err != nil {
			return hooks.PlanContext{}, &agents.RequestError{Msg: err.Error()}
		}
		if info.IsToolEvent() {
			tool, _ = in.Value("tool_name").(string)
		} else if f, ok := matcherFields[event]; ok {
			trigger, _ = in.Value(f).(string)
		}
	}
	switch {
	case !info.KeepsMatcher && (tool != "" || trigger != ""):
		return hooks.PlanContext{}, &agents.ContextError{Event: event, Msg: "takes no --tool or --trigger: Codex drops its matchers and runs every hook"}
	case info.IsToolEvent() && trigger != "":
		return hooks.PlanContext{}, &agents.ContextError{Event: event, Msg: "takes --tool, not --trigger"}
	case info.KeepsMatcher && !info.IsToolEvent() && tool != "":
		return hooks.PlanContext{}, &agents.ContextError{Event: event, Msg: "takes --trigger (its " + info.MatcherInput + "), not --tool"}
	}
	return hooks.PlanContext{ToolName: tool, Trigger: trigger}, nil
}

// matcherFields are the payload fields the trigger events' matchers see.
var matcherFields = map[hooks.Event]string{"SessionStart": "source", "SessionEnd": "reason", "PreCompact": "trigger",
	"PostCompact": "trigger", "SubagentStart": "agent_type", "SubagentStop": "agent_type"}

// contractPlan is the contract's plan of Codex's plan.
func contractPlan(plan *plan) *agents.Plan {
	label := string(plan.Event)
	q := agents.Query{Tool: plan.Context.ToolName, Trigger: plan.Context.Trigger}
	if c := q.Tool + q.Trigger; c != "" {
		label += " " + c
	}
	out := &agents.Plan{Event: plan.Event, Context: q, Label: label, Order: "in parallel (Codex runs an event's hooks concurrently)",
		Noun: "hook", Names: map[string]string{}, Document: planDocument(plan)}
	for _, h := range plan.Runs {
		out.Hooks = append(out.Hooks, h.Hook)
		out.Names[h.Hook.ID] = shortName(h.Hook)
	}
	for _, s := range plan.NotRun {
		out.Skipped = append(out.Skipped, agents.Skip{Hook: s.Handler.Hook, ID: s.Handler.Hook.ID, Reason: s.Reason})
	}
	return out
}

// planDoc is `plan --json` for Codex.
type planDoc struct {
	Agent      string            `json:"agent"`
	Event      hooks.Event       `json:"event"`
	Context    hooks.PlanContext `json:"context"`
	Sequential bool              `json:"sequential"`
	Hooks      []planHookDoc     `json:"hooks"`
	Skipped    []planHookDoc     `json:"skipped"`
}

type planHookDoc struct {
	Command string      `json:"command"`
	Key     string      `json:"key"`
	Trust   trustStatus `json:"trust_status,omitempty"`
	Origin  string      `json:"origin"`
	File    string      `json:"file"`
	Line    int         `json:"line"`
	ID      string      `json:"id"`
	Reason  string      `json:"reason,omitempty"`
}

func planDocument(plan *plan) planDoc {
	doc := planDoc{Agent: string(Name), Event: plan.Event, Context: plan.Context, Hooks: []planHookDoc{}, Skipped: []planHookDoc{}}
	item := func(h *handler, reason string) planHookDoc {
		return planHookDoc{Command: h.Hook.Command, Key: h.Key, Trust: h.Trust, Origin: string(h.Hook.Origin.Layer),
			File: h.Hook.Origin.File, Line: h.Hook.Origin.Line, ID: h.Hook.ID, Reason: reason}
	}
	for _, h := range plan.Runs {
		doc.Hooks = append(doc.Hooks, item(h, ""))
	}
	for _, s := range plan.NotRun {
		doc.Skipped = append(doc.Skipped, item(s.Handler, s.Reason))
	}
	return doc
}
