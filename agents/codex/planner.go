package codex

import (
	"fmt"

	"github.com/hookwarden/hookwarden/hooks"
)

// plan is what Codex runs for one event and context: every handler in
// Runs, all at once (observed: the hooks of one event run concurrently,
// in no meaningful order; there is no de-duplication and no sequential
// mode).
type plan struct {
	Event   hooks.Event
	Context hooks.PlanContext
	// Inputs are the values the matchers were compared with.
	Inputs []string
	Runs   []*handler
	// NotRun are the event's other handlers, each with the reason.
	NotRun []skip
}

// skip is a handler that does not run, and why.
type skip struct {
	Handler *handler
	Reason  string
}

// Concurrent is always true for Codex.
func (plan) Concurrent() bool { return true }

// PlanFor returns the plan for event in ctx: ToolName for PreToolUse,
// PermissionRequest and PostToolUse (Codex's name: Bash for shell calls,
// apply_patch for file edits, which Edit and Write also match), Trigger for
// the others that keep matchers (SessionStart source, SessionEnd reason,
// PreCompact/PostCompact trigger, SubagentStart/SubagentStop agent type).
// An event Codex does not know has an empty plan and an error.
func (s *snapshot) PlanFor(event hooks.Event, ctx hooks.PlanContext) (*plan, error) {
	info, ok := lookupEvent(event)
	if !ok {
		return nil, fmt.Errorf("codex: %q is not one of Codex's 14 hook events", string(event))
	}
	p := &plan{Event: event, Context: ctx}
	switch {
	case !info.KeepsMatcher:
	case info.IsToolEvent():
		p.Inputs = toolAliases(ctx.ToolName)
		if ctx.ToolName == "" {
			p.Inputs = nil
		}
	case ctx.Trigger != "":
		p.Inputs = []string{ctx.Trigger}
	}
	for _, h := range s.Handlers {
		if h.Hook.Event != event {
			continue
		}
		if s.Fatal != "" {
			p.NotRun = append(p.NotRun, skip{h, "Codex does not start: " + s.Fatal})
			continue
		}
		if !h.Runs {
			p.NotRun = append(p.NotRun, skip{h, h.Hook.Reason})
			continue
		}
		if !matches(h, p.Inputs) {
			m, _ := compileMatcher(*h.Matcher) // compiles: invalid groups are not Runs
			p.NotRun = append(p.NotRun, skip{h, notMatched(info, *h.Matcher, m, p.Inputs)})
			continue
		}
		p.Runs = append(p.Runs, h)
	}
	return p, nil
}

func notMatched(info eventInfo, raw string, m *Matcher, inputs []string) string {
	if len(inputs) == 0 {
		return fmt.Sprintf("its matcher %q needs a %s to match and there is none", raw, info.MatcherInput)
	}
	return fmt.Sprintf("its matcher %q (%s) does not match the %s %q", raw, m.Kind(), info.MatcherInput, inputs[0])
}
