package settingsio

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tailscale/hujson"
)

// ListChange is an edit of an array of strings: the elements to delete (by
// index into the current elements) and the values to add at the end.
type ListChange struct {
	Remove []int
	Append []string
}

// Empty reports whether the change does nothing.
func (c ListChange) Empty() bool { return len(c.Remove) == 0 && len(c.Append) == 0 }

// DecideFunc looks at the current array (nil when it or one of its parent
// objects is missing) and returns the change to make. It sees the file as
// it is right before the write, so it must decide from list alone. Its
// nodes carry Raw strings (Str == Raw: no environment expansion).
type DecideFunc func(list *Node) (ListChange, error)

// PatchStringList changes the array at keys (a path of object keys, e.g.
// "hooksConfig", "disabled") in a JSONC settings file the way a careful
// person would by hand: every byte outside the edited array stays as it
// was — comments, blank lines, key order, indentation, line breaks (CRLF
// too) — and what is added follows the layout around it (one element per
// line with the siblings' indentation, or inline in an inline array).
// Missing parent objects and the array are added as the last key of their
// parent, as Gemini CLI adds new keys.
//
// data is the file's content and exists says whether the file exists. A
// missing file is created the way Gemini CLI 0.61 creates one
// (JSON.stringify(settings, null, 2), no trailing newline).
//
// The file must be one Gemini CLI accepts (see ParseJSONC): a file that
// does not parse is refused with its file:line:column, as is a parent that
// is not an object or an array that is not an array. The result is parsed
// again and compared with the input before it is returned: apart from the
// array, the document must be unchanged, else PatchStringList fails rather
// than return something unexpected.
//
// changed is false (and out is data) when decide asks for no change.
func PatchStringList(path string, data []byte, exists bool, keys []string, decide DecideFunc) (out []byte, changed bool, err error) {
	if len(keys) == 0 {
		return nil, false, fmt.Errorf("patching %s: no key given", path)
	}
	if !exists {
		change, err := decide(nil)
		if err != nil || change.Empty() {
			return data, false, err
		}
		if len(change.Remove) > 0 {
			return nil, false, fmt.Errorf("patching %s: the list to change does not exist", path)
		}
		return newSettingsFile(keys, change.Append), true, nil
	}
	root, perr := ParseJSONC(path, data)
	if perr != nil {
		return nil, false, perr
	}
	list, perr := findList(path, root, keys)
	if perr != nil {
		return nil, false, perr
	}
	change, err := decide(list)
	if err != nil || change.Empty() {
		return data, false, err
	}
	if err := checkRemovals(path, list, change.Remove); err != nil {
		return nil, false, err
	}
	v, err := hujson.Parse(data)
	if err != nil {
		line, col, msg := SplitHujsonError(err)
		return nil, false, &ParseError{Path: path, Line: line, Column: col,
			Msg: "cannot be edited safely: " + msg}
	}
	newEditor(data, &v).apply(&v, keys, change)
	out = v.Pack()
	if err := verifyPatch(path, root, out, keys, expectedList(list, change)); err != nil {
		return nil, false, err
	}
	return out, true, nil
}

// findList walks keys in root and returns the array (nil when it or a
// parent is missing); a parent that is not an object, or a last value that
// is not an array, is an error placed at that value.
func findList(path string, root *Node, keys []string) (*Node, *ParseError) {
	cur := root
	for i, k := range keys {
		next := cur.Get(k)
		if next == nil {
			return nil, nil
		}
		where := strings.Join(keys[:i+1], ".")
		if i < len(keys)-1 && !next.Is(Object) {
			return nil, &ParseError{Path: path, Line: next.Pos.Line, Column: next.Pos.Column,
				Msg: fmt.Sprintf("%s is %s, not an object, so %s cannot be stored in it; fix it by hand (Gemini CLI would silently not save the change)",
					where, describeKind(next), strings.Join(keys, "."))}
		}
		if i == len(keys)-1 && !next.Is(Array) {
			return nil, &ParseError{Path: path, Line: next.Pos.Line, Column: next.Pos.Column,
				Msg: fmt.Sprintf("%s is %s, not an array of strings; fix it by hand (Gemini CLI would mangle it)", where, describeKind(next))}
		}
		cur = next
	}
	return cur, nil
}

func describeKind(n *Node) string {
	switch n.Kind {
	case Null:
		return "null"
	case Object:
		return "an object"
	case Array:
		return "an array"
	}
	return "a " + n.Kind.String()
}

func checkRemovals(path string, list *Node, remove []int) error {
	seen := map[int]bool{}
	for _, i := range remove {
		if list == nil || i < 0 || i >= len(list.Items) || seen[i] {
			return fmt.Errorf("patching %s: invalid element index %d to remove", path, i)
		}
		seen[i] = true
	}
	return nil
}

// expectedList is the array's value after the change, as plain values.
func expectedList(list *Node, change ListChange) []any {
	out := []any{}
	if list != nil {
		for i, it := range list.Items {
			if !slices.Contains(change.Remove, i) {
				out = append(out, it.Interface())
			}
		}
	}
	for _, s := range change.Append {
		out = append(out, s)
	}
	return out
}
