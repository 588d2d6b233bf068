package claudeschema

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tailscale/hujson"
)

// SetTop sets (or, with value nil, removes) one top-level member of a
// settings file's JSON object, keeping comments and layout; a file that
// does not exist becomes {"key": value}. The caller writes the result
// with settingsio's atomic writers. A file that does not parse, or whose
// top level is not an object, is an error and nothing changes.
func SetTop(path string, data []byte, exists bool, key string, value any) ([]byte, error) {
	if !exists || len(strings.TrimSpace(string(data))) == 0 {
		if value == nil {
			return data, nil
		}
		v, err := json.Marshal(map[string]any{key: value})
		if err != nil {
			return nil, err
		}
		root, _ := hujson.Parse(v)
		root.Format()
		return root.Pack(), nil
	}
	root, err := hujson.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w (nothing was written)", path, err)
	}
	obj, ok := root.Value.(*hujson.Object)
	if !ok {
		return nil, fmt.Errorf("%s: the top level is not an object (nothing was written)", path)
	}
	ptr := "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(key)
	has := false
	for _, m := range obj.Members {
		if n, ok := m.Name.Value.(hujson.Literal); ok && n.String() == key {
			has = true
		}
	}
	var op []byte
	switch {
	case value == nil && !has:
		return data, nil
	case value == nil:
		op, err = json.Marshal([]map[string]any{{"op": "remove", "path": ptr}})
	default:
		op, err = json.Marshal([]map[string]any{{"op": "add", "path": ptr, "value": value}})
	}
	if err != nil {
		return nil, err
	}
	if err := root.Patch(op); err != nil {
		return nil, fmt.Errorf("%s: %w (nothing was written)", path, err)
	}
	if !has && value != nil {
		indentNew(obj)
	}
	return root.Pack(), nil
}

// indentNew lays out the member Patch appended like the one before it
// (its line break and indent, without its comments), so that a formatted
// file stays formatted.
func indentNew(obj *hujson.Object) {
	n := len(obj.Members)
	last := &obj.Members[n-1]
	last.Value.BeforeExtra = hujson.Extra(" ")
	if n == 1 {
		last.Name.BeforeExtra = hujson.Extra("\n  ")
		obj.AfterExtra = hujson.Extra("\n")
		return
	}
	before := string(obj.Members[n-2].Name.BeforeExtra)
	if i := strings.LastIndexByte(before, '\n'); i >= 0 && strings.TrimSpace(before[i:]) == "" {
		last.Name.BeforeExtra = hujson.Extra(before[i:])
	} else {
		last.Name.BeforeExtra = nil
		last.Value.BeforeExtra = nil
	}
}
