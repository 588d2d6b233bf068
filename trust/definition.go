package trust

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Definition is everything about a workspace hook entry that changes what
// Gemini CLI runs, field by field: the event it sits under, its
// definition's matcher and sequential flag, and every member of the hook
// object but "description" (type, name, command, timeout, each variable of
// env as "env.NAME", and any other member, known to Gemini or not, since a
// later Gemini may act on it), plus the workspace settings that change
// every hook's environment (workspaceSettingsKeys). Values are canonical
// JSON texts of what
// Gemini sees (strings after load-time expansion, object keys sorted); an
// absent field has no entry.
//
// Gemini's trust key (name:command) covers none of this but the name and
// the command, and those only joined by a colon that either may contain
// (name "a:b", command "c" and name "a", command "b:c" share a key), so
// Hookwarden records the Definition of every approved entry and compares
// it field by field.
type Definition map[string]string

// Pseudo-fields of a Definition that do not come from the hook object.
// A hook object member with one of these names (or with a '.' or '"' in
// it, or empty) is recorded under its JSON-quoted name, so that no member
// can pose as another field.
const (
	FieldEvent      = "event"
	FieldMatcher    = "matcher"
	FieldSequential = "sequential"
	EnvFieldPrefix  = "env."
)

// workspaceSettingsKeys are workspace settings that change the
// environment of every hook: Gemini sanitizes the hook's environment by
// security.environmentVariableRedaction (enabled, allowed, blocked), so a
// project that turns it off or allows a variable hands the user's secrets
// to hooks whose own definition did not change.
//
// The commands the agent runs from the same file besides hooks (a tool
// discovery or call command, MCP servers) are recorded too, so that a pull
// that adds or changes one never leaves the approved hooks reading clean.
var workspaceSettingsKeys = [][]string{{"security", "environmentVariableRedaction"},
	{"tools", "discoveryCommand"}, {"tools", "callCommand"}, {"mcpServers"}}

// WorkspaceFields are the workspace settings of workspaceSettingsKeys as
// Definition fields, "workspace security.environmentVariableRedaction"
// (the name holds a '.', so no hook member can pose as it).
func WorkspaceFields(root *settingsio.Node) Definition {
	d := Definition{}
	for _, path := range workspaceSettingsKeys {
		n := root
		for _, k := range path {
			n = n.Get(k)
		}
		if n != nil {
			d["workspace "+strings.Join(path, ".")] = CanonicalJSON(n)
		}
	}
	return d
}

// DefinitionOf is the Definition of the hook object cfg inside the
// definition object def under event.
func DefinitionOf(event string, def, cfg *settingsio.Node) Definition {
	d := Definition{FieldEvent: JSONText(event)}
	if m := def.Get("matcher"); m.Truthy() { // a falsy matcher matches everything, as none does
		d[FieldMatcher] = CanonicalJSON(m)
	}
	if s := def.Get("sequential"); s.Is(settingsio.Bool) && s.Bool { // Gemini honours only true
		d[FieldSequential] = "true"
	}
	for _, e := range JSOwnEntries(cfg) {
		switch {
		case e.Key == "description":
			continue // shown in Gemini's panel only
		case e.Key == "env" && e.Value.Is(settingsio.Object):
			d.AddEnv("", e.Value)
			continue
		}
		d[memberField(e.Key)] = CanonicalJSON(e.Value)
	}
	return d
}

// memberField is the Definition field of a hook object member.
func memberField(key string) string {
	switch key {
	case FieldEvent, FieldMatcher, FieldSequential, "":
		return JSONText(key)
	}
	if strings.ContainsAny(key, `."`) {
		return JSONText(key)
	}
	return key
}

// Equal reports whether two definitions have the same fields and values.
func (d Definition) Equal(o Definition) bool {
	if len(d) != len(o) {
		return false
	}
	for k, v := range d {
		if w, ok := o[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// canonical is the definition as one string (fields sorted), for sets.
func (d Definition) canonical() string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(d)) {
		b.WriteString(k)
		b.WriteByte(0)
		b.WriteString(d[k])
		b.WriteByte(0)
	}
	return b.String()
}

// Env returns the hook's env variables as Gemini sets them (name to the
// JSON text of the value), or nil.
func (d Definition) Env() map[string]string {
	var out map[string]string
	for k, v := range d {
		if name, ok := strings.CutPrefix(k, EnvFieldPrefix); ok {
			if out == nil {
				out = map[string]string{}
			}
			out[name] = v
		}
	}
	return out
}

// FieldChange is one difference between the definition approved in
// Hookwarden and the current one. Old and New are JSON texts; "" means the
// field is absent on that side.
type FieldChange struct {
	Field string `json:"field"`
	Old   string `json:"old,omitempty"`
	New   string `json:"new,omitempty"`
}

// String says the change in words, e.g. `env.BASH_ENV added: ".gemini/.rc"`.
func (c FieldChange) String() string {
	switch {
	case c.Old == "":
		return c.Field + " added: " + c.New
	case c.New == "":
		return c.Field + " removed (was " + c.Old + ")"
	}
	return c.Field + " changed: " + c.Old + " → " + c.New
}

// DiffDefinitions lists the fields that differ from old to now, in a fixed
// order: event, matcher, sequential, type, name, command, timeout, env
// variables, then the other fields by name.
func DiffDefinitions(old, now Definition) []FieldChange {
	seen := map[string]bool{}
	var fields []string
	for _, d := range []Definition{old, now} {
		for k := range d {
			if !seen[k] {
				seen[k] = true
				fields = append(fields, k)
			}
		}
	}
	sort.Slice(fields, func(i, j int) bool {
		ri, rj := fieldRank(fields[i]), fieldRank(fields[j])
		if ri != rj {
			return ri < rj
		}
		return fields[i] < fields[j]
	})
	var out []FieldChange
	for _, k := range fields {
		if old[k] != now[k] {
			out = append(out, FieldChange{Field: k, Old: old[k], New: now[k]})
		}
	}
	return out
}

func fieldRank(f string) int {
	for i, k := range []string{FieldEvent, FieldMatcher, FieldSequential, "type", "name", "command", "timeout"} {
		if f == k {
			return i
		}
	}
	if strings.HasPrefix(f, EnvFieldPrefix) {
		return 10
	}
	return 20
}

// JSONText is s as a JSON string, without HTML escaping.
func JSONText(s string) string {
	plain := utf8.ValidString(s)
	for i := 0; plain && i < len(s); i++ {
		plain = s[i] >= 0x20 && s[i] != '"' && s[i] != '\\' && s[i] != 0xe2 // 0xe2: U+2028/2029 are escaped
	}
	if plain {
		return `"` + s + `"`
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// CanonicalJSON is a value as compact JSON with object keys sorted (the
// last of duplicate keys wins, as in JSON.parse) and no HTML escaping.
func CanonicalJSON(n *settingsio.Node) string {
	raw, _ := n.MarshalJSON()
	if !n.Is(settingsio.Object) && !n.Is(settingsio.Array) {
		if n.Is(settingsio.String) {
			return JSONText(n.Str)
		}
		return string(raw)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return string(raw)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return string(raw)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// AddEnv sets a field "<prefix>env.<name>" of d for each variable of env
// (an object: an "env" setting), its value as CanonicalJSON.
func (d Definition) AddEnv(prefix string, env *settingsio.Node) {
	for _, v := range JSOwnEntries(env) {
		d[prefix+EnvFieldPrefix+v.Key] = CanonicalJSON(v.Value)
	}
}
