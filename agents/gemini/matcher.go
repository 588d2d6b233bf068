package gemini

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// matcherCache compiles each distinct tool matcher once. JavaScript regex
// semantics come from regexp2 in ECMAScript mode (hooks.RegexCache), since
// Gemini runs new RegExp(matcher).
type matcherCache struct {
	hooks.RegexCache
}

func newMatcherCache() *matcherCache { return &matcherCache{} }

// matches is HookPlanner.matchesContext for one hook.
func (c *matcherCache) matches(h *hooks.Hook, ctx *hooks.PlanContext) bool {
	if !h.HasMatcher || h.Matcher == "" || ctx == nil {
		return true
	}
	m := strings.TrimSpace(h.Matcher)
	if m == "" || m == "*" {
		return true
	}
	switch {
	case ctx.ToolName != "":
		re, err := c.Compile(m)
		if err != nil {
			return m == ctx.ToolName
		}
		ok, err := re.MatchString(ctx.ToolName)
		return err == nil && ok
	case ctx.Trigger != "":
		return m == ctx.Trigger
	}
	return true
}

// matchesAll reports whether the hook's matcher matches every context.
func matchesAll(h *hooks.Hook) bool {
	if !h.HasMatcher || matcherKindOf(h.Event) == matchNone {
		return true
	}
	m := strings.TrimSpace(h.Matcher)
	return m == "" || m == "*"
}

// matcherDiagnostics points out matchers that do not do what they seem to.
func (r *Registry) matcherDiagnostics(f *settingsio.File, n *settingsio.Node, event hooks.Event, matcher string) []hooks.Diagnostic {
	m := strings.TrimSpace(matcher)
	if m == "" || m == "*" {
		return nil
	}
	var out []hooks.Diagnostic
	switch matcherKindOf(event) {
	case matchNone:
		out = append(out, diagAt(f, n, hooks.SeverityWarning,
			fmt.Sprintf("Gemini passes no context for %s, so the matcher %q is ignored and the hook always runs", event, matcher)))
	case matchToolName:
		if _, err := r.matchers.Compile(m); err != nil {
			out = append(out, diagAt(f, n, hooks.SeverityWarning,
				fmt.Sprintf("matcher %q is not a valid regular expression; Gemini falls back to comparing it with the tool name exactly", matcher)))
		} else if strings.HasPrefix(m, "/") && strings.HasSuffix(m, "/") && len(m) > 1 {
			out = append(out, diagAt(f, n, hooks.SeverityWarning,
				fmt.Sprintf("matcher %q: Gemini does not strip the slashes of /pattern/, they are matched literally", matcher)))
		}
	case matchTrigger:
		known := knownTriggers[event]
		for _, k := range known {
			if m == k {
				return out
			}
		}
		if strings.ContainsAny(m, "|()[]^$.+?\\") {
			out = append(out, diagAt(f, n, hooks.SeverityWarning,
				fmt.Sprintf("%s compares the matcher exactly, not as a regex: %q matches nothing (use one definition per value of %s)", event, matcher, strings.Join(known, ", "))))
		} else {
			out = append(out, diagAt(f, n, hooks.SeverityWarning,
				fmt.Sprintf("%s never sends %q, so this matcher matches nothing (values: %s)", event, matcher, strings.Join(known, ", "))))
		}
	}
	return out
}
