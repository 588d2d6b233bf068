package copilot

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// handler is one hook entry as Copilot reads it: the neutral hook plus
// the facts only Copilot has. Every entry of a file has one, also those
// Copilot drops (Hook.Status says why).
type handler struct {
	Hook *hooks.Hook
	File *file
	// Written is the event key as written; Event the event it is; Pascal
	// says it was written under the PascalCase name (Claude format: its
	// payloads, matcher and output rules differ).
	Written string
	Event   eventInfo
	Pascal  bool
	// Nested: written in Claude's {matcher, hooks: [...]} form.
	Nested bool
	// Type is "command", "http" or "prompt".
	Type string
	// Bash, PowerShell, Exec and Args are the command as Copilot reads it
	// ("command" fills both Bash and PowerShell).
	Bash, PowerShell, Exec *string
	Args                   []string
	Cwd                    string
	Env                    map[string]string
	// TimeoutSec is the timeout applied (30 when unset).
	TimeoutSec float64
	// Matcher is the matcher as written (nil: none).
	Matcher *string
	re      *regexp.Regexp
	// canonical is the entry as Copilot normalises it; Key its disableKey
	// ("" when Hookwarden cannot compute it: an http or prompt hook).
	Canonical canonical
	Key       string
	// Valid: Copilot keeps the entry (not dropped by validation);
	// Enabled: no disableAllHooks or disabledHooks switches it off; Runs:
	// Copilot runs it when its event fires and its matcher matches.
	Valid   bool
	Enabled bool
	Runs    bool
}

// compiledMatcher is a matcher pattern's regex, or why it does not compile.
type compiledMatcher struct {
	re  *regexp.Regexp
	err error
}

// handlerOf is Copilot's handler of a neutral hook (nil for another
// agent's hook).
func handlerOf(h *hooks.Hook) *handler {
	if h == nil {
		return nil
	}
	c, _ := h.Ext.(*handler)
	return c
}

// Title is how a Copilot hook is named: its command.
func (p *project) Title(h *hooks.Hook) string {
	if h == nil {
		return ""
	}
	if !h.IsHook() {
		return hooks.CommandTitleOf(h)
	}
	c := strings.TrimSpace(h.Command)
	if i := strings.IndexByte(c, '\n'); i >= 0 {
		c = c[:i] + " …"
	}
	if c == "" {
		return "(" + h.Type + " hook without a command)"
	}
	return c
}

// Details are a hook's command forms, event as written, matcher, timeout,
// cwd, env, Copilot's key and what it does with it.
func (p *project) Details(h *hooks.Hook) []agents.Field {
	c := handlerOf(h)
	if c == nil {
		if h != nil && !h.IsHook() {
			return agents.CommandDetails(h, "Copilot CLI", nil)
		}
		return nil
	}
	out := []agents.Field{{Key: "command", Label: "Command", Value: h.Command, Code: true, Lines: true}}
	if c.PowerShell != nil && (c.Bash == nil || *c.PowerShell != *c.Bash) {
		out = append(out, agents.Field{Key: "powershell", Label: "powershell", Value: *c.PowerShell, Code: true, Lines: true})
	}
	if c.Exec != nil {
		out = append(out, agents.Field{Key: "exec", Label: "exec", Value: shellJoin(append([]string{*c.Exec}, c.Args...)), Code: true})
	}
	form := "flat camelCase entry"
	switch {
	case c.Pascal && c.Nested:
		form = "Claude format (PascalCase event, nested): Claude-style payload, hookSpecificOutput honoured"
	case c.Pascal:
		form = "PascalCase event (flat): Claude-style payload, hookSpecificOutput honoured"
	case c.Nested:
		form = "nested {matcher, hooks} under a camelCase event"
	}
	out = append(out, agents.Field{Key: "event", Label: "Settings", Value: "event " + c.Written + " (" + form + ")", JSON: c.Written})
	if c.Matcher != nil {
		out = append(out, agents.Field{Key: "matcher", Label: "Settings", Value: "matcher " + *c.Matcher, JSON: *c.Matcher})
	}
	out = append(out, agents.Field{Key: "timeout", Label: "Settings", Value: fmt.Sprintf("timeout %g s", c.TimeoutSec), JSON: c.TimeoutSec})
	if c.Cwd != "" {
		out = append(out, agents.Field{Key: "cwd", Label: "Settings", Value: "cwd " + c.Cwd, JSON: c.Cwd})
	}
	for _, kv := range c.Canonical.Env {
		out = append(out, agents.Field{Key: "env", Label: "Env", Value: kv[0] + "=" + kv[1] + " (set literally: Copilot does not expand it)", Code: true})
	}
	if c.Key != "" {
		out = append(out, agents.Field{Key: "disable_key", Label: "Copilot key", Value: c.Key, Code: true})
	}
	out = append(out, agents.Field{Key: "origin", Label: "Source", Value: originOf(h.Origin.Layer), JSON: originOf(h.Origin.Layer)})
	return out
}

// HookDocument is a hook's object in the list document: the members every
// agent has, then Copilot's own.
func (p *project) HookDocument(h *hooks.Hook) agents.Document {
	d := agents.HookSlots()
	if c := handlerOf(h); c != nil {
		d = append(d, agents.Member("event_as_written", c.Written), agents.Member("pascal_case", c.Pascal),
			agents.Member("nested", c.Nested), agents.Member("timeout_sec", c.TimeoutSec),
			agents.Member("disable_key", c.Key), agents.Member("enabled", c.Enabled), agents.Member("runs", c.Runs))
	}
	return append(d, agents.Slot("risk"))
}
