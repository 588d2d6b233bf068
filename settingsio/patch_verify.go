package settingsio

import (
	"fmt"
	"reflect"
	"strings"
)

// verifyPatch parses the edited text and checks that it is the original
// document with only the array at keys changed, and changed to want.
func verifyPatch(path string, before *Node, out []byte, keys []string, want []any) error {
	after, perr := ParseJSONC(path, out)
	if perr != nil {
		return fmt.Errorf("editing %s: internal error, the edited text would not parse (%v); the file was left as it is", path, perr)
	}
	expected := before.Interface().(map[string]any)
	m := expected
	for _, k := range keys[:len(keys)-1] {
		sub, ok := m[k].(map[string]any)
		if !ok {
			sub = map[string]any{}
			m[k] = sub
		}
		m = sub
	}
	m[keys[len(keys)-1]] = want
	if !reflect.DeepEqual(expected, after.Interface()) {
		return fmt.Errorf("editing %s: internal error, the edit would change more than %s; the file was left as it is",
			path, strings.Join(keys, "."))
	}
	return nil
}
