package agents

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/tailscale/hujson"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// The kit's side of a hooks file in the {"hooks": {"Event": [group, …]}}
// shape (a group being {"matcher", "hooks": [handler, …]}), into which
// `record on` and `protect on` put groups of their own: where those
// groups are, adding one, taking one out. Which file, which event, what
// the group holds and how strictly the agent reads the file are the
// agent's.

// SoleCommands are, for each group of event in data, the command of its
// only handler ("" for a group of more or none, or one not in the shape);
// nil when data holds no such list. data is JSON or JSONC that parses.
func SoleCommands(data []byte, event string) []string {
	std, err := hujson.Standardize(append([]byte(nil), data...))
	if err != nil {
		return nil
	}
	var doc struct {
		Hooks map[string]json.RawMessage `json:"hooks"`
	}
	if json.Unmarshal(std, &doc) != nil {
		return nil
	}
	var groups []struct {
		Hooks []struct {
			Command string `json:"command"`
		} `json:"hooks"`
	}
	if json.Unmarshal(doc.Hooks[event], &groups) != nil {
		return nil
	}
	out := make([]string, len(groups))
	for g, grp := range groups {
		if len(grp.Hooks) == 1 {
			out[g] = grp.Hooks[0].Command
		}
	}
	return out
}

// SoleCommandGroup is the index of event's first group whose only
// handler runs command.
func SoleCommandGroup(data []byte, event, command string) (int, bool) {
	for g, c := range SoleCommands(data, event) {
		if c == command && c != "" {
			return g, true
		}
	}
	return 0, false
}

// ObserverGroups are the indexes of each event's observer groups in data
// (groups whose only handler obs knows as its own).
func ObserverGroups(data []byte, evs []hooks.Event, obs Observer) map[hooks.Event][]int {
	out := map[hooks.Event][]int{}
	for _, e := range evs {
		for g, c := range SoleCommands(data, string(e)) {
			if c != "" && obs.Is(c, e) {
				out[e] = append(out[e], g)
			}
		}
	}
	return out
}

// ObserverEdit is the UserEdit of one observer group per event of evs
// (group(e), appended to the event's list) in the hooks file at path.
// groups finds the observer groups in data, or why the agent cannot read
// it; unreadable words that error for Add (an agent that ignores such a
// file would never run what is added). check is the agent's reading of
// the result: a file it could no longer read is not written. A file
// Hookwarden creates is laid out as JSON usually is.
func ObserverEdit(path string, evs []hooks.Event, groups func(data []byte) (map[hooks.Event][]int, error), group func(hooks.Event) []byte,
	unreadable func(error) error, check func(path string, data []byte) error) UserEdit {
	return UserEdit{
		Path: path,
		Add: func(data []byte, exists bool) ([]byte, error) {
			fresh := !exists || len(bytes.TrimSpace(data)) == 0
			if fresh {
				data = []byte("{}\n")
			}
			have, err := groups(data)
			if err != nil {
				return nil, unreadable(err)
			}
			for _, e := range evs {
				if len(have[e]) > 0 {
					continue
				}
				if data, err = settingsio.JSONAppend(path, data, []string{"hooks", string(e)}, group(e)); err != nil {
					return nil, err
				}
			}
			if fresh {
				data = IndentJSON(data) // a file of Hookwarden's own: laid out as JSON usually is
			}
			if err := check(path, data); err != nil {
				return nil, fmt.Errorf("%s: adding the observer hooks would break the file (%v); nothing written", path, err)
			}
			return data, nil
		},
		Remove: func(data []byte) ([]byte, bool, error) {
			have, err := groups(data)
			if err != nil {
				return nil, false, err
			}
			return RemoveObserverGroups(path, data, evs, have)
		},
		Holds: func(data []byte) (bool, error) {
			have, err := groups(data)
			if err != nil {
				return false, err
			}
			return HoldsObserverGroups(evs, have), nil
		},
	}
}

// AddProtectGroup appends the protective hook's group (a JSON object) to
// event's list in the hooks file at path, adding the list and "hooks" where missing, every other
// byte of data kept (an empty or new file starts as {}). check is the
// agent's reading of the file: one it cannot read is refused through
// unreadable (a group added to it would never run), and a result it could
// not read is not returned.
func AddProtectGroup(path string, data []byte, exists bool, event string, group []byte,
	check func(path string, data []byte) error, unreadable func(error) error) ([]byte, error) {
	if !exists || len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}\n")
	}
	if err := check(path, data); err != nil {
		return nil, unreadable(err)
	}
	v, err := hujson.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w; nothing written", path, err)
	}
	obj, ok := v.Value.(*hujson.Object)
	if !ok {
		return nil, fmt.Errorf("%s: the file is not a JSON object; nothing written", path)
	}
	op := `[{"op": "add", "path": "/hooks", "value": {` + strconv.Quote(event) + `: [` + string(group) + `]}}]`
	if hv := lastMember(obj, "hooks"); hv != nil {
		hooksObj, ok := hv.(*hujson.Object)
		if !ok {
			return nil, fmt.Errorf("%s: \"hooks\" is not an object; nothing written", path)
		}
		op = `[{"op": "add", "path": "/hooks/` + event + `", "value": [` + string(group) + `]}]`
		if bv := lastMember(hooksObj, event); bv != nil {
			if _, ok := bv.(*hujson.Array); !ok {
				return nil, fmt.Errorf("%s: \"hooks.%s\" is not an array; nothing written", path, event)
			}
			op = `[{"op": "add", "path": "/hooks/` + event + `/-", "value": ` + string(group) + `}]`
		}
	}
	if err := v.Patch([]byte(op)); err != nil {
		return nil, fmt.Errorf("%s: adding the protective hook: %w", path, err)
	}
	if !exists {
		v.Format() // a file of Hookwarden's own: laid out as JSON usually is
	}
	out := v.Pack()
	if err := check(path, out); err != nil {
		return nil, fmt.Errorf("%s: adding the protective hook would break the file (%v); nothing written", path, err)
	}
	return out, nil
}

// RemoveHookGroup takes group g of event's list out of data, every other
// byte kept.
func RemoveHookGroup(data []byte, event string, g int) ([]byte, bool, error) {
	v, err := hujson.Parse(data)
	if err != nil {
		return nil, false, err
	}
	if err := v.Patch([]byte(`[{"op": "remove", "path": "/hooks/` + event + `/` + strconv.Itoa(g) + `"}]`)); err != nil {
		return nil, false, err
	}
	return v.Pack(), true, nil
}

// lastMember is the value of an object's member (the last one of the
// name, as JSON.parse keeps it; nil when none).
func lastMember(obj *hujson.Object, name string) hujson.ValueTrimmed {
	var out hujson.ValueTrimmed
	for _, m := range obj.Members {
		var k string
		if lit, ok := m.Name.Value.(hujson.Literal); ok && json.Unmarshal(lit, &k) == nil && k == name {
			out = m.Value.Value
		}
	}
	return out
}

// CheckJSON is an agent's strict JSON reading of a file (the check of
// ObserverEdit and AddProtectGroup).
func CheckJSON(path string, data []byte) error {
	if _, perr := settingsio.ParseJSON(path, data); perr != nil {
		return perr
	}
	return nil
}

// CheckJSONC is an agent's JSONC reading of a file (comments and trailing
// commas allowed).
func CheckJSONC(path string, data []byte) error {
	if _, perr := settingsio.ParseJSONC(path, data); perr != nil {
		return perr
	}
	return nil
}

// IndentJSON lays out a JSON document two spaces deep, keys in their
// order (data when it is not plain JSON).
func IndentJSON(data []byte) []byte {
	var b bytes.Buffer
	if json.Indent(&b, data, "", "  ") != nil {
		return data
	}
	return append(bytes.TrimRight(b.Bytes(), "\n"), '\n')
}

// PayloadFields are a hook payload's top-level members.
type PayloadFields map[string]json.RawMessage

// ParsePayload reads a payload's members (false when it is not a JSON
// object).
func ParsePayload(payload []byte) (PayloadFields, bool) {
	var in PayloadFields
	if json.Unmarshal(payload, &in) != nil {
		return nil, false
	}
	return in, true
}

// Str is the string member k ("" when it is none or not a string).
func (in PayloadFields) Str(k string) string {
	var s string
	_ = json.Unmarshal(in[k], &s)
	return s
}

// Facts are what every agent's payload says of itself the same way: cwd,
// tool_name, session_id and hook_event_name. The matcher value is the
// agent's.
func (in PayloadFields) Facts() PayloadFacts {
	return PayloadFacts{Project: in.Str("cwd"), Tool: in.Str("tool_name"), Session: in.Str("session_id"), Event: hooks.Event(in.Str("hook_event_name"))}
}

// ReadJSONLines calls each for every line of a JSON Lines log (data, read
// from path) that is not blank, with its number and the line read into a
// T; a line that is not JSON is an error (path:line) and is passed over.
// fail records an error of the line, as path:line: err.
func ReadJSONLines[T any](path string, data []byte, each func(n int, line *T, fail func(error))) []error {
	var errs []error
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), len(data)+1)
	n := 0
	for sc.Scan() {
		n++
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 {
			continue
		}
		fail := func(err error) { errs = append(errs, fmt.Errorf("%s:%d: %w", path, n, err)) }
		var l T
		if err := json.Unmarshal(raw, &l); err != nil {
			fail(err)
			continue
		}
		each(n, &l, fail)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", path, err))
	}
	return errs
}

// SortedGlob is filepath.Glob's files in order (an agent's logs).
func SortedGlob(pattern string) ([]string, error) {
	files, err := filepath.Glob(pattern)
	sort.Strings(files)
	return files, err
}
