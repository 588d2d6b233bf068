package codex

import (
	"fmt"

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
	return p.PlanFor(event, pctx)
}

// planContext is the planner's context of q: its tool or trigger, else
// the payload's field the event's matcher sees.
func planContext(event hooks.Event, q agents.Query) (hooks.PlanContext, error) {
	info, ok := lookupEvent(event)
	if !ok {
		return hooks.PlanContext{}, errNoEvent(event)
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

// errNoEvent is the error of an event Codex does not have.
func errNoEvent(event hooks.Event) error {
	return &agents.ContextError{Event: event, Msg: "is not one of Codex's 14 hook events"}
}

// matcherFields are the payload fields the trigger events' matchers see.
var matcherFields = map[hooks.Event]string{"SessionStart": "source", "SessionEnd": "reason", "PreCompact": "trigger",
	"PostCompact": "trigger", "SubagentStart": "agent_type", "SubagentStop": "agent_type"}

// PlanFor returns the plan for event in ctx: every handler in Hooks, all
// at once (observed: the hooks of one event run concurrently, in no
// meaningful order; there is no de-duplication and no sequential mode),
// the event's other handlers Skipped, each with the reason. ctx is
// ToolName for PreToolUse, PermissionRequest and PostToolUse (Codex's
// name: Bash for shell calls, apply_patch for file edits, which Edit and
// Write also match), Trigger for the others that keep matchers
// (SessionStart source, SessionEnd reason, PreCompact/PostCompact
// trigger, SubagentStart/SubagentStop agent type). An event Codex does
// not know is a *agents.ContextError.
func (s *project) PlanFor(event hooks.Event, ctx hooks.PlanContext) (*agents.Plan, error) {
	info, ok := lookupEvent(event)
	if !ok {
		return nil, errNoEvent(event)
	}
	label := string(event)
	q := agents.Query{Tool: ctx.ToolName, Trigger: ctx.Trigger}
	if c := q.Tool + q.Trigger; c != "" {
		label += " " + c
	}
	p := &agents.Plan{Event: event, Context: q, Label: label, Order: "in parallel (Codex runs an event's hooks concurrently)",
		Noun: "hook", Names: map[string]string{}}
	byHook := map[*hooks.Hook]*handler{}
	skip := func(h *handler, reason string) {
		p.Skipped = append(p.Skipped, agents.Skip{Hook: h.Hook, ID: h.Hook.ID, Reason: reason})
	}
	inputs := planInputs(info, ctx)
	for _, h := range s.Handlers {
		if h.Hook.Event != event {
			continue
		}
		byHook[h.Hook] = h
		if s.Fatal != "" {
			skip(h, "Codex does not start: "+s.Fatal)
			continue
		}
		if !h.Runs {
			skip(h, h.Hook.Reason)
			continue
		}
		if !matches(h, inputs) {
			m, _ := compileMatcher(*h.Matcher) // compiles: invalid groups are not Runs
			skip(h, notMatched(info, *h.Matcher, m, inputs))
			continue
		}
		p.Hooks = append(p.Hooks, h.Hook)
		p.Names[h.Hook.ID] = shortName(h.Hook)
	}
	p.SetDocument(string(Name), agent{}.Info().Title, func(h *hooks.Hook, it *agents.PlanItem) {
		c := byHook[h]
		it.Name, it.Key = shortName(h), c.Key
		if c.Trust != "" {
			it.Agent = agents.Document{agents.Member("trust_status", c.Trust)}
		}
	})
	return p, nil
}

// planInputs are the values an event's matchers are compared with in ctx.
func planInputs(info eventInfo, ctx hooks.PlanContext) []string {
	switch {
	case !info.KeepsMatcher:
	case info.IsToolEvent():
		if ctx.ToolName != "" {
			return toolAliases(ctx.ToolName)
		}
	case ctx.Trigger != "":
		return []string{ctx.Trigger}
	}
	return nil
}

// matches reports whether a handler's matcher takes the plan's inputs.
func matches(h *handler, inputs []string) bool {
	if h.Matcher == nil {
		return true
	}
	m, err := compileMatcher(*h.Matcher)
	return err == nil && m.Match(inputs...)
}

func notMatched(info eventInfo, raw string, m *Matcher, inputs []string) string {
	if len(inputs) == 0 {
		return fmt.Sprintf("its matcher %q needs a %s to match and there is none", raw, info.MatcherInput)
	}
	return fmt.Sprintf("its matcher %q (%s) does not match the %s %q", raw, m.Kind(), info.MatcherInput, inputs[0])
}
