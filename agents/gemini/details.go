package gemini

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// defaultTimeoutMS is Gemini CLI's DEFAULT_HOOK_TIMEOUT.
const defaultTimeoutMS = 60000

// Details are a hook's description, its command as it runs (as written,
// the values Gemini filled from .env files, why the project decides it),
// its settings (event, type, matcher, timeout, sequential) and its source.
func (p *Project) Details(h *hooks.Hook) []agents.Field {
	gf := FactsOf(h)
	if !h.IsHook() {
		return commandDetails(h)
	}
	out := []agents.Field{
		{Key: "description", Label: "Description", Value: h.Description},
		{Key: "command", Label: "Command", Value: h.Command, Code: true},
	}
	if h.RawCommand != "" && h.RawCommand != h.Command {
		out = append(out, agents.Field{Key: "raw_command", Label: "Command", Value: "(as written: " + h.RawCommand + ")", JSON: h.RawCommand, Code: true})
	}
	if len(gf.Hydrated) > 0 {
		for _, line := range strings.Split(hydrationText(gf.Hydrated), "\n") {
			out = append(out, agents.Field{Key: "hydrated", Label: "Command", Value: line, Code: true})
		}
	}
	if gf.ProjectControlled != "" {
		out = append(out, agents.Field{Key: "project_controlled", Label: "Command", Value: "Project hook: " + gf.ProjectControlled, JSON: gf.ProjectControlled, Code: true})
	}
	out = append(out, agents.Field{Key: "event", Label: "Settings", Value: "event " + string(h.Event), JSON: h.Event})
	for _, f := range settingsFields(h) {
		f.Label = "Settings"
		out = append(out, f)
	}
	// Gemini CLI's own label of where the hook comes from (documents only).
	return append(out, agents.Field{Key: "source", Value: string(gf.Source), JSON: gf.Source})
}

// settingsFields are a hook's type, matcher, timeout and sequential flag
// as Gemini CLI applies them.
func settingsFields(h *hooks.Hook) []agents.Field {
	var out []agents.Field
	if h.Type != "command" && h.Type != "" {
		out = append(out, agents.Field{Key: "type", Value: "type " + h.Type, JSON: h.Type})
	}
	m := agents.Field{Key: "matcher", JSON: h.Matcher}
	switch {
	case !h.HasMatcher:
	case validEvent(h.Event) && matcherKindOf(h.Event) == matchNone:
		m.Value = fmt.Sprintf("matcher %q (ignored for %s)", h.Matcher, h.Event)
	case strings.TrimSpace(h.Matcher) == "" || strings.TrimSpace(h.Matcher) == "*":
		m.Value = fmt.Sprintf("matcher %q (everything)", h.Matcher)
	default:
		m.Value = "matcher " + h.Matcher
	}
	if m.Value != "" {
		out = append(out, m)
	}
	if h.HasTimeout {
		out = append(out, agents.Field{Key: "timeout_ms", Value: "timeout " + formatMS(h.TimeoutMS), JSON: h.TimeoutMS})
	}
	if FactsOf(h).Sequential {
		out = append(out, agents.Field{Key: "sequential", Value: "sequential", JSON: true})
	}
	return out
}

// formatMS writes milliseconds as seconds where that is exact.
func formatMS(ms int64) string {
	if ms%1000 == 0 {
		return strconv.FormatInt(ms/1000, 10) + " s"
	}
	return strconv.FormatInt(ms, 10) + " ms"
}

// HookDocument is a hook's object in the list document: the members
// every agent has, and Gemini CLI's sequential flag, default timeout,
// environment, source, key, hydrated values and project control.
func (p *Project) HookDocument(h *hooks.Hook) agents.Document {
	gf := FactsOf(h)
	timeout := int64(defaultTimeoutMS)
	if h.HasTimeout {
		timeout = h.TimeoutMS
	}
	env := h.Env
	if env == nil {
		env = map[string]string{}
	}
	d := agents.Document{
		agents.Slot("id"), agents.Slot("event"), agents.Slot("matcher"),
		agents.Member("sequential", gf.Sequential),
		agents.Slot("type"),
		agents.Member("name", h.Name),
		agents.Slot("command"), agents.Slot("raw_command"),
		agents.Member("timeout_ms", timeout),
		agents.Member("env", env),
		agents.Slot("origin"), agents.Slot("extension"),
		agents.Member("source", gf.Source),
		agents.Slot("file"), agents.Slot("line"), agents.Slot("column"), agents.Slot("json_path"),
		agents.Slot("status"), agents.Slot("reason"),
		agents.Member("key", hookKey(h)),
		agents.Slot("risk"),
	}
	if len(gf.Hydrated) > 0 {
		d = append(d, agents.Member("hydrated", gf.Hydrated))
	}
	if gf.ProjectControlled != "" {
		d = append(d, agents.Member("project_controlled", gf.ProjectControlled))
	}
	return append(d, agents.CommandMembers(h)...)
}

// ListNotes are the lines under a hook whose command Gemini filled from
// .env files, or that the project decides: the command as it runs, where
// each value came from, and why the project decides it.
func (p *Project) ListNotes(h *hooks.Hook) []string {
	gf := FactsOf(h)
	if len(gf.Hydrated) == 0 && gf.ProjectControlled == "" {
		return nil
	}
	out := []string{"runs: " + h.Command}
	if len(gf.Hydrated) > 0 {
		out = append(out, strings.Split(hydrationText(gf.Hydrated), "\n")...)
	}
	if gf.ProjectControlled != "" {
		out = append(out, "project hook: "+gf.ProjectControlled)
	}
	return out
}
