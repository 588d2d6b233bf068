package settingsio

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// seedFiles is testenv.SettingsSeeds from this folder.
func seedFiles(f *testing.F, add func(data []byte)) {
	f.Helper()
	testenv.SettingsSeeds(f, "..", add)
}

// checkNodes fails when a node of the tree points outside data.
func checkNodes(t *testing.T, n *Node, size int) {
	t.Helper()
	if n.Pos.Offset < 0 || n.Pos.Offset > size || n.Pos.Line < 1 || n.Pos.Column < 1 {
		t.Fatalf("node at %+v outside a %d-byte file", n.Pos, size)
	}
	for _, it := range n.Items {
		checkNodes(t, it, size)
	}
	for _, m := range n.Members {
		checkNodes(t, m.Value, size)
	}
}

// standardJSON reports whether data is a file JSON.parse accepts as is:
// valid JSON (encoding/json agrees with JSON.parse on the grammar), no
// byte order mark, not too deep for Hookwarden.
func standardJSON(data []byte) bool {
	return json.Valid(data) && !bytes.HasPrefix(data, []byte("\xef\xbb\xbf")) && CheckDepth("", data) == nil
}

// FuzzParseJSONC: the Gemini settings loader never panics, and accepts a
// comment-free file exactly when it is standard JSON with an object at the
// top; ParseJSON (extension manifests, Claude Code files) accepts exactly
// standard JSON.
func FuzzParseJSONC(f *testing.F) {
	seedFiles(f, func(b []byte) { f.Add(b) })
	f.Fuzz(func(t *testing.T, data []byte) {
		root, perr := ParseJSONC("settings.json", data)
		if perr != nil {
			if perr.Line < 0 || perr.Column < 0 {
				t.Fatalf("error without a sane place: %v", perr)
			}
		} else {
			if root.Kind != Object {
				t.Fatalf("accepted a %s at the top", root.Kind)
			}
			checkNodes(t, root, len(data))
		}
		plain, perr2 := ParseJSON("m.json", data)
		if ok := perr2 == nil; ok != standardJSON(data) {
			t.Fatalf("ParseJSON accepted=%v, encoding/json says valid=%v (%v)", ok, standardJSON(data), perr2)
		}
		if plain != nil && plain.Kind == Object && perr != nil {
			t.Fatalf("a standard JSON object is refused as JSONC: %v", perr)
		}
	})
}

// FuzzPatchDisabled: Gemini's disable (append a name to
// hooksConfig.disabled) gives a file that still parses, holds the name, and
// is byte-identical outside the array; enabling it again (removing what
// was appended) restores the exact original bytes when the array existed.
func FuzzPatchDisabled(f *testing.F) {
	seedFiles(f, func(b []byte) { f.Add(b, "lint") })
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		before, perr := ParseJSONC("s.json", data)
		if perr != nil {
			if _, _, err := PatchStringList("s.json", data, true, disabledKeys, appendName(name)); err == nil {
				t.Fatal("patched a file that does not parse")
			}
			return
		}
		list := before.Get("hooksConfig").Get("disabled")
		out, changed, err := PatchStringList("s.json", data, true, disabledKeys, appendName(name))
		if err != nil {
			return // a parent that is not an object, an array that is not one: refused
		}
		after, perr := ParseJSONC("s.json", out)
		if perr != nil {
			t.Fatalf("the patched file does not parse: %v\n%s", perr, out)
		}
		got := after.Get("hooksConfig").Get("disabled")
		if !got.Is(Array) || !slices.ContainsFunc(got.Items, func(n *Node) bool { return n.Kind == String && n.Raw == name }) {
			t.Fatalf("%q is not in hooksConfig.disabled after the patch:\n%s", name, out)
		}
		if !changed {
			if !bytes.Equal(out, data) {
				t.Fatal("no change, yet the bytes differ")
			}
			return
		}
		if !list.Is(Array) {
			return // created: nothing to compare byte for byte
		}
		start, end := list.Pos.Offset, len(data)-spanEnd(data, list)
		if !bytes.Equal(out[:start], data[:start]) || !bytes.Equal(out[len(out)-end:], data[len(data)-end:]) {
			t.Fatalf("bytes outside the array changed:\n%q\n%q", data, out)
		}
		back, _, err := PatchStringList("s.json", out, true, disabledKeys, func(l *Node) (ListChange, error) {
			return ListChange{Remove: []int{len(l.Items) - 1}}, nil
		})
		if err != nil {
			t.Fatalf("enable again: %v", err)
		}
		if !bytes.Equal(back, data) {
			t.Fatalf("disable then enable does not restore the file:\n%q\n%q", data, back)
		}
	})
}

func appendName(name string) DecideFunc {
	return func(l *Node) (ListChange, error) {
		if l != nil {
			for _, it := range l.Items {
				if it.Kind == String && it.Raw == name {
					return ListChange{}, nil
				}
			}
		}
		return ListChange{Append: []string{name}}, nil
	}
}

// spanEnd is the offset just past the array node n in data.
func spanEnd(data []byte, n *Node) int {
	depth := 0
	for i := n.Pos.Offset; i < len(data); i++ {
		switch data[i] {
		case '"':
			for i++; i < len(data) && data[i] != '"'; i++ {
				if data[i] == '\\' {
					i++
				}
			}
		case '/':
			if i+1 < len(data) && data[i+1] == '/' {
				for i < len(data) && data[i] != '\n' {
					i++
				}
			} else if i+1 < len(data) && data[i+1] == '*' {
				for i += 2; i+1 < len(data) && !(data[i] == '*' && data[i+1] == '/'); i++ {
				}
				i++
			}
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(data)
}
