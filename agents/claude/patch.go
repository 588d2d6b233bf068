package claude

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/tailscale/hujson"
)

// handlerPlace locates a handler in a Claude Code settings file:
// hooks[Event][Group].hooks[Index].
type handlerPlace struct {
	Event string `json:"event"`
	Group int    `json:"group"`
	Index int    `json:"index"`
}

func (p handlerPlace) String() string {
	return fmt.Sprintf("hooks.%s[%d].hooks[%d]", p.Event, p.Group, p.Index)
}

// removedHandler is a handler taken out of a settings file, with
// what it takes to put it back: byte for byte while the file is as the
// removal left it, else structurally at the same place.
type removedHandler struct {
	Place handlerPlace `json:"place"`
	// matcher of the group the handler sat in (HasMatcher false when the
	// group had none).
	Matcher    string `json:"matcher,omitempty"`
	HasMatcher bool   `json:"has_matcher"`
	// handler is the handler object as written (its own bytes).
	Handler string `json:"handler"`
	// Scope is what was removed: "handler", "group" (the handler was the
	// group's last one) or "event" (and the group was the event's last).
	Scope string `json:"scope"`
	// Offset and Text: the bytes removed, and where.
	Offset int    `json:"offset"`
	Text   string `json:"text"`
	// Before and After are the sha256 of the file before and after.
	Before string `json:"before_sha256"`
	After  string `json:"after_sha256"`
}

// removeHandler takes the handler at place out of a Claude Code
// settings file (data, read from path), and its matcher group when the
// group has no other handler, and the event key when that leaves the event
// empty. Every other byte stays as it was (comments, layout). A file that
// does not parse is refused with its line and column.
func removeHandler(path string, data []byte, place handlerPlace) ([]byte, *removedHandler, error) {
	root, err := parseForPatch(path, data)
	if err != nil {
		return nil, nil, err
	}
	hooksObj, eventMember, eventIdx, err := findEvent(path, root, place.Event)
	if err != nil {
		return nil, nil, err
	}
	if eventMember == nil {
		return nil, nil, fmt.Errorf("%s: no hooks for %s", path, place.Event)
	}
	groups, ok := eventMember.Value.Value.(*hujson.Array)
	if !ok || place.Group < 0 || place.Group >= len(groups.Elements) {
		return nil, nil, fmt.Errorf("%s: no matcher group hooks.%s[%d]", path, place.Event, place.Group)
	}
	group, ok := groups.Elements[place.Group].Value.(*hujson.Object)
	if !ok {
		return nil, nil, fmt.Errorf("%s: hooks.%s[%d] is not an object", path, place.Event, place.Group)
	}
	handlers, ok := memberValue(group, "hooks").(*hujson.Array)
	if !ok || place.Index < 0 || place.Index >= len(handlers.Elements) {
		return nil, nil, fmt.Errorf("%s: no handler %s", path, place)
	}
	h := handlers.Elements[place.Index]
	rm := &removedHandler{Place: place, Handler: string(data[h.StartOffset:h.EndOffset]), Scope: "handler", Before: sha(data)}
	if m, ok := memberValue(group, "matcher").(hujson.Literal); ok {
		var s string
		if json.Unmarshal(m, &s) == nil {
			rm.Matcher, rm.HasMatcher = s, true
		}
	}
	var start, end int
	switch {
	case len(handlers.Elements) > 1:
		start, end = elementSpan(handlers.Elements, place.Index)
	case len(groups.Elements) > 1:
		rm.Scope = "group"
		start, end = elementSpan(groups.Elements, place.Group)
	default:
		rm.Scope = "event"
		start, end = memberSpan(hooksObj.Members, eventIdx)
	}
	rm.Offset, rm.Text = start, string(data[start:end])
	out := append(append([]byte{}, data[:start]...), data[end:]...)
	if _, err := parseForPatch(path, out); err != nil {
		return nil, nil, fmt.Errorf("%s: removing %s would break the file (%v); nothing written", path, place, err)
	}
	rm.After = sha(out)
	return out, rm, nil
}

// restoreHandler puts a removed handler back. When the file is
// exactly as the removal left it, the removed bytes go back where they were
// (exact is true: the file is byte-identical to before). Otherwise the
// handler goes into the same event, into the group at the same position
// with the same matcher when there is one (at its old index, or last),
// else into a new group at the old group position.
func restoreHandler(path string, data []byte, exists bool, rm *removedHandler) (out []byte, exact bool, err error) {
	if err := rm.Check(); err != nil {
		return nil, false, err
	}
	if exists && sha(data) == rm.After && rm.Offset <= len(data) {
		out = append(append(append([]byte{}, data[:rm.Offset]...), rm.Text...), data[rm.Offset:]...)
		if sha(out) == rm.Before {
			return out, true, nil
		}
	}
	if !exists || len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}\n")
	}
	out, err = insertHandler(path, data, rm)
	if err != nil {
		return nil, false, err
	}
	if _, err := parseForPatch(path, out); err != nil {
		return nil, false, fmt.Errorf("%s: putting %s back would break the file (%v); nothing written", path, rm.Place, err)
	}
	return out, false, nil
}

func insertHandler(path string, data []byte, rm *removedHandler) ([]byte, error) {
	root, err := parseForPatch(path, data)
	if err != nil {
		return nil, err
	}
	rootObj, ok := root.Value.(*hujson.Object)
	if !ok {
		return nil, fmt.Errorf("%s: the file is not a JSON object", path)
	}
	hooksVal := memberValuePtr(rootObj, "hooks")
	if hooksVal == nil {
		text := `"hooks": {` + jsonString(rm.Place.Event) + `: [` + rm.groupText() + `]}`
		return insertMember(data, root, rootObj, len(rootObj.Members), text), nil
	}
	hooksObj, ok := hooksVal.Value.(*hujson.Object)
	if !ok {
		return nil, fmt.Errorf("%s: \"hooks\" is not an object", path)
	}
	eventVal := memberValuePtr(hooksObj, rm.Place.Event)
	if eventVal == nil {
		text := jsonString(rm.Place.Event) + `: [` + rm.groupText() + `]`
		return insertMember(data, *hooksVal, hooksObj, len(hooksObj.Members), text), nil
	}
	groups, ok := eventVal.Value.(*hujson.Array)
	if !ok {
		return nil, fmt.Errorf("%s: hooks.%s is not an array", path, rm.Place.Event)
	}
	if rm.Scope == "handler" && rm.Place.Group < len(groups.Elements) {
		g := &groups.Elements[rm.Place.Group]
		if obj, ok := g.Value.(*hujson.Object); ok && sameMatcher(obj, rm) {
			if hv := memberValuePtr(obj, "hooks"); hv != nil {
				if arr, ok := hv.Value.(*hujson.Array); ok {
					return insertElement(data, *hv, arr, min(rm.Place.Index, len(arr.Elements)), rm.Handler), nil
				}
			}
		}
	}
	return insertElement(data, *eventVal, groups, min(rm.Place.Group, len(groups.Elements)), rm.groupText()), nil
}

// groupText is a matcher group holding only the handler.
func (rm *removedHandler) groupText() string {
	if rm.HasMatcher {
		return `{"matcher": ` + jsonString(rm.Matcher) + `, "hooks": [` + rm.Handler + `]}`
	}
	return `{"hooks": [` + rm.Handler + `]}`
}

func sameMatcher(obj *hujson.Object, rm *removedHandler) bool {
	lit, ok := memberValue(obj, "matcher").(hujson.Literal)
	if !ok {
		return !rm.HasMatcher
	}
	var s string
	return json.Unmarshal(lit, &s) == nil && rm.HasMatcher && s == rm.Matcher
}

func parseForPatch(path string, data []byte) (hujson.Value, error) {
	if _, perr := settingsio.ParseJSONC(path, data); perr != nil {
		return hujson.Value{}, perr
	}
	v, err := hujson.Parse(data)
	if err != nil {
		line, col, msg := settingsio.SplitHujsonError(err)
		return hujson.Value{}, &settingsio.ParseError{Path: path, Line: line, Column: col, Msg: msg}
	}
	return v, nil
}

// findEvent returns the hooks object and the event's member in it.
func findEvent(path string, root hujson.Value, event string) (*hujson.Object, *hujson.ObjectMember, int, error) {
	rootObj, ok := root.Value.(*hujson.Object)
	if !ok {
		return nil, nil, 0, fmt.Errorf("%s: the file is not a JSON object", path)
	}
	hooksObj, ok := memberValue(rootObj, "hooks").(*hujson.Object)
	if !ok {
		return nil, nil, 0, fmt.Errorf("%s: no \"hooks\" object", path)
	}
	for i := len(hooksObj.Members) - 1; i >= 0; i-- {
		if memberName(hooksObj.Members[i]) == event {
			return hooksObj, &hooksObj.Members[i], i, nil
		}
	}
	return hooksObj, nil, 0, nil
}

func memberName(m hujson.ObjectMember) string {
	lit, ok := m.Name.Value.(hujson.Literal)
	if !ok {
		return ""
	}
	var s string
	if json.Unmarshal(lit, &s) != nil {
		return ""
	}
	return s
}

// memberValue is the value of the last member named key (JSON.parse keeps
// the last of duplicate keys).
func memberValue(obj *hujson.Object, key string) hujson.ValueTrimmed {
	if v := memberValuePtr(obj, key); v != nil {
		return v.Value
	}
	return nil
}

func memberValuePtr(obj *hujson.Object, key string) *hujson.Value {
	for i := len(obj.Members) - 1; i >= 0; i-- {
		if memberName(obj.Members[i]) == key {
			return &obj.Members[i].Value
		}
	}
	return nil
}

// elementSpan is the byte range to cut to remove element i: from its
// leading whitespace through its comma, or, for the last element, from the
// comma before it.
func elementSpan(els []hujson.Value, i int) (int, int) {
	if i < len(els)-1 {
		return startOf(els[i]), startOf(els[i+1])
	}
	return endOf(els[i-1]), endOf(els[i])
}

func memberSpan(ms []hujson.ObjectMember, i int) (int, int) {
	start := func(m hujson.ObjectMember) int { return startOf(m.Name) }
	end := func(m hujson.ObjectMember) int { return endOf(m.Value) }
	switch {
	case len(ms) == 1:
		return start(ms[0]), end(ms[0])
	case i < len(ms)-1:
		return start(ms[i]), start(ms[i+1])
	}
	return end(ms[i-1]), end(ms[i])
}

func startOf(v hujson.Value) int { return v.StartOffset - len(v.BeforeExtra) }
func endOf(v hujson.Value) int   { return v.EndOffset + len(v.AfterExtra) }

// insertElement inserts text as element k of arr (whose value is container)
// with the layout of its neighbours.
func insertElement(data []byte, container hujson.Value, arr *hujson.Array, k int, text string) []byte {
	if len(arr.Elements) == 0 {
		open := container.StartOffset + 1
		return splice(data, open, layoutOf(nil, data, container)+text+closingLayout(data, container))
	}
	if k < len(arr.Elements) {
		e := arr.Elements[k]
		return splice(data, startOf(e), string(newlineIndent(e.BeforeExtra))+text+",")
	}
	last := arr.Elements[len(arr.Elements)-1]
	return splice(data, endOf(last), ","+string(newlineIndent(last.BeforeExtra))+text)
}

func insertMember(data []byte, container hujson.Value, obj *hujson.Object, k int, text string) []byte {
	if len(obj.Members) == 0 {
		open := container.StartOffset + 1
		return splice(data, open, layoutOf(nil, data, container)+text+closingLayout(data, container))
	}
	last := obj.Members[len(obj.Members)-1]
	return splice(data, endOf(last.Value), ","+string(newlineIndent(last.Name.BeforeExtra))+text)
}

// newlineIndent keeps a neighbour's line break and indentation (not its
// comments): "\n" + the whitespace after the last line break, or " ".
func newlineIndent(extra []byte) []byte {
	i := bytes.LastIndexByte(extra, '\n')
	if i < 0 {
		if len(extra) == 0 {
			return nil
		}
		return []byte(" ")
	}
	ws := extra[i+1:]
	if len(bytes.TrimLeft(ws, " \t")) != 0 {
		ws = nil
	}
	nl := "\n"
	if i > 0 && extra[i-1] == '\r' {
		nl = "\r\n"
	}
	return append([]byte(nl), ws...)
}

// layoutOf is the line break and indentation for the first element of an
// empty container: one level (two spaces) deeper than the container's line.
func layoutOf(_ []byte, data []byte, container hujson.Value) string {
	return "\n" + lineIndent(data, container.StartOffset) + "  "
}

func closingLayout(data []byte, container hujson.Value) string {
	return "\n" + lineIndent(data, container.StartOffset)
}

func lineIndent(data []byte, off int) string {
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	end := start
	for end < len(data) && (data[end] == ' ' || data[end] == '\t') {
		end++
	}
	return string(data[start:end])
}

func splice(data []byte, at int, text string) []byte {
	out := make([]byte, 0, len(data)+len(text))
	return append(append(append(out, data[:at]...), text...), data[at:]...)
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func sha(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// Check rejects a record that cannot describe a removal (a hand-edited or
// damaged store): no event, negative places or offset, no handler text.
func (rm *removedHandler) Check() error {
	switch {
	case rm == nil:
		return fmt.Errorf("no removal record")
	case rm.Place.Event == "" || rm.Place.Group < 0 || rm.Place.Index < 0:
		return fmt.Errorf("the removal record's place %s is not valid", rm.Place)
	case rm.Offset < 0:
		return fmt.Errorf("the removal record's offset %d is not valid", rm.Offset)
	case rm.Handler == "":
		return fmt.Errorf("the removal record has no handler text")
	}
	return nil
}
