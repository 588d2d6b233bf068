package settingsio

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/tailscale/hujson"
)

// jsonPointer is the JSON Pointer (RFC 6901) of keys.
func jsonPointer(keys []string) string {
	var b strings.Builder
	for _, k := range keys {
		b.WriteByte('/')
		b.WriteString(strings.NewReplacer("~", "~0", "/", "~1").Replace(k))
	}
	return b.String()
}

// JSONAppend appends elem (a JSON value) to the array at keys (a path of
// object keys from the root), adding the missing objects and the array as
// their parent's last member; every other byte of data (comments, layout)
// stays. A file that does not parse, or a key on the path that holds
// something else, is an error naming it.
func JSONAppend(path string, data []byte, keys []string, elem []byte) ([]byte, error) {
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s: JSONAppend needs a key", path)
	}
	v, err := hujson.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if _, ok := v.Value.(*hujson.Object); !ok {
		return nil, fmt.Errorf("%s: the file is not a JSON object", path)
	}
	value := elem
	i := len(keys)
	for ; i > 0; i-- {
		at := v.Find(jsonPointer(keys[:i]))
		if at == nil {
			continue
		}
		want := "an object"
		if i == len(keys) {
			want = "an array"
			if _, ok := at.Value.(*hujson.Array); ok {
				break
			}
		} else if _, ok := at.Value.(*hujson.Object); ok {
			break
		}
		return nil, fmt.Errorf("%s: %q is not %s", path, strings.Join(keys[:i], "."), want)
	}
	op := "add"
	ptr := jsonPointer(keys) + "/-"
	if i < len(keys) {
		// build the missing part from the inside out
		value = []byte("[" + string(elem) + "]")
		for j := len(keys) - 1; j > i; j-- {
			value = []byte("{" + strconv.Quote(keys[j]) + ": " + string(value) + "}")
		}
		ptr = jsonPointer(keys[:i+1])
	}
	patch, err := json.Marshal([]map[string]any{{"op": op, "path": ptr, "value": json.RawMessage(value)}})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := v.Patch(patch); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return v.Pack(), nil
}

// JSONRemoveIndex removes element i of the array at keys; every other
// byte stays.
func JSONRemoveIndex(path string, data []byte, keys []string, i int) ([]byte, error) {
	v, err := hujson.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	patch, _ := json.Marshal([]map[string]any{{"op": "remove", "path": jsonPointer(keys) + "/" + strconv.Itoa(i)}})
	if err := v.Patch(patch); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return v.Pack(), nil
}
