package codex

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// The JSON a hook prints is read the way Codex's serde types read it
// (codex-rs/hooks/src/schema.rs, output_parser.rs): the trimmed stdout must
// be one JSON object; every object refuses keys it does not know
// (deny_unknown_fields, case-sensitive, so "Decision" is unknown); a
// value of the wrong type, or an enum string outside its list, makes the
// whole output invalid; null reads as absent for optional fields but is
// wrong for a bool. Observed with 0.171.0: {"decision":"block",
// "reason":"R","extra":1} is Failed and the command runs. Duplicate keys:
// the last one counts (serde_json's Value map, as encoding/json).

// wireObject is one JSON object being read strictly.
type wireObject struct {
	path   string
	fields map[string]json.RawMessage
	seen   map[string]bool
	err    error
}

// parseWire reads stdout as Codex's parse_json does: trimmed, parsed,
// and an object, else ok is false (not JSON, or JSON of another kind).
func parseWire(stdout string) (*wireObject, bool) {
	trimmed := strings.TrimSpace(stdout)
	if trimmed == "" || trimmed[0] != '{' {
		return nil, false
	}
	if !serdeAccepts(trimmed) {
		return nil, false
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal([]byte(trimmed), &fields); err != nil {
		return nil, false
	}
	return &wireObject{fields: fields, seen: map[string]bool{}}, true
}

// serdeMaxDepth is the deepest nesting serde_json parses (its recursion
// limit of 128 fails at the 128th level).
const serdeMaxDepth = 127

// serdeAccepts checks what serde_json refuses and encoding/json takes:
// nesting deeper than serdeMaxDepth, and a \u escape of a lone UTF-16
// surrogate (encoding/json makes it U+FFFD).
func serdeAccepts(text string) bool {
	depth, inString := 0, false
	hex := func(i int) (rune, bool) {
		if i+6 > len(text) || text[i] != '\\' || text[i+1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(text[i+2:i+6], 16, 16)
		return rune(v), err == nil
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case inString && c == '"':
			inString = false
		case inString && c == '\\':
			r, ok := hex(i)
			if !ok {
				i++ // a two-character escape
				continue
			}
			switch {
			case r >= 0xDC00 && r <= 0xDFFF:
				return false
			case r >= 0xD800 && r <= 0xDBFF:
				low, ok := hex(i + 6)
				if !ok || low < 0xDC00 || low > 0xDFFF {
					return false
				}
				i += 6
			}
			i += 5
		case inString:
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			if depth++; depth > serdeMaxDepth {
				return false
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return true
}

// looksLikeJSON is Codex's looks_like_json: the output starts (after
// leading white space) with { or [.
func looksLikeJSON(stdout string) bool {
	t := strings.TrimLeftFunc(stdout, unicode.IsSpace)
	return strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")
}

func (o *wireObject) fail(key, format string, a ...any) {
	if o.err == nil {
		o.err = fmt.Errorf("%s%s: %s", o.path, key, fmt.Sprintf(format, a...))
	}
}

// raw returns a field's JSON, nil when absent or null.
func (o *wireObject) raw(key string) json.RawMessage {
	o.seen[key] = true
	v, ok := o.fields[key]
	if !ok || bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
		return nil
	}
	return v
}

// str reads an optional string.
func (o *wireObject) str(key string) (string, bool) {
	v := o.raw(key)
	if v == nil {
		return "", false
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		o.fail(key, "not a string")
		return "", false
	}
	return s, true
}

// boolean reads a bool with a default; null is an error, as for serde.
func (o *wireObject) boolean(key string, def bool) bool {
	o.seen[key] = true
	v, ok := o.fields[key]
	if !ok {
		return def
	}
	var b bool
	if err := json.Unmarshal(v, &b); err != nil || bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
		o.fail(key, "not a boolean")
		return def
	}
	return b
}

// enum reads an optional string that must be one of allowed.
func (o *wireObject) enum(key string, allowed ...string) (string, bool) {
	s, ok := o.str(key)
	if ok && !slices.Contains(allowed, s) {
		o.fail(key, "unknown variant %q, expected one of %s", s, strings.Join(allowed, ", "))
		return "", false
	}
	return s, ok
}

// object reads an optional nested object.
func (o *wireObject) object(key string) *wireObject {
	v := o.raw(key)
	if v == nil {
		return nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(v, &fields); err != nil {
		o.fail(key, "not an object")
		return nil
	}
	return &wireObject{path: o.path + key + ".", fields: fields, seen: map[string]bool{}}
}

// required marks a field that must be present (not null).
func (o *wireObject) required(key string) {
	if v, ok := o.fields[key]; !ok || bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
		o.fail(key, "missing field")
	}
}

// done reports the first error: a bad value, else the first unknown key
// (sorted, so the message is stable).
func (o *wireObject) done() error {
	if o.err != nil {
		return o.err
	}
	var unknown []string
	for k := range o.fields {
		if !o.seen[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		return fmt.Errorf("%s%s: unknown field", o.path, unknown[0])
	}
	return nil
}

// child folds a nested object's error into o.
func (o *wireObject) child(c *wireObject) {
	if c == nil || o.err != nil {
		return
	}
	if err := c.done(); err != nil {
		o.err = err
	}
}

// universal are the fields every event's output may carry.
type universal struct {
	Continue       bool
	StopReason     string
	HasStopReason  bool
	SuppressOutput bool
	SystemMessage  string
	HasSystem      bool
}

func (o *wireObject) universal() universal {
	u := universal{Continue: o.boolean("continue", true), SuppressOutput: o.boolean("suppressOutput", false)}
	u.StopReason, u.HasStopReason = o.str("stopReason")
	u.SystemMessage, u.HasSystem = o.str("systemMessage")
	return u
}

// hookEventNames are the values hookSpecificOutput.hookEventName may
// take. Codex checks only that it is an event name, not that it is this
// event's (observed: "PostToolUse" in a PreToolUse deny still blocks).
var hookEventNames = []string{"PreToolUse", "PermissionRequest", "PostToolUse", "PreCompact", "PostCompact",
	"SessionStart", "SessionEnd", "UserPromptSubmit", "SubagentStart", "SubagentStop", "Stop",
	"PreModelRequest", "PostModelRequest", "Interrupt"}

// specific opens hookSpecificOutput with its required hookEventName.
func (o *wireObject) specific() *wireObject {
	s := o.object("hookSpecificOutput")
	if s != nil {
		s.required("hookEventName")
		s.enum("hookEventName", hookEventNames...)
	}
	return s
}
