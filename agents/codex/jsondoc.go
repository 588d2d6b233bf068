package codex

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// decodeHooksJSON decodes a parsed hooks.json the way Codex 0.171.0's
// serde decoder does (all observed with hooks/list):
//   - the top level takes only "description" and "hooks" (any other key:
//     "unknown field"); a repeated known key is "duplicate field";
//   - "hooks" is an object whose keys are the 14 event names; other keys
//     (Notification, pre_tool_use, …) are ignored without a word; each
//     event is a list of groups (null is an error);
//   - a group takes "matcher" (string or null) and "hooks" (a list; absent
//     is empty); other keys are ignored;
//   - a handler needs "type": command, mcp_tool, prompt or agent (any other,
//     e.g. http, is "unknown variant"); command needs "command"; "timeout"
//     is a whole number 0…2^64-1 or null (1.5, 1e3, -1 are errors); "async"
//     is a boolean (null is an error); "statusMessage" a string or null;
//     "command_windows" (alias "commandWindows") a string; other keys are
//     ignored (timeoutSec is not timeout).
//
// Any error makes Codex drop the whole file; decodeHooksJSON keeps going to
// report every error and every hook with its place.
func decodeHooksJSON(path string, root *settingsio.Node) *defFile {
	f := &defFile{path: path}
	d := decoder{f: f}
	switch root.Kind {
	case settingsio.Object:
	case settingsio.Array:
		// serde reads a sequence as the struct's fields in order.
		if len(root.Items) > 0 {
			d.fail(root.Pos, "a top-level array is read as (description, hooks) in order; write an object {\"hooks\": {…}}")
		}
		return f
	default:
		d.fail(root.Pos, "invalid type: %s, expected struct HooksFile", serdeKind(root))
		return f
	}
	d.checkKeys(root, []string{"description", "hooks"}, true)
	if desc := root.Get("description"); desc != nil && desc.Kind != settingsio.String && desc.Kind != settingsio.Null {
		d.fail(desc.Pos, "invalid type: %s, expected a string", serdeKind(desc))
	}
	hk := root.Get("hooks")
	if hk == nil {
		return f
	}
	if hk.Kind != settingsio.Object {
		d.fail(hk.Pos, "invalid type: %s, expected struct HookEventsToml", serdeKind(hk))
		return f
	}
	d.checkKeys(hk, eventNames(), false)
	for _, m := range hk.Members {
		ev := defEvent{name: hooks.Event(m.Key), pos: m.KeyPos, path: "hooks." + m.Key}
		ev.info, ev.known = lookupEvent(ev.name)
		if ev.known {
			ev.groups = d.groups(m.Value, ev.path)
		}
		f.events = append(f.events, ev)
	}
	return f
}

type decoder struct{ f *defFile }

func (d decoder) fail(pos settingsio.Pos, format string, args ...any) {
	d.f.errs = append(d.f.errs, decodeError{pos: pos, msg: fmt.Sprintf(format, args...)})
}

// checkKeys reports repeated known keys and, with deny, unknown ones.
func (d decoder) checkKeys(obj *settingsio.Node, known []string, deny bool) {
	seen := map[string]bool{}
	canon := func(k string) (string, bool) {
		if k == "commandWindows" {
			k = "command_windows"
		}
		for _, x := range known {
			if x == k {
				return k, true
			}
		}
		return k, false
	}
	for _, m := range obj.Members {
		k, ok := canon(m.Key)
		switch {
		case !ok && deny:
			d.fail(m.KeyPos, "unknown field `%s`, expected %s", m.Key, expectedList(known))
		case ok && seen[k]:
			d.fail(m.KeyPos, "duplicate field `%s`", m.Key)
		}
		seen[k] = true
	}
}

func expectedList(known []string) string {
	q := make([]string, len(known))
	for i, k := range known {
		q[i] = "`" + k + "`"
	}
	if len(q) == 2 {
		return q[0] + " or " + q[1]
	}
	return "one of " + strings.Join(q, ", ")
}

func eventNames() []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = string(e.Name)
	}
	return out
}

func (d decoder) groups(n *settingsio.Node, path string) []defGroup {
	if n.Kind != settingsio.Array {
		d.fail(n.Pos, "invalid type: %s, expected a sequence", serdeKind(n))
		return nil
	}
	out := make([]defGroup, 0, len(n.Items))
	for i, g := range n.Items {
		dg := defGroup{index: i, pos: g.Pos, path: fmt.Sprintf("%s[%d]", path, i)}
		if g.Kind != settingsio.Object {
			d.fail(g.Pos, "invalid type: %s, expected struct MatcherGroup", serdeKind(g))
			out = append(out, dg)
			continue
		}
		d.checkKeys(g, []string{"matcher", "hooks"}, false)
		if m := g.Get("matcher"); m != nil {
			switch m.Kind {
			case settingsio.String:
				s := m.Str
				dg.matcher, dg.matcherPos = &s, m.Pos
			case settingsio.Null:
			default:
				d.fail(m.Pos, "invalid type: %s, expected a string", serdeKind(m))
			}
		}
		if hs := g.Get("hooks"); hs != nil {
			if hs.Kind != settingsio.Array {
				d.fail(hs.Pos, "invalid type: %s, expected a sequence", serdeKind(hs))
			} else {
				for j, h := range hs.Items {
					dg.handlers = append(dg.handlers, d.handler(h, j, fmt.Sprintf("%s.hooks[%d]", dg.path, j)))
				}
			}
		}
		out = append(out, dg)
	}
	return out
}

var handlerTypes = []string{"command", "mcp_tool", "prompt", "agent"}

func (d decoder) handler(n *settingsio.Node, index int, path string) defHandler {
	h := defHandler{index: index, pos: n.Pos, path: path, node: n}
	if n.Kind != settingsio.Object {
		d.fail(n.Pos, "invalid type: %s, expected internally tagged enum HookHandlerConfig", serdeKind(n))
		return h
	}
	t := n.Get("type")
	switch {
	case t == nil:
		d.fail(n.Pos, "missing field `type`")
		return h
	case t.Kind != settingsio.String:
		d.fail(t.Pos, "invalid type: %s, expected variant identifier", serdeKind(t))
		return h
	}
	h.typ = t.Str
	switch h.typ {
	case "command":
		d.checkKeys(n, []string{"type", "command", "command_windows", "timeout", "async", "statusMessage"}, false)
		h.command, _ = d.str(n, "command", true)
		if s, ok := d.str(n, "command_windows", false); ok {
			h.commandWindows = &s
		} else if s, ok := d.str(n, "commandWindows", false); ok {
			h.commandWindows = &s
		}
	case "mcp_tool":
		d.checkKeys(n, []string{"type", "server", "tool", "input", "timeout", "statusMessage"}, false)
		h.server, _ = d.str(n, "server", true)
		h.tool, _ = d.str(n, "tool", true)
		if in := n.Get("input"); in != nil {
			h.input = nodeValue(in)
		}
	case "prompt", "agent":
		return h
	default:
		d.fail(t.Pos, "unknown variant `%s`, expected %s", h.typ, expectedList(handlerTypes))
		return h
	}
	if v := n.Get("timeout"); v != nil && v.Kind != settingsio.Null {
		if u, err := strconv.ParseUint(v.Raw, 10, 64); v.Kind == settingsio.Number && err == nil {
			h.timeout = &u
		} else {
			d.fail(v.Pos, "invalid type: %s, expected u64 (a whole number of seconds, 0 to 18446744073709551615)", serdeKind(v))
		}
	}
	if v := n.Get("async"); v != nil {
		if v.Kind == settingsio.Bool {
			h.async = v.Bool
		} else {
			d.fail(v.Pos, "invalid type: %s, expected a boolean", serdeKind(v))
		}
	}
	if s, ok := d.str(n, "statusMessage", false); ok {
		h.statusMessage = &s
	}
	return h
}

// str reads a string field (null counts as absent unless required).
func (d decoder) str(n *settingsio.Node, key string, required bool) (string, bool) {
	v := n.Get(key)
	if v == nil || (v.Kind == settingsio.Null && !required) {
		if required {
			d.fail(n.Pos, "missing field `%s`", key)
		}
		return "", false
	}
	if v.Kind != settingsio.String {
		d.fail(v.Pos, "invalid type: %s, expected a string", serdeKind(v))
		return "", false
	}
	return v.Str, true
}

// serdeKind names a value the way serde's "invalid type" errors do.
func serdeKind(n *settingsio.Node) string {
	switch n.Kind {
	case settingsio.Null:
		return "null"
	case settingsio.Bool:
		return fmt.Sprintf("boolean `%t`", n.Bool)
	case settingsio.Number:
		if _, err := strconv.ParseInt(n.Raw, 10, 64); err == nil {
			return "integer `" + n.Raw + "`"
		}
		return "floating point `" + n.Raw + "`"
	case settingsio.String:
		return strconv.Quote(n.Str)
	case settingsio.Array:
		return "sequence"
	}
	return "map"
}

// nodeValue is n as a plain value for the canonical JSON of a hash
// (numbers keep their literal text).
func nodeValue(n *settingsio.Node) any {
	switch n.Kind {
	case settingsio.Null:
		return nil
	case settingsio.Bool:
		return n.Bool
	case settingsio.Number:
		return jsonNumber(n.Raw)
	case settingsio.String:
		return n.Str
	case settingsio.Array:
		out := make([]any, len(n.Items))
		for i, it := range n.Items {
			out[i] = nodeValue(it)
		}
		return out
	}
	out := make(map[string]any, len(n.Members))
	for _, m := range n.Members {
		out[m.Key] = nodeValue(m.Value)
	}
	return out
}
