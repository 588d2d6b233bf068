package claude

import (
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

// plan is what Claude Code would run for one event and context. All
// handlers run in parallel; there is no order among them.
type plan struct {
	Event hooks.Event
	Hooks []*hooks.Hook
	// Notes says, per hook ID, what decided beyond the matcher (an "if"
	// rule, or that it could not be checked).
	Notes map[string]string
}

// plan returns the handlers Claude Code would run for event and ctx, or nil
// when none would: running handlers of the event whose matcher matches
// (ignored on events without matcher support) and whose "if" rule holds,
// identical handlers once.
func (r *registry) Plan(event hooks.Event, ctx *matchContext) *plan {
	if r.regex == nil {
		r.regex = newRegexCache()
	}
	info, _ := LookupEvent(event)
	plan := &plan{Event: event, Notes: map[string]string{}}
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
	}
	if len(plan.Hooks) == 0 {
		return nil
	}
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

// contextFor builds a planning context from a tool name or matcher value,
// checking that it fits the event.
func contextFor(event hooks.Event, tool, value string) (*matchContext, error) {
	info, ok := LookupEvent(event)
	if !ok {
		return nil, &contextError{Event: event, Msg: "is not a Claude Code event"}
	}
	switch info.Matcher {
	case matchToolName:
		if value != "" {
			return nil, &contextError{event, "takes a tool name (--tool), not a matcher value"}
		}
		if tool == "" {
			return nil, &contextError{event, "needs a tool name (e.g. Bash)"}
		}
	case MatchNone:
		if tool != "" || value != "" {
			return nil, &contextError{event, "has no matcher support (Claude Code ignores matchers for it)"}
		}
		return &matchContext{}, nil
	default:
		if tool != "" {
			return nil, &contextError{event, "takes a matcher value (--trigger), not a tool name"}
		}
		if value == "" {
			return nil, nil
		}
	}
	return &matchContext{ToolName: tool, MatcherValue: value}, nil
}

// contextError is a planning context that does not fit its event.
type contextError struct {
	Event hooks.Event
	Msg   string
}

func (e *contextError) Error() string { return string(e.Event) + " " + e.Msg }
