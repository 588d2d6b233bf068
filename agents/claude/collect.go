package claude

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// collectHooks walks one "hooks" object (event → matcher groups →
// handlers), listing every handler with its place and the problems Claude
// Code would have with it. plugin is nil for settings files.
func (r *Registry) collectHooks(f *settingsio.File, hooksNode *settingsio.Node, path string, plugin *Plugin) {
	if hooksNode == nil {
		return
	}
	if !hooksNode.Is(settingsio.Object) {
		r.fileDiag(f, hooksNode, hooks.SeverityError, "\"hooks\" must be an object keyed by event name, not %s; Claude Code ignores it", hooksNode.Kind)
		return
	}
	shadowed := hooksNode.Shadowing()
	for i, m := range hooksNode.Members {
		if later := shadowed[i]; later != nil {
			r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: f.Path, Line: m.KeyPos.Line, Column: m.KeyPos.Column, Severity: hooks.SeverityWarning,
				Message: fmt.Sprintf("duplicate key %q: JSON.parse keeps only the last one (line %d), so Claude Code ignores the hooks here", m.Key, later.KeyPos.Line)})
			continue
		}
		event := hooks.Event(m.Key)
		info, known := LookupEvent(event)
		evPath := path + "." + m.Key
		if !known {
			msg := fmt.Sprintf("%q is not a Claude Code hook event; Claude Code skips its hooks", m.Key)
			if s := SuggestEvent(m.Key); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: f.Path, Line: m.KeyPos.Line, Column: m.KeyPos.Column, Severity: hooks.SeverityWarning, Message: msg})
		}
		groups := m.Value
		if !groups.Is(settingsio.Array) {
			r.fileDiag(f, groups, hooks.SeverityError, "the hooks of %s must be an array of matcher groups, not %s; Claude Code skips them", m.Key, groups.Kind)
			continue
		}
		for i, g := range groups.Items {
			r.collectGroup(f, info, known, event, g, fmt.Sprintf("%s[%d]", evPath, i), plugin)
		}
	}
}

// collectGroup lists the handlers of one matcher group.
func (r *Registry) collectGroup(f *settingsio.File, info EventInfo, known bool, event hooks.Event, g *settingsio.Node, path string, plugin *Plugin) {
	if !g.Is(settingsio.Object) {
		r.fileDiag(f, g, hooks.SeverityError, "matcher group %s must be an object {\"matcher\": …, \"hooks\": […]}, not %s; Claude Code skips it", path, g.Kind)
		return
	}
	var groupDiags []hooks.Diagnostic
	for _, m := range g.Members {
		if !contains(groupFields, m.Key) {
			msg := fmt.Sprintf("unknown field %q in a matcher group (only \"matcher\" and \"hooks\" are allowed); the schema forbids it and older Claude Code versions reject the whole file", m.Key)
			if AllowsField(TypeCommand, m.Key) || len(ownerTypes(m.Key)) > 0 {
				msg += "; handler fields belong inside \"hooks\": [{\"type\": …}]"
			}
			groupDiags = append(groupDiags, hooks.Diagnostic{File: f.Path, Line: m.KeyPos.Line, Column: m.KeyPos.Column, Severity: hooks.SeverityWarning, Message: msg})
		}
	}
	list := g.Get("hooks")
	if !list.Is(settingsio.Array) {
		where := g
		if list != nil {
			where = list
		}
		msg := fmt.Sprintf("matcher group %s has no \"hooks\" array; Claude Code runs nothing from it", path)
		if g.Get("command") != nil || g.Get("type") != nil {
			msg += " (handlers go inside \"hooks\": [{\"type\": \"command\", \"command\": …}])"
		}
		r.Diagnostics = append(r.Diagnostics, groupDiags...)
		r.fileDiag(f, where, hooks.SeverityError, "%s", msg)
		return
	}
	matcherNode := g.Get("matcher")
	matcher, hasMatcher := "", false
	if matcherNode != nil {
		if matcherNode.Is(settingsio.String) {
			matcher, hasMatcher = matcherNode.Str, true
		} else {
			groupDiags = append(groupDiags, diagAt(f, matcherNode, hooks.SeverityError, fmt.Sprintf("matcher must be a string, not %s", matcherNode.Kind)))
		}
	}
	if hasMatcher {
		for _, msg := range matcherDiagnostics(r.regex, info, known, ParseMatcher(info.Matcher, matcher)) {
			sev := hooks.SeverityWarning
			if info.Matcher == MatchNone {
				sev = hooks.SeverityInfo
			}
			groupDiags = append(groupDiags, diagAt(f, matcherNode, sev, msg))
		}
	}
	for j, cfg := range list.Items {
		h := &hooks.Hook{
			Agent:      Agent,
			Event:      event,
			Matcher:    matcher,
			HasMatcher: hasMatcher,
			Node:       cfg,
			Claude:     &hooks.ClaudeHandler{},
			Origin: hooks.Origin{
				Layer: f.Layer, File: f.Path, Line: cfg.Pos.Line, Column: cfg.Pos.Column,
				Path: fmt.Sprintf("%s.hooks[%d]", path, j),
			},
		}
		if plugin != nil {
			h.Origin.Extension = plugin.ID
			h.Claude.Plugin, h.Claude.PluginRoot = plugin.ID, plugin.Root
		}
		h.ID = string(f.Layer) + ":" + f.Path + "#" + h.Origin.Path
		if j == 0 {
			h.Diagnostics = append(h.Diagnostics, groupDiags...)
		}
		if !known {
			h.Status, h.Reason = hooks.StatusInvalid, fmt.Sprintf("%q is not a Claude Code event; Claude Code skips it", string(event))
		}
		r.readHandler(f, info, known, h, cfg)
		r.Hooks = append(r.Hooks, h)
	}
}

// readHandler fills h from its handler object and validates it against the
// schema.
func (r *Registry) readHandler(f *settingsio.File, info EventInfo, known bool, h *hooks.Hook, cfg *settingsio.Node) {
	c := h.Claude
	invalid := func(n *settingsio.Node, reason string) {
		if h.Status == "" {
			h.Status, h.Reason = hooks.StatusInvalid, reason
		}
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityError, reason))
	}
	warn := func(n *settingsio.Node, sev hooks.Severity, msg string) {
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, sev, msg))
	}
	if !cfg.Is(settingsio.Object) {
		invalid(cfg, fmt.Sprintf("a hook handler must be an object, not %s; Claude Code skips it", cfg.Kind))
		return
	}
	typ := cfg.Get("type")
	switch {
	case typ == nil:
		invalid(cfg, "missing \"type\" (command, http, mcp_tool, prompt or agent); Claude Code skips this handler")
		return
	case !typ.Is(settingsio.String) || !contains(HandlerTypes, typ.Str):
		invalid(typ, fmt.Sprintf("type %s is not one of command, http, mcp_tool, prompt, agent; Claude Code skips this handler", compactJSON(typ)))
		return
	}
	h.Type = typ.Str
	for _, m := range cfg.Members {
		if AllowsField(h.Type, m.Key) {
			continue
		}
		msg := fmt.Sprintf("unknown field %q in a %s handler; the schema forbids it and older Claude Code versions reject the whole file", m.Key, h.Type)
		if owners := ownerTypes(m.Key); len(owners) > 0 {
			msg = fmt.Sprintf("field %q belongs to %s handlers, not %s; Claude Code ignores it here and the schema forbids it", m.Key, strings.Join(owners, "/"), h.Type)
		} else if m.Key == "matcher" {
			msg = "\"matcher\" belongs to the matcher group, not the handler; here it filters nothing"
		}
		h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{File: f.Path, Line: m.KeyPos.Line, Column: m.KeyPos.Column, Severity: hooks.SeverityWarning, Message: msg})
	}
	str := func(key string) (string, *settingsio.Node) {
		n := cfg.Get(key)
		if n == nil {
			return "", nil
		}
		if !n.Is(settingsio.String) {
			warn(n, hooks.SeverityError, fmt.Sprintf("%s must be a string, not %s", key, n.Kind))
			return "", n
		}
		return n.Str, n
	}
	boolean := func(key string) bool {
		n := cfg.Get(key)
		if n == nil {
			return false
		}
		if !n.Is(settingsio.Bool) {
			warn(n, hooks.SeverityError, fmt.Sprintf("%s must be true or false, not %s", key, n.Kind))
			return false
		}
		return n.Bool
	}
	for _, req := range requiredForType[h.Type] {
		if n := cfg.Get(req); n == nil || (n.Is(settingsio.String) && strings.TrimSpace(n.Str) == "") {
			invalid(cfg, fmt.Sprintf("%s handler without %q; Claude Code skips it", h.Type, req))
		}
	}
	switch h.Type {
	case TypeCommand:
		var cmdNode *settingsio.Node
		h.Command, cmdNode = str("command")
		if cmdNode != nil {
			h.RawCommand = cmdNode.Raw
		}
		c.Args, c.HasArgs = r.readStringList(f, h, cfg.Get("args"), "args")
		c.Async, c.AsyncRewake = boolean("async"), boolean("asyncRewake")
		var shellNode *settingsio.Node
		c.Shell, shellNode = str("shell")
		if shellNode != nil && c.Shell != "" && c.Shell != "bash" && c.Shell != "powershell" {
			warn(shellNode, hooks.SeverityError, fmt.Sprintf("shell %q is not \"bash\" or \"powershell\"", c.Shell))
		}
		if shellNode != nil && c.HasArgs {
			warn(shellNode, hooks.SeverityInfo, "\"shell\" is ignored with \"args\" (exec form runs the command directly)")
		}
	case TypeHTTP:
		c.URL, _ = str("url")
		c.Headers = r.readStringMap(f, h, cfg.Get("headers"), "headers")
		c.AllowedEnvVars, _ = r.readStringList(f, h, cfg.Get("allowedEnvVars"), "allowedEnvVars")
	case TypeMCPTool:
		c.Server, _ = str("server")
		c.Tool, _ = str("tool")
		if in := cfg.Get("input"); in != nil {
			if !in.Is(settingsio.Object) {
				warn(in, hooks.SeverityError, fmt.Sprintf("input must be an object, not %s", in.Kind))
			}
			c.Input = compactJSON(in)
		}
	case TypePrompt, TypeAgent:
		c.Prompt, _ = str("prompt")
		c.Model, _ = str("model")
		c.ContinueOnBlock = h.Type == TypePrompt && boolean("continueOnBlock")
	}
	c.StatusMessage, _ = str("statusMessage")
	if n := cfg.Get("once"); n != nil {
		c.Once = boolean("once")
		if c.Once {
			warn(n, hooks.SeverityInfo, "\"once\" is honoured only in skill frontmatter; in a settings or plugin file Claude Code ignores it and the hook runs every time")
		}
	}
	r.readTimeout(f, info, h, cfg.Get("timeout"))
	if ifText, ifNode := str("if"); ifNode != nil && ifNode.Is(settingsio.String) {
		c.If, c.HasIf = ifText, true
		r.checkIf(f, info, known, h, ifNode)
	}
	if known && !info.AllowsType(h.Type) && h.Status == "" {
		h.Status = StatusNeverRuns
		h.Reason = fmt.Sprintf("%s does not run %s hooks (only %s)", info.Name, h.Type, strings.Join(info.Types, ", "))
		warn(typ, hooks.SeverityError, h.Reason)
	}
	if known && h.Type == TypeCommand {
		r.checkExit1(f, info, h, cfg.Get("command"))
	}
	c.Identity = identity(h)
}

// readTimeout reads "timeout" (seconds) and sets the effective timeout.
func (r *Registry) readTimeout(f *settingsio.File, info EventInfo, h *hooks.Hook, n *settingsio.Node) {
	c := h.Claude
	c.EffectiveTimeoutSec = DefaultTimeoutSec(info.Name, h.Type)
	if n != nil {
		switch {
		case !n.Is(settingsio.Number):
			h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityError, fmt.Sprintf("timeout must be a number of seconds, not %s", n.Kind)))
		case n.Number <= 0:
			h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityError, "timeout must be a positive number of seconds"))
		default:
			c.TimeoutSec, c.HasTimeout, c.EffectiveTimeoutSec = n.Number, true, n.Number
			if n.Number >= 1000 {
				h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityWarning,
					fmt.Sprintf("timeout is in seconds in Claude Code: %s s is %.1f hours (milliseconds are Gemini CLI's unit)", n.Raw, n.Number/3600)))
			}
		}
	}
	h.HasTimeout = c.HasTimeout
	h.TimeoutMS = int64(c.EffectiveTimeoutSec * 1000)
}

func (r *Registry) readStringList(f *settingsio.File, h *hooks.Hook, n *settingsio.Node, key string) ([]string, bool) {
	if n == nil {
		return nil, false
	}
	if !n.Is(settingsio.Array) {
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityError, fmt.Sprintf("%s must be an array of strings, not %s", key, n.Kind)))
		return nil, false
	}
	out := make([]string, 0, len(n.Items))
	for _, it := range n.Items {
		if !it.Is(settingsio.String) {
			h.Diagnostics = append(h.Diagnostics, diagAt(f, it, hooks.SeverityError, fmt.Sprintf("%s entries must be strings, not %s", key, it.Kind)))
			continue
		}
		out = append(out, it.Str)
	}
	return out, true
}

func (r *Registry) readStringMap(f *settingsio.File, h *hooks.Hook, n *settingsio.Node, key string) map[string]string {
	if n == nil {
		return nil
	}
	if !n.Is(settingsio.Object) {
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityError, fmt.Sprintf("%s must be an object of strings, not %s", key, n.Kind)))
		return nil
	}
	out := make(map[string]string, len(n.Members))
	for _, m := range n.Members {
		if !m.Value.Is(settingsio.String) {
			h.Diagnostics = append(h.Diagnostics, diagAt(f, m.Value, hooks.SeverityError, fmt.Sprintf("%s.%s must be a string, not %s", key, m.Key, m.Value.Kind)))
			continue
		}
		out[m.Key] = m.Value.Str
	}
	return out
}

// checkIf validates an "if" rule: on events that do not evaluate it the
// handler never runs.
func (r *Registry) checkIf(f *settingsio.File, info EventInfo, known bool, h *hooks.Hook, n *settingsio.Node) {
	if known && !info.EvaluatesIf {
		h.Status = StatusNeverRuns
		h.Reason = fmt.Sprintf("\"if\" is only evaluated on PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest and PermissionDenied; on %s a handler with \"if\" never runs", info.Name)
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityError, h.Reason))
		return
	}
	if _, err := ParseIfRule(h.Claude.If); err != nil {
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityWarning, "if: "+err.Error()))
	}
}

// identity is what makes two handlers "identical" for Claude Code's
// once-per-event dedup: the type and every field that changes what runs.
// Plugin handlers carry their plugin, so a plugin's copy stays separate.
func identity(h *hooks.Hook) string {
	c := h.Claude
	parts := map[string]any{"type": h.Type, "if": c.If}
	switch h.Type {
	case TypeCommand:
		parts["command"], parts["args"], parts["shell"], parts["async"] = h.Command, c.Args, c.Shell, c.Async || c.AsyncRewake
	case TypeHTTP:
		parts["url"], parts["headers"] = c.URL, c.Headers
	case TypeMCPTool:
		parts["server"], parts["tool"], parts["input"] = c.Server, c.Tool, c.Input
	default:
		parts["prompt"], parts["model"] = c.Prompt, c.Model
	}
	if c.Plugin != "" {
		parts["plugin"] = c.Plugin
	}
	keys := make([]string, 0, len(parts))
	for k := range parts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		v, _ := json.Marshal(parts[k])
		b.WriteString(k + "=" + string(v) + ";")
	}
	return b.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func compactJSON(n *settingsio.Node) string {
	b, _ := n.MarshalJSON()
	return string(b)
}
