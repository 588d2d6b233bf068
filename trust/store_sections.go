package trust

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// StoreSection is an agent's own part of Hookwarden's store: a top-level
// key of approvals.json beside Gemini CLI's "projects", for an agent whose
// approvals (and records of hooks Hookwarden disabled) differ from
// Gemini's. Script texts of its records share the store's "contents".
type StoreSection interface {
	// EachScripts calls fn with the script list of every record the
	// section holds (fn may set their Content).
	EachScripts(fn func([]ScriptSnapshot))
}

// storeFields are the JSON names of StoreData's own fields; every other
// top-level key of the file is a section.
var storeFields = []string{"version", "projects", "contents"}

// isStoreField reports whether key names one of StoreData's own fields
// (matched as encoding/json matches them, ignoring case).
func isStoreField(key string) bool {
	return slices.ContainsFunc(storeFields, func(f string) bool { return strings.EqualFold(f, key) })
}

// Section returns the section key of d as a P, decoding it from the file
// on first use (with its script texts); nil when d has none.
func Section[S any, P interface {
	*S
	StoreSection
}](d *StoreData, key string) (P, error) {
	if d == nil {
		return nil, nil
	}
	if s, ok := d.sections[key]; ok {
		p, ok := s.(P)
		if !ok {
			return nil, fmt.Errorf("the store's %q section is a %T, not a %T", key, s, p)
		}
		return p, nil
	}
	raw, ok := d.raw[key]
	if !ok {
		return nil, nil
	}
	p := P(new(S))
	if err := json.Unmarshal(raw, p); err != nil {
		return nil, fmt.Errorf("reading %s: %q: %w (Hookwarden will not overwrite it; move it away to start a new store)", d.path, key, err)
	}
	p.EachScripts(d.fillContents)
	d.SetSection(key, p)
	return p, nil
}

// SetSection makes s the section key of d.
func (d *StoreData) SetSection(key string, s StoreSection) {
	if d.sections == nil {
		d.sections = map[string]StoreSection{}
	}
	delete(d.raw, key)
	d.sections[key] = s
}

// keepRawContents keeps in Contents the texts of old that a section no
// agent decoded refers to (its records name them by sha256): those whose
// sum stands between two quotes anywhere in the section's bytes. Each
// section is read once per length of sum (one: sha256s), looking the text
// between a quote and the quote that length on up in old, not once per
// text: the store's every write went over its undecoded sections once
// per script text it holds.
func (d *StoreData) keepRawContents(old map[string]string) {
	if len(old) == 0 {
		return
	}
	lengths := map[int]bool{}
	for sum := range old {
		lengths[len(sum)] = true
	}
	for _, raw := range d.raw {
		for n := range lengths {
			for i := bytes.IndexByte(raw, '"'); i >= 0; {
				if end := i + 1 + n; end < len(raw) && raw[end] == '"' {
					if text, ok := old[string(raw[i+1:end])]; ok {
						d.Contents[string(raw[i+1:end])] = text
					}
				}
				next := bytes.IndexByte(raw[i+1:], '"')
				if next < 0 {
					break
				}
				i += 1 + next
			}
		}
	}
}

// storeFile is StoreData's own fields, encoded by encoding/json.
type storeFile StoreData

// MarshalJSON writes the store's own fields, then its sections by key.
func (d StoreData) MarshalJSON() ([]byte, error) {
	out, err := json.Marshal(storeFile(d))
	if err != nil {
		return nil, err
	}
	keys := slices.Sorted(maps.Keys(d.sections))
	for k := range d.raw {
		if _, dup := d.sections[k]; !dup {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)      // sections decoded or not, by key
	out = out[:len(out)-1] // the closing brace
	for _, k := range keys {
		if isStoreField(k) {
			continue
		}
		v, ok := d.raw[k]
		if s, typed := d.sections[k]; typed {
			if v, err = json.Marshal(s); err != nil {
				return nil, fmt.Errorf("encoding the store's %q section: %w", k, err)
			}
		} else if !ok {
			continue
		}
		name, _ := json.Marshal(k)
		out = append(append(append(append(out, ','), name...), ':'), v...)
	}
	return append(out, '}'), nil
}

// UnmarshalJSON reads the store's own fields and keeps every other
// top-level key as a section for the agent that asks for it.
func (d *StoreData) UnmarshalJSON(data []byte) error {
	return d.decode(data)
}

// decode is UnmarshalJSON. A valid store object is split at its top level
// by hand (topLevelMembers): encoding/json then decodes only the own
// fields, and each section is kept as its bytes, unread until an agent
// asks for it (Section). Anything else (not valid JSON, not an object) is
// read by encoding/json whole, for its error: the result is always
// encoding/json's (TestStoreDecodeIsEncodingJSONs).
func (d *StoreData) decode(data []byte) error {
	if json.Valid(data) {
		if members, ok := topLevelMembers(data); ok {
			return d.decodeMembers(members)
		}
	}
	if err := json.Unmarshal(data, (*storeFile)(d)); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	for k, v := range all {
		d.keepSection(k, v)
	}
	return nil
}

// decodeMembers decodes the own fields among the members of the store's
// object, in their order (a repeated key as encoding/json reads it), and
// keeps the other members as sections.
func (d *StoreData) decodeMembers(members []topMember) error {
	own := []byte{'{'}
	for _, m := range members {
		if !isStoreField(m.key) {
			continue
		}
		if len(own) > 1 {
			own = append(own, ',')
		}
		own = append(append(append(own, m.rawKey...), ':'), m.value...)
	}
	if err := json.Unmarshal(append(own, '}'), (*storeFile)(d)); err != nil {
		return err
	}
	for _, m := range members {
		d.keepSection(m.key, bytes.Clone(m.value))
	}
	return nil
}

// keepSection keeps the top-level member k of the file as a section,
// unless it is an own field or null (a null section is no section); the
// last of a repeated key wins.
func (d *StoreData) keepSection(k string, v json.RawMessage) {
	if isStoreField(k) || bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
		return
	}
	if d.raw == nil {
		d.raw = map[string]json.RawMessage{}
	}
	d.raw[k] = v
}

// topMember is one member of a JSON object: its key, decoded and as
// written, and its value's bytes (without the space around it).
type topMember struct {
	key           string
	rawKey, value []byte
}

// topLevelMembers splits data, which must be valid JSON (json.Valid), into
// the members of its top-level object; false when it is not an object
// (or, defensively, when it cannot be split).
func topLevelMembers(data []byte) ([]topMember, bool) {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return nil, false
	}
	var out []topMember
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return out, true
	}
	for i < len(data) && data[i] == '"' {
		end, ok := jsonValueEnd(data, i)
		if !ok {
			return nil, false
		}
		rawKey := data[i:end]
		key := string(rawKey[1 : len(rawKey)-1])
		if bytes.IndexFunc(rawKey, func(r rune) bool { return r == '\\' || r >= 0x80 }) >= 0 {
			// escapes and what is not ASCII (invalid UTF-8 too) as
			// encoding/json reads them
			if json.Unmarshal(rawKey, &key) != nil {
				return nil, false
			}
		}
		i = skipSpace(data, end)
		if i >= len(data) || data[i] != ':' {
			return nil, false
		}
		i = skipSpace(data, i+1)
		end, ok = jsonValueEnd(data, i)
		if !ok {
			return nil, false
		}
		out = append(out, topMember{key: key, rawKey: rawKey, value: data[i:end]})
		i = skipSpace(data, end)
		if i < len(data) && data[i] == ',' {
			i = skipSpace(data, i+1)
			continue
		}
		if i < len(data) && data[i] == '}' {
			return out, true
		}
		return nil, false
	}
	return nil, false
}

// skipSpace is the index of the first byte of data from i on that is not
// JSON white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// jsonValueEnd is the index just past the JSON value that starts at i in
// valid JSON (a string, an object or array with the strings inside it, a
// literal).
func jsonValueEnd(data []byte, i int) (int, bool) {
	if i >= len(data) {
		return 0, false
	}
	depth := 0
	for j := i; j < len(data); j++ {
		switch c := data[j]; c {
		case '"':
			for j++; j < len(data) && data[j] != '"'; j++ {
				if data[j] == '\\' {
					j++
				}
			}
			if j >= len(data) {
				return 0, false
			}
		case '{', '[':
			depth++
			continue
		case '}', ']':
			if depth == 0 {
				return j, j > i // the end of the object holding a literal
			}
			depth--
		case ',', ' ', '\t', '\n', '\r', ':':
			if depth == 0 {
				return j, j > i
			}
			continue
		default:
			continue
		}
		if depth == 0 {
			return j + 1, true
		}
	}
	if depth == 0 {
		return len(data), true // a literal at the very end
	}
	return 0, false
}

// EnsureSection returns the section key of d as a P, making it (empty)
// when d has none.
func EnsureSection[S any, P interface {
	*S
	StoreSection
}](d *StoreData, key string) (P, error) {
	p, err := Section[S, P](d, key)
	if err != nil || p != nil {
		return p, err
	}
	p = P(new(S))
	d.SetSection(key, p)
	return p, nil
}
