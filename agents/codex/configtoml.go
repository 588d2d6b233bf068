package codex

import (
	"fmt"
	"strconv"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// configValues are the parts of a config.toml (or requirements.toml) that
// decide which hooks run.
type configValues struct {
	doc *settingsio.TOMLDocument
	// hooks is the [hooks] table's definitions (nil when absent).
	hooks *defFile
	// states is [hooks.state."<key>"]; Load uses it only from the user
	// config.toml (observed: hooks.state in a project .codex/config.toml
	// is ignored; source: config_rules.rs reads User, InMemory and
	// SessionFlags only).
	states map[string]hookState
	// projects is [projects."<path>"] trust_level.
	projects map[string]string
	// markers is project_root_markers when set.
	markers    []string
	hasMarkers bool
	// allowManagedHooksOnly is requirements.toml's allow_managed_hooks_only.
	allowManagedHooksOnly bool
	// refused are values of the wrong type or an unknown trust level:
	// Codex's typed config rejects the whole file and starts with no
	// configuration (observed: hooks.state enabled = "no", trust_level =
	// "bogus", [hooks] state = 5 each make hooks/list answer an error and
	// list no hook). diags are lesser problems (observed: a
	// project_root_markers that is not an array does not stop Codex).
	refused []hooks.Diagnostic
	diags   []hooks.Diagnostic
}

// hookState is one [hooks.state."<key>"] table.
type hookState struct {
	trustedHash    string
	hasTrustedHash bool
	enabled        *bool
	pos            settingsio.Pos
}

// readConfigTOML reads a config.toml or requirements.toml into f (state,
// error with file:line:col) and returns its values (settingsio.ParseTOML:
// positioned, rejecting what Codex's TOML reader rejects).
func readConfigTOML(f *file) configValues {
	var v configValues
	data := readFile(f)
	if data == nil {
		return v
	}
	doc, perr := settingsio.ParseTOML(f.Path, data)
	if perr != nil {
		f.State, f.Err = fileParseError, perr
		return v
	}
	v.doc = doc
	bad := func(pos settingsio.Pos, format string, args ...any) {
		v.refused = append(v.refused, hooks.Diagnostic{File: f.Path, Line: pos.Line, Column: pos.Column,
			Severity: hooks.SeverityFatal, Message: fmt.Sprintf(format, args...)})
	}
	warn := func(pos settingsio.Pos, format string, args ...any) {
		v.diags = append(v.diags, hooks.Diagnostic{File: f.Path, Line: pos.Line, Column: pos.Column,
			Severity: hooks.SeverityWarning, Message: fmt.Sprintf(format, args...)})
	}
	typeErr := func(err error) {
		if te, ok := err.(*settingsio.TOMLTypeError); ok {
			bad(settingsio.Pos{Line: te.Line, Column: te.Column}, "%s: expected %s, got %s", te.Key, te.Want, te.Got)
		} else if err != nil {
			bad(settingsio.Pos{}, "%v", err)
		}
	}
	root := doc.Root
	if hv := root.Value("hooks"); hv != nil {
		if hv.Kind != settingsio.TOMLTableValue {
			v.hooks = &defFile{path: f.Path, errs: []decodeError{{pos: hv.Pos, msg: "hooks: expected a table, got " + hv.Kind.String()}}}
		} else {
			v.hooks = decodeHooksTOML(f.Path, hv.Table)
			v.states = readHookStates(hv.Table, bad)
		}
	}
	if pt := root.Value("projects"); pt != nil {
		if pt.Kind != settingsio.TOMLTableValue {
			bad(pt.Pos, "projects: expected a table, got %s", pt.Kind)
		} else {
			v.projects = map[string]string{}
			for _, e := range pt.Table.Entries {
				if e.Value.Kind != settingsio.TOMLTableValue {
					bad(e.Value.Pos, "projects.%q: expected a table, got %s", e.Key.Name, e.Value.Kind)
					continue
				}
				lvl, ok, err := e.Value.Table.String("trust_level")
				typeErr(err)
				if ok {
					if lvl != "trusted" && lvl != "untrusted" {
						bad(e.Value.Table.Value("trust_level").Pos, "projects.%q.trust_level: unknown variant `%s`, expected `trusted` or `untrusted`", e.Key.Name, lvl)
					}
					v.projects[e.Key.Name] = lvl
				}
			}
		}
	}
	if mv := root.Value("project_root_markers"); mv != nil {
		v.hasMarkers = true
		v.markers = []string{}
		ok := mv.Kind == settingsio.TOMLArray
		for _, it := range mv.Items {
			ok = ok && it.Kind == settingsio.TOMLString
			v.markers = append(v.markers, it.Str)
		}
		if !ok {
			warn(mv.Pos, "project_root_markers must be an array of strings; Codex goes on with the default (.git)")
			v.hasMarkers, v.markers = false, nil
		}
	}
	b, ok, err := root.Bool("allow_managed_hooks_only")
	typeErr(err)
	v.allowManagedHooksOnly = ok && b
	if len(v.refused) > 0 && f.State == fileOK {
		f.State = fileInvalid
		d := v.refused[0]
		f.Err = &settingsio.ParseError{Path: f.Path, Line: d.Line, Column: d.Column, Msg: d.Message}
	}
	return v
}

// readHookStates reads [hooks.state."<key>"] tables: trusted_hash (a
// string) and enabled (a boolean).
func readHookStates(hooksTable *settingsio.TOMLTable, bad func(settingsio.Pos, string, ...any)) map[string]hookState {
	sv := hooksTable.Value("state")
	if sv == nil {
		return nil
	}
	if sv.Kind != settingsio.TOMLTableValue {
		bad(sv.Pos, "hooks.state: expected a table, got %s", sv.Kind)
		return nil
	}
	out := map[string]hookState{}
	for _, e := range sv.Table.Entries {
		if e.Value.Kind != settingsio.TOMLTableValue {
			bad(e.Value.Pos, "hooks.state.%q: expected a table, got %s", e.Key.Name, e.Value.Kind)
			continue
		}
		t := e.Value.Table
		st := hookState{pos: e.Key.Pos}
		if h := t.Value("trusted_hash"); h != nil {
			if h.Kind != settingsio.TOMLString {
				bad(h.Pos, "hooks.state.%q.trusted_hash: expected a string, got %s", e.Key.Name, h.Kind)
			} else {
				st.trustedHash, st.hasTrustedHash = h.Str, true
			}
		}
		if en := t.Value("enabled"); en != nil {
			if en.Kind != settingsio.TOMLBool {
				bad(en.Pos, "hooks.state.%q.enabled: expected a boolean, got %s", e.Key.Name, en.Kind)
			} else {
				b := en.Bool
				st.enabled = &b
			}
		}
		out[e.Key.Name] = st
	}
	return out
}

// decodeHooksTOML decodes the [hooks] table as Codex does (the same
// structure as hooks.json: [[hooks.<Event>]] groups with matcher and
// [[hooks.<Event>.hooks]] handlers; other keys of [hooks], e.g. state,
// are not events and are ignored). Any error makes Codex skip the file's
// TOML hooks with "failed to parse TOML hooks in <path>: …" (source:
// discovery.rs load_toml_hooks_from_layer).
func decodeHooksTOML(path string, t *settingsio.TOMLTable) *defFile {
	f := &defFile{path: path}
	fail := func(pos settingsio.Pos, format string, args ...any) {
		f.errs = append(f.errs, decodeError{pos: pos, msg: fmt.Sprintf(format, args...)})
	}
	for _, e := range t.Entries {
		if e.Key.Name == "state" || e.Key.Name == "managed_dir" || e.Key.Name == "windows_managed_dir" {
			continue
		}
		ev := defEvent{name: hooks.Event(e.Key.Name), pos: e.Key.Pos, path: "hooks." + e.Key.Name}
		ev.info, ev.known = lookupEvent(ev.name)
		if ev.known {
			if e.Value.Kind != settingsio.TOMLArray {
				fail(e.Value.Pos, "%s: invalid type: %s, expected a sequence", ev.path, e.Value.Kind)
			} else {
				for i, g := range e.Value.Items {
					ev.groups = append(ev.groups, decodeGroupTOML(g, i, fmt.Sprintf("%s[%d]", ev.path, i), fail))
				}
			}
		}
		f.events = append(f.events, ev)
	}
	return f
}

func decodeGroupTOML(v *settingsio.TOMLValue, index int, path string, fail func(settingsio.Pos, string, ...any)) defGroup {
	g := defGroup{index: index, pos: v.Pos, path: path}
	if v.Kind != settingsio.TOMLTableValue {
		fail(v.Pos, "%s: invalid type: %s, expected struct MatcherGroup", path, v.Kind)
		return g
	}
	t := v.Table
	if m := t.Value("matcher"); m != nil {
		if m.Kind != settingsio.TOMLString {
			fail(m.Pos, "%s.matcher: invalid type: %s, expected a string", path, m.Kind)
		} else {
			s := m.Str
			g.matcher, g.matcherPos = &s, m.Pos
		}
	}
	if hs := t.Value("hooks"); hs != nil {
		if hs.Kind != settingsio.TOMLArray {
			fail(hs.Pos, "%s.hooks: invalid type: %s, expected a sequence", path, hs.Kind)
		} else {
			for j, h := range hs.Items {
				g.handlers = append(g.handlers, decodeHandlerTOML(h, j, fmt.Sprintf("%s.hooks[%d]", path, j), fail))
			}
		}
	}
	return g
}

func decodeHandlerTOML(v *settingsio.TOMLValue, index int, path string, fail func(settingsio.Pos, string, ...any)) defHandler {
	h := defHandler{index: index, pos: v.Pos, path: path}
	if v.Kind != settingsio.TOMLTableValue {
		fail(v.Pos, "%s: invalid type: %s, expected internally tagged enum HookHandlerConfig", path, v.Kind)
		return h
	}
	t := v.Table
	h.table = t
	str := func(key string, required bool) (string, bool) {
		x := t.Value(key)
		if x == nil {
			if required {
				fail(v.Pos, "%s: missing field `%s`", path, key)
			}
			return "", false
		}
		if x.Kind != settingsio.TOMLString {
			fail(x.Pos, "%s.%s: invalid type: %s, expected a string", path, key, x.Kind)
			return "", false
		}
		return x.Str, true
	}
	typ, ok := str("type", true)
	if !ok {
		return h
	}
	h.typ = typ
	switch typ {
	case "command":
		h.command, _ = str("command", true)
		cw, ok := str("command_windows", false)
		if !ok {
			cw, ok = str("commandWindows", false)
		}
		if ok {
			h.commandWindows = &cw
		}
	case "mcp_tool":
		h.server, _ = str("server", true)
		h.tool, _ = str("tool", true)
		if in := t.Value("input"); in != nil {
			h.input = tomlPlain(in)
		}
	case "prompt", "agent":
		return h
	default:
		fail(t.Value("type").Pos, "%s.type: unknown variant `%s`, expected %s", path, typ, expectedList(handlerTypes))
		return h
	}
	if x := t.Value("timeout"); x != nil {
		if x.Kind != settingsio.TOMLInteger || x.Int < 0 {
			fail(x.Pos, "%s.timeout: invalid value %s, expected u64 (a whole number of seconds)", path, x.Raw)
		} else {
			u := uint64(x.Int)
			h.timeout = &u
		}
	}
	if x := t.Value("async"); x != nil {
		if x.Kind != settingsio.TOMLBool {
			fail(x.Pos, "%s.async: invalid type: %s, expected a boolean", path, x.Kind)
		} else {
			h.async = x.Bool
		}
	}
	if s, ok := str("statusMessage", false); ok {
		h.statusMessage = &s
	}
	return h
}

// tomlPlain is a TOML value as a plain value for a hash.
func tomlPlain(v *settingsio.TOMLValue) any {
	switch v.Kind {
	case settingsio.TOMLString:
		return v.Str
	case settingsio.TOMLInteger:
		return jsonNumber(strconv.FormatInt(v.Int, 10))
	case settingsio.TOMLFloat:
		return v.Float
	case settingsio.TOMLBool:
		return v.Bool
	case settingsio.TOMLArray:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
			out[i] = tomlPlain(it)
		}
		return out
	case settingsio.TOMLTableValue:
		out := map[string]any{}
		for _, e := range v.Table.Entries {
			out[e.Key.Name] = tomlPlain(e.Value)
		}
		return out
	}
	return v.Raw
}
