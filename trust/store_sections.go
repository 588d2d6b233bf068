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
// agent decoded refers to (its records name them by sha256).
func (d *StoreData) keepRawContents(old map[string]string) {
	for _, raw := range d.raw {
		for sum, text := range old {
			if bytes.Contains(raw, []byte(`"`+sum+`"`)) {
				d.Contents[sum] = text
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
	if err := json.Unmarshal(data, (*storeFile)(d)); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	for k, v := range all {
		if isStoreField(k) || bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			continue // a null section is no section
		}
		if d.raw == nil {
			d.raw = map[string]json.RawMessage{}
		}
		d.raw[k] = v
	}
	return nil
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
