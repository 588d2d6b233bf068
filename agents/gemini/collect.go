package gemini

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// hooksConfigFields are keys Gemini skips silently when they appear
// directly under "hooks" (HOOKS_CONFIG_FIELDS, the pre-0.26 layout).
var hooksConfigFields = map[string]bool{"enabled": true, "disabled": true, "notifications": true}

// collectHooks walks one file's "hooks" object the way Gemini's
// HookRegistry.processHooksConfiguration does, listing every hook config
// (valid or not) with its place and the problems Gemini would have with it.
func (r *Registry) collectHooks(f *settingsio.File, hooksNode *settingsio.Node, source source, ext string) {
	if hooksNode == nil {
		return
	}
	if !hooksNode.Is(settingsio.Object) {
		r.fileDiag(f, hooksNode, hooks.SeverityError, "\"hooks\" must be an object keyed by event name, not %s; Gemini ignores it", hooksNode.Kind)
		return
	}
	shadowed := hooksNode.Shadowing()
	for i, m := range hooksNode.Members {
		if hooksConfigFields[m.Key] {
			continue // reported by checkLegacyKeys for settings files
		}
		if later := shadowed[i]; later != nil {
			r.Diagnostics = append(r.Diagnostics, hooks.Diagnostic{File: f.Path, Line: m.KeyPos.Line, Column: m.KeyPos.Column, Severity: hooks.SeverityWarning,
				Message: fmt.Sprintf("duplicate key %q: JSON.parse keeps only the last one (line %d), so Gemini ignores the hooks here", m.Key, later.KeyPos.Line)})
			continue
		}
		event := hooks.Event(m.Key)
		path := "hooks." + m.Key
		eventOK := validEvent(event)
		if !eventOK {
			msg := fmt.Sprintf("Invalid hook event name: %q from %s config. Skipping.", m.Key, source)
			if s := suggestEvent(m.Key); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			d := hooks.Diagnostic{File: f.Path, Line: m.KeyPos.Line, Column: m.KeyPos.Column, Severity: hooks.SeverityWarning, Message: msg}
			r.Diagnostics = append(r.Diagnostics, d)
		}
		defs := m.Value
		if !defs.Is(settingsio.Array) {
			if !eventOK {
				continue
			}
			if source == sourceProject && defs.Is(settingsio.Object) {
				// The CONCAT merge appends a non-array value to the event's
				// default [] as one element, so the definition runs.
				r.fileDiag(f, defs, hooks.SeverityWarning, "hooks.%s is written as one object, not a list; Gemini CLI wraps it and runs it, but the schema says it must be a list (write [ … ] around it)", m.Key)
				r.collectDefinition(f, event, eventOK, defs, path, source, ext)
				continue
			}
			if source == sourceExtensions && defs.Is(settingsio.Object) {
				r.fileDiag(f, defs, hooks.SeverityError, "hooks.%s is written as one object, not a list; in an extension's hooks.json Gemini CLI skips it (\"not an array\"), so these hooks never run (write [ … ] around it)", m.Key)
				r.markSkippedObject(f, event, defs, path, ext)
				continue
			}
			r.fileDiag(f, defs, hooks.SeverityError, "hook definitions for %q must be an array, not %s; Gemini skips them", m.Key, defs.Kind)
			continue
		}
		for i, def := range defs.Items {
			r.collectDefinition(f, event, eventOK, def, fmt.Sprintf("%s[%d]", path, i), source, ext)
		}
	}
}

// collectDefinition lists the hook configs of one definition
// ({matcher, sequential, hooks: [...]}).
func (r *Registry) collectDefinition(f *settingsio.File, event hooks.Event, eventOK bool, def *settingsio.Node, path string, source source, ext string) {
	if !def.Is(settingsio.Object) {
		r.fileDiag(f, def, hooks.SeverityError, "hook definition %s must be an object with a \"hooks\" array, not %s; Gemini discards it", path, def.Kind)
		return
	}
	list := def.Get("hooks")
	if !list.Is(settingsio.Array) {
		where := def
		if list != nil {
			where = list
		}
		msg := "hook definition %s has no \"hooks\" array; Gemini discards it"
		if def.Get("command") != nil {
			msg += " (the command must sit inside \"hooks\": [{\"type\": \"command\", \"command\": …}])"
		}
		r.fileDiag(f, where, hooks.SeverityError, msg, path)
		return
	}
	matcherNode := def.Get("matcher")
	seqNode := def.Get("sequential")
	var defDiags []hooks.Diagnostic
	matcher, hasMatcher := "", false
	if matcherNode != nil {
		switch {
		case matcherNode.Is(settingsio.String):
			matcher, hasMatcher = matcherNode.Str, true
		case matcherNode.Truthy():
			defDiags = append(defDiags, diagAt(f, matcherNode, hooks.SeverityError,
				fmt.Sprintf("matcher must be a string, not %s; Gemini fails on it when planning this event", matcherNode.Kind)))
			matcher, hasMatcher = string(mustJSON(matcherNode)), true
		}
	}
	if hasMatcher && eventOK {
		defDiags = append(defDiags, r.matcherDiagnostics(f, matcherNode, event, matcher)...)
	}
	sequential := seqNode.Is(settingsio.Bool) && seqNode.Bool
	if seqNode != nil && !seqNode.Is(settingsio.Bool) {
		defDiags = append(defDiags, diagAt(f, seqNode, hooks.SeverityWarning,
			fmt.Sprintf("sequential must be true or false, not %s; Gemini only honours the boolean true", seqNode.Kind)))
	}
	for j, cfg := range list.Items {
		h := &hooks.Hook{
			Agent:      Name,
			Event:      event,
			Matcher:    matcher,
			HasMatcher: hasMatcher,
			Ext:        &HookFacts{Source: source, Sequential: sequential},
			Node:       cfg,
			Origin: hooks.Origin{
				Layer: f.Layer, File: f.Path, Line: cfg.Pos.Line, Column: cfg.Pos.Column,
				Path: fmt.Sprintf("%s.hooks[%d]", path, j), Extension: ext,
			},
		}
		h.ID = string(f.Layer) + ":" + f.Path + "#" + h.Origin.Path
		h.Diagnostics = append(h.Diagnostics, defDiags...)
		if !eventOK {
			h.Status, h.Reason = hooks.StatusInvalid, fmt.Sprintf("%q is not a hook event; Gemini skips the whole entry", string(event))
		}
		r.readHookConfig(f, h, cfg)
		r.Hooks = append(r.Hooks, h)
	}
}

// readHookConfig fills h from its config object and validates it as
// HookRegistry.validateHookConfig does, plus the checks Gemini leaves to
// run time.
func (r *Registry) readHookConfig(f *settingsio.File, h *hooks.Hook, cfg *settingsio.Node) {
	invalid := func(reason string) {
		if h.Status == "" {
			h.Status, h.Reason = hooks.StatusInvalid, reason
		}
		h.Diagnostics = append(h.Diagnostics, diagAt(f, cfg, hooks.SeverityError, reason))
	}
	if !cfg.Is(settingsio.Object) {
		invalid(fmt.Sprintf("a hook must be an object, not %s; Gemini discards it", cfg.Kind))
		return
	}
	typ := cfg.Get("type")
	if typ.Is(settingsio.String) {
		h.Type = typ.Str
	}
	if n := cfg.Get("name"); n != nil {
		if n.Is(settingsio.String) {
			h.Name = n.Str
		} else if n.Truthy() {
			h.Name = n.JSString()
			h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityWarning, fmt.Sprintf("name should be a string, not %s", n.Kind)))
		}
	}
	if d := cfg.Get("description"); d.Is(settingsio.String) {
		h.Description = d.Str
	}
	cmd := cfg.Get("command")
	if cmd.Is(settingsio.String) {
		h.Command, h.RawCommand = cmd.Str, cmd.Raw
	} else if cmd.Truthy() {
		h.Command = cmd.JSString()
		h.RawCommand = h.Command
		h.Diagnostics = append(h.Diagnostics, diagAt(f, cmd, hooks.SeverityError, fmt.Sprintf("command must be a string, not %s; the shell would get %q", cmd.Kind, h.Command)))
	}
	r.readTimeout(f, h, cfg.Get("timeout"))
	r.readEnv(f, h, cfg.Get("env"))

	switch {
	case typ == nil || !typ.Truthy():
		invalid("missing \"type\" (use \"command\"); Gemini discards this hook")
		return
	case !typ.Is(settingsio.String) || (h.Type != "command" && h.Type != "plugin" && h.Type != "runtime"):
		invalid(fmt.Sprintf("type %s is not one of command, plugin, runtime; Gemini discards this hook", mustJSON(typ)))
		return
	case h.Type == "command" && !cmd.Truthy():
		invalid("command hook without a command; Gemini discards it")
		return
	case h.Type == "runtime" && h.Name == "":
		invalid("runtime hook without a name; Gemini discards it")
		return
	case h.Type == "runtime":
		h.Diagnostics = append(h.Diagnostics, diagAt(f, typ, hooks.SeverityError,
			"runtime hooks can only be registered by code; from a file it fails at run time (\"hookConfig.action is not a function\")"))
	case h.Type == "plugin" && !cmd.Truthy():
		h.Diagnostics = append(h.Diagnostics, diagAt(f, typ, hooks.SeverityError,
			"type \"plugin\" is run as a command hook and has no command; it fails at run time (\"Command hook missing command\")"))
	case h.Type == "plugin":
		h.Diagnostics = append(h.Diagnostics, diagAt(f, typ, hooks.SeverityWarning,
			"type \"plugin\" runs as a command hook, but its fingerprint and disable name ignore the command; use \"command\""))
	}
}

// readTimeout reads "timeout" (milliseconds). Gemini coerces numeric
// strings; anything else makes its timer fire at once.
func (r *Registry) readTimeout(f *settingsio.File, h *hooks.Hook, n *settingsio.Node) {
	if n == nil || n.Is(settingsio.Null) {
		return
	}
	var ms float64
	switch {
	case n.Is(settingsio.Number):
		ms = n.Number
	case n.Is(settingsio.String):
		v, err := strconv.ParseFloat(strings.TrimSpace(n.Str), 64)
		if err != nil {
			h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityError, fmt.Sprintf("timeout %q is not a number of milliseconds; the hook would time out at once", n.Str)))
			h.HasTimeout, h.TimeoutText = true, n.JSString()
			return
		}
		ms = v
	default:
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityError, fmt.Sprintf("timeout must be a number of milliseconds, not %s", n.Kind)))
		return
	}
	h.HasTimeout, h.TimeoutText = true, n.JSString()
	h.TimeoutMS = int64(math.Min(math.Max(0, ms), 1<<62))
	switch {
	case ms > maxTimerDelay:
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityWarning, fmt.Sprintf("timeout %s ms is above Node's timer limit (%d ms, about 24.8 days): Gemini's setTimeout turns it into 1 ms, so the hook times out at once", n.Raw, maxTimerDelay)))
	case ms <= 0:
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityWarning, "timeout 0 (or less) makes Gemini kill the hook at once"))
	case ms < 100:
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityWarning, fmt.Sprintf("timeout is in milliseconds: %v ms is probably meant as seconds (%v000)", n.Raw, n.Raw)))
	}
}

// readEnv reads the per-hook environment.
func (r *Registry) readEnv(f *settingsio.File, h *hooks.Hook, n *settingsio.Node) {
	if n == nil {
		return
	}
	if !n.Is(settingsio.Object) {
		h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityWarning, fmt.Sprintf("env must be an object of strings, not %s", n.Kind)))
		return
	}
	h.Env = make(map[string]string, len(n.Members))
	for _, m := range n.Members {
		v := m.Value
		if !v.Is(settingsio.String) {
			h.Diagnostics = append(h.Diagnostics, diagAt(f, v, hooks.SeverityWarning, fmt.Sprintf("env %s should be a string, not %s", m.Key, v.Kind)))
		}
		h.Env[m.Key] = v.JSString()
	}
}

func diagAt(f *settingsio.File, n *settingsio.Node, sev hooks.Severity, msg string) hooks.Diagnostic {
	d := hooks.Diagnostic{File: f.Path, Severity: sev, Message: msg}
	if n != nil {
		d.Line, d.Column = n.Pos.Line, n.Pos.Column
	}
	return d
}

func mustJSON(n *settingsio.Node) []byte {
	b, _ := n.MarshalJSON()
	return b
}

// suggestEvent returns the valid event name closest to s when s looks like
// a misspelling (case or a Claude Code name), or "".
func suggestEvent(s string) string {
	claude := map[string]hooks.Event{
		"PreToolUse": beforeTool, "PostToolUse": afterTool, "UserPromptSubmit": beforeAgent,
		"Stop": afterAgent, "SubagentStop": afterAgent, "PreCompact": preCompress,
	}
	if e, ok := claude[s]; ok {
		return string(e)
	}
	for _, e := range eventList() {
		if strings.EqualFold(string(e), s) {
			return string(e)
		}
	}
	return ""
}

// markSkippedObject lists the hooks of an extension event written as one
// object: Gemini skips them, so they show as invalid with the reason.
func (r *Registry) markSkippedObject(f *settingsio.File, event hooks.Event, def *settingsio.Node, path, ext string) {
	first := len(r.Hooks)
	r.collectDefinition(f, event, true, def, path, sourceExtensions, ext)
	for _, h := range r.Hooks[first:] {
		if h.Status == "" {
			h.Status, h.Reason = hooks.StatusInvalid, fmt.Sprintf("hooks.%s in the extension's hooks.json is an object, not a list; Gemini CLI skips the whole event", event)
		}
	}
}

// maxTimerDelay is Node's TIMEOUT_MAX (2^31-1 ms).
const maxTimerDelay = 1<<31 - 1

// nodeTimerDelay is the delay Node's setTimeout really waits for ms, the
// hook's timeout: a delay that is not in [1, 2^31-1] (0, negative, a
// fraction below 1, above the limit, not a number) becomes 1 ms (with a
// TimeoutOverflowWarning above the limit).
func nodeTimerDelay(ms int64) int64 {
	if ms < 1 || ms > maxTimerDelay {
		return 1
	}
	return ms
}
