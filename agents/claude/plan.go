package claude

import (
	"encoding/json"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// matchContext is what an event is planned for: the tool name on tool events,
// the matcher value (source, reason, trigger, agent type, file name …) on
// the others, and the tool input for "if" rules. A nil context ignores
// matchers and "if" rules (every handler of the event is listed).
type matchContext struct {
	ToolName     string         `json:"toolName,omitempty"`
	MatcherValue string         `json:"matcherValue,omitempty"`
	ToolInput    map[string]any `json:"toolInput,omitempty"`
	// ProjectDir and Home resolve path patterns of "if" rules (default:
	// the snapshot's project and home folders).
	ProjectDir string `json:"-"`
	Home       string `json:"-"`
}

// Plan is what Claude Code would run for event and ctx: running handlers
// of the event whose matcher matches (ignored on events without matcher
// support) and whose "if" rule holds (Notes says which rule decided),
// identical handlers once, all in parallel; its Document is the kit's
// plan document (sequential is always false).
func (r *registry) Plan(event hooks.Event, ctx *matchContext) *agents.Plan {
	if r.regex == nil {
		r.regex = newRegexCache()
	}
	info, _ := LookupEvent(event)
	plan := &agents.Plan{Event: event, Label: string(event) + contextLabel(ctx), Order: "in parallel", Noun: "handler",
		Names: map[string]string{}, Notes: map[string]string{}}
	if ctx != nil {
		plan.Context = agents.Query{Tool: ctx.ToolName, Trigger: ctx.MatcherValue}
		if ctx.ToolInput != nil {
			plan.Context.ToolInput, _ = json.Marshal(ctx.ToolInput) // a map: marshals
		}
	}
	seen := map[string]bool{}
	for _, h := range r.Hooks {
		if h.Event != event || !h.IsHook() || (h.Status != hooks.StatusRuns && h.Status != hooks.StatusDuplicate) {
			continue
		}
		if ctx != nil && info.Matcher != MatchNone {
			value := ctx.MatcherValue
			if info.Matcher == matchToolName {
				value = ctx.ToolName
			}
			if !ParseMatcher(info.Matcher, h.Matcher).matches(r.regex, value) {
				continue
			}
		}
		if HandlerOf(h).HasIf && ctx != nil && info.EvaluatesIf {
			rule, err := parseIfRule(HandlerOf(h).If)
			if err == nil {
				res := rule.Check(ifCall{ToolName: ctx.ToolName, ToolInput: ctx.ToolInput, ProjectDir: r.projectDir(ctx), Home: r.home(ctx)})
				if !res.Match {
					continue
				}
				plan.Notes[h.ID] = res.Why
			}
		}
		if seen[HandlerOf(h).Identity] {
			continue
		}
		seen[HandlerOf(h).Identity] = true
		plan.Hooks = append(plan.Hooks, h)
		plan.Names[h.ID] = "[" + h.Type + "] " + Label(h)
	}
	plan.SetDocument(agent{}.Info().Name, agent{}.Info().Title, func(h *hooks.Hook, it *agents.PlanItem) {
		it.Name = Label(h)
		if h.Origin.Extension != "" {
			it.Agent = agents.Document{agents.Member("plugin", h.Origin.Extension)}
		}
	})
	return plan
}

func (r *registry) projectDir(ctx *matchContext) string {
	if ctx.ProjectDir != "" {
		return ctx.ProjectDir
	}
	if r.Snapshot != nil {
		return r.Snapshot.ProjectDir
	}
	return ""
}

func (r *registry) home(ctx *matchContext) string {
	if ctx.Home != "" {
		return ctx.Home
	}
	if r.Snapshot != nil {
		return r.Snapshot.Paths.Home
	}
	return ""
}

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
	return p.reg.Plan(event, pctx), nil
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

// planContext builds Claude Code's planning context from a tool name or
// matcher value, checking that it fits the event (*agents.ContextError).
func planContext(event hooks.Event, tool, value string) (*matchContext, error) {
	info, ok := LookupEvent(event)
	if !ok {
		return nil, &agents.ContextError{Event: event, Msg: "is not a Claude Code event"}
	}
	switch info.Matcher {
	case matchToolName:
		if value != "" {
			return nil, &agents.ContextError{Event: event, Msg: "takes a tool name (--tool), not a matcher value"}
		}
		if tool == "" {
			return nil, &agents.ContextError{Event: event, Msg: "needs a tool name (e.g. Bash)"}
		}
	case MatchNone:
		if tool != "" || value != "" {
			return nil, &agents.ContextError{Event: event, Msg: "has no matcher support (Claude Code ignores matchers for it)"}
		}
		return &matchContext{}, nil
	default:
		if tool != "" {
			return nil, &agents.ContextError{Event: event, Msg: "takes a matcher value (--trigger), not a tool name"}
		}
		if value == "" {
			return nil, nil
		}
	}
	return &matchContext{ToolName: tool, MatcherValue: value}, nil
}
