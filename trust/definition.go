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

// Definition is everything about a hook entry that changes what the agent
// runs, field by field, as the agent's package fills it: the event it sits
// under, its group's matcher, every member of the entry that matters
// (type, name, command, timeout, each variable of env as "env.NAME", any
// other member, since a later version of the agent may act on it), and
// settings of the same file that change every hook's environment. Values
// are canonical JSON texts of what the agent sees (strings after load-time
// expansion, object keys sorted); an absent field has no entry.
//
// An agent's own trust key covers little of this (Gemini CLI's name:command
// none of it but the name and the command), so Hookwarden records the
// Definition of every approved entry and compares it field by field.
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

// Canonical is the definition as one string (fields sorted), for sets.
func (d Definition) Canonical() string {
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
