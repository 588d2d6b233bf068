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
func (r *registry) collectHooks(f *settingsio.File, hooksNode *settingsio.Node, path string, plugin *plugin) {
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
			if s := suggestEvent(m.Key); s != "" {
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
func (r *registry) collectGroup(f *settingsio.File, info eventInfo, known bool, event hooks.Event, g *settingsio.Node, path string, plugin *plugin) {
	if !g.Is(settingsio.Object) {
		r.fileDiag(f, g, hooks.SeverityError, "matcher group %s must be an object {\"matcher\": …, \"hooks\": […]}, not %s; Claude Code skips it", path, g.Kind)
		return
	}
	var groupDiags []hooks.Diagnostic
	for _, m := range g.Members {
		if !contains(groupFields, m.Key) {
			msg := fmt.Sprintf("unknown field %q in a matcher group (only \"matcher\" and \"hooks\" are allowed); the schema forbids it and older Claude Code versions reject the whole file", m.Key)
			if allowsField(TypeCommand, m.Key) || len(ownerTypes(m.Key)) > 0 {
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
			Agent:      Name,
			Event:      event,
			Matcher:    matcher,
			HasMatcher: hasMatcher,
			Node:       cfg,
			Ext:        &handler{},
			Origin: hooks.Origin{
				Layer: f.Layer, File: f.Path, Line: cfg.Pos.Line, Column: cfg.Pos.Column,
				Path: fmt.Sprintf("%s.hooks[%d]", path, j),
			},
		}
		if plugin != nil {
			h.Origin.Extension = plugin.ID
			HandlerOf(h).Plugin, HandlerOf(h).PluginRoot = plugin.ID, plugin.Root
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

// readHandler reads one handler object cfg of a matcher group into h (h.Type,
// the command and the Claude-only fields in HandlerOf(h)) with Claude Code's
// rules, and diagnoses what Claude Code skips, ignores or refuses.
func (r *registry) readHandler(f *settingsio.File, info eventInfo, known bool, h *hooks.Hook, cfg *settingsio.Node) {
	hr := handlerReader{f: f, h: h, cfg: cfg}
	typ, ok := hr.readType()
	if !ok {
		return
	}
	hr.checkFields()
	hr.checkRequired()
	switch h.Type {
	case TypeCommand:
		hr.readCommand(r)
	case typeHTTP:
		hr.readHTTP(r)
	case typeMCPTool:
		hr.readMCPTool()
	case typePrompt, typeAgent:
		hr.readPrompt()
	}
	hr.readCommon()
	c := HandlerOf(h)
	r.readTimeout(f, info, h, cfg.Get("timeout"))
	if ifText, ifNode := hr.str("if"); ifNode != nil && ifNode.Is(settingsio.String) {
		c.If, c.HasIf = ifText, true
		r.checkIf(f, info, known, h, ifNode)
	}
	if known && !info.AllowsType(h.Type) && h.Status == "" {
		h.Status = StatusNeverRuns
		h.Reason = fmt.Sprintf("%s does not run %s hooks (only %s)", info.Name, h.Type, strings.Join(info.Types, ", "))
		hr.warn(typ, hooks.SeverityError, h.Reason)
	}
	if known && h.Type == TypeCommand {
		r.checkExit1(f, info, h, cfg.Get("command"))
	}
	c.Identity = identity(h)
}

// handlerReader reads the fields of one handler object cfg of file f into
// the hook h, adding h's diagnostics as it goes.
type handlerReader struct {
	f   *settingsio.File
	h   *hooks.Hook
	cfg *settingsio.Node
}

// invalid marks the handler invalid for reason (the first reason is kept)
// and reports it at n.
func (hr handlerReader) invalid(n *settingsio.Node, reason string) {
	if hr.h.Status == "" {
		hr.h.Status, hr.h.Reason = hooks.StatusInvalid, reason
	}
	hr.h.Diagnostics = append(hr.h.Diagnostics, diagAt(hr.f, n, hooks.SeverityError, reason))
}

// warn reports msg at n without changing the handler's status.
func (hr handlerReader) warn(n *settingsio.Node, sev hooks.Severity, msg string) {
	hr.h.Diagnostics = append(hr.h.Diagnostics, diagAt(hr.f, n, sev, msg))
}

// str is the string field key and its node: "" and nil when absent, ""
// and the node (with an error) when it is not a string.
func (hr handlerReader) str(key string) (string, *settingsio.Node) {
	n := hr.cfg.Get(key)
	if n == nil {
		return "", nil
	}
	if !n.Is(settingsio.String) {
		hr.warn(n, hooks.SeverityError, fmt.Sprintf("%s must be a string, not %s", key, n.Kind))
		return "", n
	}
	return n.Str, n
}

// boolean is the boolean field key: false when absent, and false (with an
// error) when it is not a boolean.
func (hr handlerReader) boolean(key string) bool {
	n := hr.cfg.Get(key)
	if n == nil {
		return false
	}
	if !n.Is(settingsio.Bool) {
		hr.warn(n, hooks.SeverityError, fmt.Sprintf("%s must be true or false, not %s", key, n.Kind))
		return false
	}
	return n.Bool
}

// readType sets h.Type from the handler's "type" and returns its node;
// false when the handler is not an object or has no valid type (Claude
// Code skips it, and the handler is marked invalid).
func (hr handlerReader) readType() (*settingsio.Node, bool) {
	cfg := hr.cfg
	if !cfg.Is(settingsio.Object) {
		hr.invalid(cfg, fmt.Sprintf("a hook handler must be an object, not %s; Claude Code skips it", cfg.Kind))
		return nil, false
	}
	typ := cfg.Get("type")
	switch {
	case typ == nil:
		hr.invalid(cfg, "missing \"type\" (command, http, mcp_tool, prompt or agent); Claude Code skips this handler")
		return nil, false
	case !typ.Is(settingsio.String) || !contains(handlerTypes, typ.Str):
		hr.invalid(typ, fmt.Sprintf("type %s is not one of command, http, mcp_tool, prompt, agent; Claude Code skips this handler", compactJSON(typ)))
		return nil, false
	}
	hr.h.Type = typ.Str
	return typ, true
}

// checkFields warns about each field the schema does not allow for the
// handler's type, naming the types it belongs to.
func (hr handlerReader) checkFields() {
	h := hr.h
	for _, m := range hr.cfg.Members {
		if allowsField(h.Type, m.Key) {
			continue
		}
		msg := fmt.Sprintf("unknown field %q in a %s handler; the schema forbids it and older Claude Code versions reject the whole file", m.Key, h.Type)
		if owners := ownerTypes(m.Key); len(owners) > 0 {
			msg = fmt.Sprintf("field %q belongs to %s handlers, not %s; Claude Code ignores it here and the schema forbids it", m.Key, strings.Join(owners, "/"), h.Type)
		} else if m.Key == "matcher" {
			msg = "\"matcher\" belongs to the matcher group, not the handler; here it filters nothing"
		}
		h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{File: hr.f.Path, Line: m.KeyPos.Line, Column: m.KeyPos.Column, Severity: hooks.SeverityWarning, Message: msg})
	}
}

// checkRequired marks the handler invalid for each field its type needs
// that is missing or blank.
func (hr handlerReader) checkRequired() {
	for _, req := range requiredForType[hr.h.Type] {
		if n := hr.cfg.Get(req); n == nil || (n.Is(settingsio.String) && strings.TrimSpace(n.Str) == "") {
			hr.invalid(hr.cfg, fmt.Sprintf("%s handler without %q; Claude Code skips it", hr.h.Type, req))
		}
	}
}

// readCommand reads a command handler's command, args, async flags and
// shell.
func (hr handlerReader) readCommand(r *registry) {
	h, c := hr.h, HandlerOf(hr.h)
	var cmdNode *settingsio.Node
	h.Command, cmdNode = hr.str("command")
	if cmdNode != nil {
		h.RawCommand = cmdNode.Raw
	}
	c.Args, c.HasArgs = r.readStringList(hr.f, h, hr.cfg.Get("args"), "args")
	c.Async, c.AsyncRewake = hr.boolean("async"), hr.boolean("asyncRewake")
	var shellNode *settingsio.Node
	c.Shell, shellNode = hr.str("shell")
	if shellNode != nil && c.Shell != "" && c.Shell != "bash" && c.Shell != "powershell" {
		hr.warn(shellNode, hooks.SeverityError, fmt.Sprintf("shell %q is not \"bash\" or \"powershell\"", c.Shell))
	}
	if shellNode != nil && c.HasArgs {
		hr.warn(shellNode, hooks.SeverityInfo, "\"shell\" is ignored with \"args\" (exec form runs the command directly)")
	}
}

// readHTTP reads an http handler's URL, headers and allowed variables.
func (hr handlerReader) readHTTP(r *registry) {
	c := HandlerOf(hr.h)
	c.URL, _ = hr.str("url")
	c.Headers = r.readStringMap(hr.f, hr.h, hr.cfg.Get("headers"), "headers")
	c.AllowedEnvVars, _ = r.readStringList(hr.f, hr.h, hr.cfg.Get("allowedEnvVars"), "allowedEnvVars")
}

// readMCPTool reads an mcp_tool handler's server, tool and input object.
func (hr handlerReader) readMCPTool() {
	c := HandlerOf(hr.h)
	c.Server, _ = hr.str("server")
	c.Tool, _ = hr.str("tool")
	if in := hr.cfg.Get("input"); in != nil {
		if !in.Is(settingsio.Object) {
			hr.warn(in, hooks.SeverityError, fmt.Sprintf("input must be an object, not %s", in.Kind))
		}
		c.Input = compactJSON(in)
	}
}

// readPrompt reads a prompt or agent handler's prompt and model, and a
// prompt handler's continueOnBlock.
func (hr handlerReader) readPrompt() {
	c := HandlerOf(hr.h)
	c.Prompt, _ = hr.str("prompt")
	c.Model, _ = hr.str("model")
	c.ContinueOnBlock = hr.h.Type == typePrompt && hr.boolean("continueOnBlock")
}

// readCommon reads the fields every type has: statusMessage and once
// (honoured only in skill frontmatter).
func (hr handlerReader) readCommon() {
	c := HandlerOf(hr.h)
	c.StatusMessage, _ = hr.str("statusMessage")
	if n := hr.cfg.Get("once"); n != nil {
		c.Once = hr.boolean("once")
		if c.Once {
			hr.warn(n, hooks.SeverityInfo, "\"once\" is honoured only in skill frontmatter; in a settings or plugin file Claude Code ignores it and the hook runs every time")
		}
	}
}

// readTimeout reads "timeout" (seconds) and sets the effective timeout.
func (r *registry) readTimeout(f *settingsio.File, info eventInfo, h *hooks.Hook, n *settingsio.Node) {
	c := HandlerOf(h)
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

func (r *registry) readStringList(f *settingsio.File, h *hooks.Hook, n *settingsio.Node, key string) ([]string, bool) {
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

func (r *registry) readStringMap(f *settingsio.File, h *hooks.Hook, n *settingsio.Node, key string) map[string]string {
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
func (r *registry) checkIf(f *settingsio.File, info eventInfo, known bool, h *hooks.Hook, n *settingsio.Node) {
	if known && !info.EvaluatesIf {
		h.Status = StatusNeverRuns
		h.Reason = fmt.Sprintf("\"if\" is only evaluated on PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest and PermissionDenied; on %s a handler with \"if\" never runs", info.Name)
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityError, h.Reason))
		return
	}
	if _, err := parseIfRule(HandlerOf(h).If); err != nil {
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityWarning, "if: "+err.Error()))
	}
}

// identity is what makes two handlers "identical" for Claude Code's
// once-per-event dedup: the type and every field that changes what runs.
// Plugin handlers carry their plugin, so a plugin's copy stays separate.
func identity(h *hooks.Hook) string {
	c := HandlerOf(h)
	parts := map[string]any{"type": h.Type, "if": c.If}
	switch h.Type {
	case TypeCommand:
		parts["command"], parts["args"], parts["shell"], parts["async"] = h.Command, c.Args, c.Shell, c.Async || c.AsyncRewake
	case typeHTTP:
		parts["url"], parts["headers"] = c.URL, c.Headers
	case typeMCPTool:
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
