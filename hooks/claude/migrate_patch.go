package claude

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
	v, err := hujson.Parse(current)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", target, err)
	}
	root, ok := v.Value.(*hujson.Object)
	if !ok {
		return nil, fmt.Errorf("%s: the top-level value is not an object; not changed", target)
	}
	unit := indentUnit(root)
	hooksObj, err := objectMember(root, "hooks", unit, 1, func() hujson.ValueTrimmed { return &hujson.Object{} })
	if err != nil {
		return nil, fmt.Errorf("%s: %w", target, err)
	}
	obj, ok := hooksObj.(*hujson.Object)
	if !ok {
		return nil, fmt.Errorf("%s: \"hooks\" is not an object; not changed", target)
	}
	for _, a := range add {
		arrVal, err := objectMember(obj, a.event, unit, 2, func() hujson.ValueTrimmed { return &hujson.Array{} })
		if err != nil {
			return nil, fmt.Errorf("%s: %w", target, err)
		}
		arr, ok := arrVal.(*hujson.Array)
		if !ok {
			return nil, fmt.Errorf("%s: hooks.%s is not an array; not changed", target, a.event)
		}
		for _, d := range a.defs {
			text, err := marshalIndent(d, strings.Repeat(unit, 3), unit)
			if err != nil {
				return nil, err
			}
			elem, err := hujson.Parse(text)
			if err != nil {
				return nil, err
			}
			elem.BeforeExtra = hujson.Extra("\n" + strings.Repeat(unit, 3))
			elem.AfterExtra = nil
			arr.Elements = append(arr.Elements, elem)
		}
		arr.AfterExtra = closingExtra(arr.AfterExtra, 2, unit)
	}
	out := v.Pack()
	if _, perr := settingsio.ParseJSONC(target, out); perr != nil {
		return nil, fmt.Errorf("the patched %s would not parse (%v); not changed", target, perr)
	}
	return out, nil
}

// objectMember returns the value of key in obj (the last one, as JSON.parse
// keeps), appending key with a new value when it is missing.
func objectMember(obj *hujson.Object, key, unit string, depth int, newValue func() hujson.ValueTrimmed) (hujson.ValueTrimmed, error) {
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
	obj.Members = append(obj.Members, hujson.ObjectMember{
		Name:  hujson.Value{BeforeExtra: hujson.Extra("\n" + strings.Repeat(unit, depth)), Value: hujson.Literal(name)},
		Value: hujson.Value{BeforeExtra: hujson.Extra(" "), Value: val},
	})
	obj.AfterExtra = closingExtra(obj.AfterExtra, depth-1, unit)
	return val, nil
}

// closingExtra puts the closing bracket of a composite on its own line at
// depth, unless a comment already sits there.
func closingExtra(extra hujson.Extra, depth int, unit string) hujson.Extra {
	if strings.TrimSpace(string(extra)) == "" {
		return hujson.Extra("\n" + strings.Repeat(unit, depth))
	}
	return extra
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
