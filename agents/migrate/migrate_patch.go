package migrate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tailscale/hujson"

	"github.com/hookwarden/hookwarden/settingsio"
)

// appendHooks edits the JSONC text in place: every added definition goes
// at the end of hooks.<Event> (created when missing) on its own lines,
// indented like the file; comments and everything else stay as they are.
// The result is parsed again and checked before it is returned.
func appendHooks(target string, current []byte, add []jsonInsert) ([]byte, error) {
	if perr := settingsio.CheckDepth(target, current); perr != nil {
		return nil, perr
	}
	v, err := hujson.Parse(current)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", target, err)
	}
	root, ok := v.Value.(*hujson.Object)
	if !ok {
		return nil, fmt.Errorf("%s: the top-level value is not an object; not changed", target)
	}
	l := layout{unit: indentUnit(root), nl: "\n"}
	if bytes.Contains(current, []byte("\r\n")) {
		l.nl = "\r\n"
	}
	hooksObj, err := objectMember(root, "hooks", l, 1, func() hujson.ValueTrimmed { return &hujson.Object{} })
	if err != nil {
		return nil, fmt.Errorf("%s: %w", target, err)
	}
	obj, ok := hooksObj.(*hujson.Object)
	if !ok {
		return nil, fmt.Errorf("%s: \"hooks\" is not an object; not changed", target)
	}
	for _, a := range add {
		arrVal, err := objectMember(obj, a.event, l, 2, func() hujson.ValueTrimmed { return &hujson.Array{} })
		if err != nil {
			return nil, fmt.Errorf("%s: %w", target, err)
		}
		arr, ok := arrVal.(*hujson.Array)
		if !ok {
			return nil, fmt.Errorf("%s: hooks.%s is not an array; not changed", target, a.event)
		}
		for _, d := range a.defs {
			text, err := marshalIndent(d, strings.Repeat(l.unit, 3), l.unit)
			if err != nil {
				return nil, err
			}
			elem, err := hujson.Parse(bytes.ReplaceAll(text, []byte("\n"), []byte(l.nl)))
			if err != nil {
				return nil, err
			}
			elem.BeforeExtra, arr.AfterExtra = l.appendSlot(arr.AfterExtra, 3)
			elem.AfterExtra = nil
			arr.Elements = append(arr.Elements, elem)
		}
	}
	out := v.Pack()
	if _, perr := settingsio.ParseJSONC(target, out); perr != nil {
		return nil, fmt.Errorf("the patched %s would not parse (%v); not changed", target, perr)
	}
	return out, nil
}

// objectMember returns the value of key in obj (the last one, as JSON.parse
// keeps), appending key with a new value when it is missing.
func objectMember(obj *hujson.Object, key string, l layout, depth int, newValue func() hujson.ValueTrimmed) (hujson.ValueTrimmed, error) {
	for i := len(obj.Members) - 1; i >= 0; i-- {
		m := &obj.Members[i]
		if lit, ok := m.Name.Value.(hujson.Literal); ok && lit.String() == key {
			return m.Value.Value, nil
		}
	}
	name, err := json.Marshal(key)
	if err != nil {
		return nil, err
	}
	val := newValue()
	var before hujson.Extra
	before, obj.AfterExtra = l.appendSlot(obj.AfterExtra, depth)
	obj.Members = append(obj.Members, hujson.ObjectMember{
		Name:  hujson.Value{BeforeExtra: before, Value: hujson.Literal(name)},
		Value: hujson.Value{BeforeExtra: hujson.Extra(" "), Value: val},
	})
	return val, nil
}

// layout is how the file lays out lines: its indent step and line break.
type layout struct {
	unit, nl string
}

func (l layout) line(depth int) string { return l.nl + strings.Repeat(l.unit, depth) }

// appendSlot splits the text before a composite's closing bracket for a
// new last item at depth: what stays on the line of the previous item (a
// trailing comment) goes before the new item, and the break before the
// bracket stays before the bracket.
func (l layout) appendSlot(closing hujson.Extra, depth int) (before, newClosing hujson.Extra) {
	s := string(closing)
	i := strings.LastIndex(s, "\n")
	if i < 0 {
		return hujson.Extra(s + l.line(depth)), hujson.Extra(l.line(depth - 1))
	}
	head := strings.TrimSuffix(s[:i], "\r")
	return hujson.Extra(head + l.line(depth)), hujson.Extra(s[len(head):])
}

// indentUnit guesses the file's indent step from its first member.
func indentUnit(root *hujson.Object) string {
	if len(root.Members) > 0 {
		b := string(root.Members[0].Name.BeforeExtra)
		if i := strings.LastIndex(b, "\n"); i >= 0 {
			if ind := b[i+1:]; ind != "" && strings.TrimSpace(ind) == "" {
				return ind
			}
		}
	}
	return "  "
}

// marshalIndent is json.MarshalIndent without HTML escaping.
func marshalIndent(v any, prefix, indent string) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, indent)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}
