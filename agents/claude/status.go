package claude

import (
	"fmt"

	"github.com/hookwarden/hookwarden/hooks"
)

// assignStatuses decides what Claude Code does with every well-formed
// handler, in this order: disableAllHooks (a managed one switches off all
// hooks, any other only non-managed ones), allowManagedHooksOnly, a
// disabled plugin, then the dedup of identical handlers from settings
// files.
func (r *registry) assignStatuses() {
	plugins := map[string]*plugin{}
	for _, p := range r.Snapshot.Plugins {
		plugins[p.ID] = p
	}
	earlier := map[string][]*hooks.Hook{}
	for _, h := range r.Hooks {
		if h.Status != "" {
			continue
		}
		managed := h.Origin.Layer == layerManaged
		plugin := plugins[HandlerOf(h).Plugin]
		switch {
		case r.ManagedDisableAll:
			h.Status, h.Reason = hooks.StatusHooksOff, "disableAllHooks is true in managed settings "+r.DisableAllHooksBy+"; Claude Code runs no hook at all"
			continue
		case r.DisableAllHooks && !managed:
			h.Status, h.Reason = hooks.StatusHooksOff, fmt.Sprintf("disableAllHooks is true in %s (the value left after precedence); only managed hooks still run", r.DisableAllHooksBy)
			continue
		case r.ManagedHooksOnly && !managed && !(plugin != nil && plugin.ForcedByManaged):
			h.Status = statusBlockedByPolicy
			h.Reason = fmt.Sprintf("allowManagedHooksOnly is true in %s; only managed hooks and plugins enabled by managed settings run", r.ManagedHooksOnlyBy)
			continue
		case plugin != nil && !plugin.Enabled:
			h.Status, h.Reason = hooks.StatusDisabled, fmt.Sprintf("plugin %s is disabled in enabledPlugins (%s)", plugin.ID, plugin.EnabledBy.Path)
			continue
		}
		h.Status, h.Reason = hooks.StatusRuns, runsReason(h)
		if note := skillNote(h, r.Snapshot.ProjectDir); note != "" {
			h.Reason += ", " + note
		}
		key := string(h.Event) + "\x00" + HandlerOf(h).Identity
		for _, first := range earlier[key] {
			if matchesAll(first) || first.Matcher == h.Matcher {
				h.Status = hooks.StatusDuplicate
				h.Reason = fmt.Sprintf("identical to the handler at %s:%d; Claude Code runs it only once", first.Origin.File, first.Origin.Line)
				break
			}
			if !mayOverlap(first, h) {
				continue
			}
			h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{
				File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: hooks.SeverityInfo,
				Message: fmt.Sprintf("identical to the handler at %s:%d; when both matchers match, Claude Code runs it only once", first.Origin.File, first.Origin.Line),
			})
		}
		earlier[key] = append(earlier[key], h)
	}
}

// runsReason says when a running handler fires.
func runsReason(h *hooks.Hook) string {
	info, _ := LookupEvent(h.Event)
	m := ParseMatcher(info.Matcher, h.Matcher)
	var s string
	switch {
	case info.Matcher == MatchNone || m.All:
		s = "runs on every " + string(h.Event)
		if info.Matcher == matchToolName {
			s = "runs for every tool on " + string(h.Event)
		}
	case info.Matcher == matchToolName:
		s = "runs for tools matching " + m.Describe()
	default:
		s = "runs when the " + string(h.Event) + " value matches " + m.Describe()
	}
	if HandlerOf(h).HasIf {
		s += fmt.Sprintf(", if %s", HandlerOf(h).If)
	}
	if HandlerOf(h).Async || HandlerOf(h).AsyncRewake {
		s += " (in the background)"
	}
	return s
}

// mayOverlap reports whether two handlers' matchers can match the same
// value (two exact lists with no common name cannot).
func mayOverlap(a, b *hooks.Hook) bool {
	info, _ := LookupEvent(a.Event)
	ma, mb := ParseMatcher(info.Matcher, a.Matcher), ParseMatcher(info.Matcher, b.Matcher)
	if ma.Exact == nil || mb.Exact == nil {
		return true
	}
	for _, x := range ma.Exact {
		for _, y := range mb.Exact {
			if x == y {
				return true
			}
		}
	}
	return false
}

// trustEffect says in words what Claude Code does with the hooks of a
// folder whose trust dialog was not accepted ("" once it was): `claude -p`
// and the SDK never ask and run them all (the live kit shows it with
// 2.1.332: every project and user hook fired with no ~/.claude.json
// entry), while an interactive session shows the dialog before anything
// else and runs no hook, not even the user's own, until it is accepted
// (declining ends the session). The statuses count what `claude -p` runs.
func trustEffect(ft folderTrust) string {
	if ft.Accepted {
		return ""
	}
	return "what claude -p and the SDK run here: they never ask and run every hook; " +
		"an interactive session first shows the trust dialog and runs no hook (your own included) until you accept it"
}
