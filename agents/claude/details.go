package claude

import (
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// Details are what a handler runs or sends (the command and its args, the
// URL, the MCP tool and its input, the prompt) and its settings: event,
// type, matcher, if rule, timeout, async, shell, model, status message;
// then its headers and plugin (documents only).
func (p *project) Details(h *hooks.Hook) []agents.Field {
	if !h.IsHook() {
		return commandDetails(h)
	}
	out := commandFields(h)
	out = append(out, agents.Field{Key: "event", Label: "Settings", Value: "event " + string(h.Event), JSON: h.Event})
	for _, f := range settingsFields(h) {
		f.Label = "Settings"
		out = append(out, f)
	}
	if c := HandlerOf(h); c != nil {
		if len(c.Headers) > 0 {
			out = append(out, agents.Field{Key: "headers", JSON: c.Headers})
		}
		if c.Plugin != "" {
			out = append(out, agents.Field{Key: "plugin", Value: c.Plugin})
		}
	}
	return out
}

// commandFields are what a handler runs or sends, one line each (line
// breaks of a command kept).
func commandFields(h *hooks.Hook) []agents.Field {
	field := func(key, value string, v any) agents.Field {
		return agents.Field{Key: key, Label: "Command", Value: value, JSON: v, Code: true, Lines: true}
	}
	c := HandlerOf(h)
	switch {
	case h.Command != "" && c != nil && c.HasArgs:
		args := make([]string, len(c.Args))
		for i, a := range c.Args {
			args[i] = strconv.Quote(a)
		}
		return []agents.Field{field("command", h.Command, nil), field("args", "args: "+strings.Join(args, ", "), c.Args)}
	case h.Command != "":
		return []agents.Field{field("command", h.Command, nil)}
	case c == nil:
		return []agents.Field{field("command", "", nil)}
	case c.URL != "":
		return []agents.Field{field("url", "POST "+c.URL, c.URL)}
	case c.Server != "" || c.Tool != "":
		out := []agents.Field{field("mcp_tool", "MCP server "+c.Server+", tool "+c.Tool, c.Server+"/"+c.Tool)}
		if c.Input != "" {
			out = append(out, field("input", "input "+c.Input, c.Input))
		}
		return out
	}
	return []agents.Field{field("prompt", c.Prompt, nil)}
}

// settingsFields are a handler's type, matcher, rule, timeout and flags.
func settingsFields(h *hooks.Hook) []agents.Field {
	var out []agents.Field
	add := func(key, value string, v any) { out = append(out, agents.Field{Key: key, Value: value, JSON: v}) }
	if h.Type != TypeCommand {
		t := h.Type
		if t == "" {
			t = "—"
		}
		add("type", "type "+t, h.Type)
	}
	if h.HasMatcher {
		info, _ := LookupEvent(h.Event)
		m := ParseMatcher(info.Matcher, h.Matcher)
		switch {
		case info.Matcher == MatchNone:
			add("matcher", "matcher "+strconv.Quote(h.Matcher)+" (ignored for "+string(h.Event)+")", h.Matcher)
		case m.All:
			add("matcher", "matcher "+strconv.Quote(h.Matcher)+" (everything)", h.Matcher)
		default:
			add("matcher", "matcher "+h.Matcher, h.Matcher)
		}
	}
	c := HandlerOf(h)
	if c == nil {
		return out
	}
	if c.HasIf {
		add("if", "if "+c.If, c.If)
	}
	if c.HasTimeout {
		add("timeout", "timeout "+strconv.FormatFloat(c.TimeoutSec, 'f', -1, 64)+" s", c.TimeoutSec)
	}
	if c.Async {
		add("async", "async", true)
	}
	if c.AsyncRewake {
		add("asyncRewake", "asyncRewake", true)
	}
	if c.Shell != "" {
		add("shell", "shell "+c.Shell, c.Shell)
	}
	if c.Model != "" {
		add("model", "model "+c.Model, c.Model)
	}
	if c.StatusMessage != "" {
		add("statusMessage", "status “"+c.StatusMessage+"”", c.StatusMessage)
	}
	return out
}

// HookDocument is a handler's object in the list document: the members
// every agent has, its label as name, its timeout as written and the
// Claude Code handler fields.
func (p *project) HookDocument(h *hooks.Hook) agents.Document {
	return append(agents.Document{
		agents.Slot("id"), agents.Slot("event"), agents.Slot("matcher"), agents.Slot("type"),
		agents.Member("name", Label(h)),
		agents.Slot("command"), agents.Slot("raw_command"),
		agents.Member("timeout_ms", h.TimeoutMS),
		agents.Slot("origin"), agents.Slot("extension"),
		agents.Slot("file"), agents.Slot("line"), agents.Slot("column"), agents.Slot("json_path"),
		agents.Slot("status"), agents.Slot("reason"),
		agents.Member("claude", HandlerOf(h)),
		agents.Slot("risk"),
	}, agents.CommandMembers(h)...)
}
