package gemini

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// assignStatuses decides, for every valid hook, what Gemini CLI does with
// it, in Gemini's order of checks: no hook system at all, no settings hooks
// in an untrusted folder, the disabled list, then the planner's dedup.
func (r *Registry) assignStatuses(trusted bool) {
	disabled := make(map[string]*DisabledEntry, len(r.Disabled))
	for i := range r.Disabled {
		disabled[r.Disabled[i].Value] = &r.Disabled[i]
	}
	type eventKey struct {
		event hooks.Event
		key   string
	}
	earlier := map[eventKey][]*hooks.Hook{}
	for _, h := range r.Hooks {
		if h.Status != "" {
			continue
		}
		switch {
		case !r.HooksEnabled:
			h.Status = hooks.StatusHooksOff
			h.Reason = "hooksConfig.enabled is false"
			if r.HooksEnabledBy != "" {
				h.Reason += " in " + r.HooksEnabledBy
			}
			h.Reason += "; Gemini starts no hook system"
			continue
		case FactsOf(h).Source == sourceProject && !trusted:
			h.Status = hooks.StatusBlockedUntrustedFolder
			h.Reason = "the folder is not trusted; Gemini registers no settings hooks there, user and system ones included"
			if why := r.Snapshot.FolderTrust.Reason; why != "" {
				h.Reason += " (" + why + ")"
			}
			continue
		}
		if e, ok := disabled[disableName(h)]; ok {
			h.Status = hooks.StatusDisabled
			h.Reason = fmt.Sprintf("%q is in hooksConfig.disabled (%s)", e.Value, describeFiles(e))
			continue
		}
		k := eventKey{h.Event, hookKey(h)}
		h.Status, h.Reason = hooks.StatusRuns, runsReason(h)
		for _, first := range earlier[k] {
			if matchesAll(first) || strings.TrimSpace(first.Matcher) == strings.TrimSpace(h.Matcher) {
				h.Status = hooks.StatusDuplicate
				h.Reason = fmt.Sprintf("same name:command as the hook at %s; Gemini runs it only once", placeOf(first))
				break
			}
			h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{
				File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: hooks.SeverityInfo,
				Message: fmt.Sprintf("same name:command as the hook at %s; when both matchers match, Gemini runs only that one", placeOf(first)),
			})
		}
		earlier[k] = append(earlier[k], h)
	}
}

func runsReason(h *hooks.Hook) string {
	switch matcherKindOf(h.Event) {
	case matchToolName:
		if !matchesAll(h) {
			return fmt.Sprintf("runs for tools matching %q", h.Matcher)
		}
		return "runs for every tool"
	case matchTrigger:
		if !matchesAll(h) {
			return fmt.Sprintf("runs when the trigger is %q", strings.TrimSpace(h.Matcher))
		}
	}
	return "runs on every " + string(h.Event)
}

func placeOf(h *hooks.Hook) string {
	return fmt.Sprintf("%s:%d", h.Origin.File, h.Origin.Line)
}

func describeFiles(e *DisabledEntry) string {
	parts := make([]string, len(e.Files))
	for i, f := range e.Files {
		parts[i] = fmt.Sprintf("%s settings %s:%d", e.Layers[i], filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), e.Lines[i])
	}
	return strings.Join(parts, ", ")
}

// checkDisabledList explains disabled entries that do not do what their
// author meant: a named hook listed by its command, or a value that matches
// no hook at all.
func (r *Registry) checkDisabledList() {
	for i := range r.Disabled {
		e := &r.Disabled[i]
		matched := false
		var byCommand []*hooks.Hook
		for _, h := range r.Hooks {
			if h.Status == hooks.StatusInvalid {
				continue
			}
			if disableName(h) == e.Value {
				matched = true
			} else if h.Name != "" && h.Command == e.Value {
				byCommand = append(byCommand, h)
			}
		}
		for _, h := range byCommand {
			h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{
				File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: hooks.SeverityWarning,
				Message: fmt.Sprintf("hooksConfig.disabled lists this hook's command, but Gemini matches a named hook only by its name (%q), so it is NOT disabled", h.Name),
			})
		}
		if !matched && len(byCommand) == 0 {
			r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{
				File: e.Files[0], Line: e.Lines[0], Severity: hooks.SeverityInfo,
				Message: fmt.Sprintf("hooksConfig.disabled entry %q matches no hook (Gemini compares it with each hook's name, or its command when it has no name)", e.Value),
			})
		}
	}
}

// gatherDiagnostics adds the hooks' diagnostics to the registry's list and
// orders it by layer, file and place.
func (r *Registry) gatherDiagnostics() {
	r.Diagnostics = hooks.GatherDiagnostics(r.Diagnostics, r.Hooks, r.Snapshot.Settings)
}

// HooksIn returns the hooks of one layer (and, for extensions, one file).
func (r *Registry) HooksIn(layer settingsio.Layer) []*hooks.Hook {
	return hooks.InLayer(r.Hooks, layer)
}

// Hook returns the hook with the given ID, or nil.
func (r *Registry) Hook(id string) *hooks.Hook {
	for _, h := range r.Hooks {
		if h.ID == id {
			return h
		}
	}
	return nil
}
