package settingsio

import (
	"encoding/json"
	"math"
	"strconv"
)

// Kind is the JSON type of a Node.
type Kind int

// The JSON kinds.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	switch k {
	case Null:
		return "null"
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	}
	return "unknown"
}

// Pos is a place in a file: a byte offset and the 1-based line and column
// (the column counts bytes, as editors that show "line:col" for UTF-8 do).
type Pos struct {
	Offset int `json:"offset"`
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Node is one JSON value of a settings file, with where it stands in the file.
//
// Strings carry two forms: Raw, the text as written (after JSON unescaping),
// and Str, the value the agent sees after its load-time environment expansion
// (equal to Raw where no expansion applies). Numbers keep their literal text
// in Raw.
type Node struct {
	Kind    Kind
	Pos     Pos
	Bool    bool
	Number  float64
	Str     string
	Raw     string
	Items   []*Node
	Members []Member
}

// Member is one key of an object, in file order.
type Member struct {
	Key    string
	KeyPos Pos
	Value  *Node
}

// Get returns the value of key in an object node, or nil. Like JSON.parse,
// the last of duplicate keys wins.
func (n *Node) Get(key string) *Node {
	if n == nil || n.Kind != Object {
		return nil
	}
	for i := len(n.Members) - 1; i >= 0; i-- {
		if n.Members[i].Key == key {
			return n.Members[i].Value
		}
	}
	return nil
}

// Shadowing returns, for each member of an object that a later member with
// the same key overrides, that later member (the last one, which JSON.parse
// keeps), keyed by the overridden member's index; nil when no key repeats.
func (n *Node) Shadowing() map[int]*Member {
	if n == nil || n.Kind != Object || len(n.Members) < 2 {
		return nil
	}
	last := make(map[string]int, len(n.Members))
	for i, m := range n.Members {
		last[m.Key] = i
	}
	var out map[int]*Member
	for i, m := range n.Members {
		if j := last[m.Key]; j != i {
			if out == nil {
				out = map[int]*Member{}
			}
			out[i] = &n.Members[j]
		}
	}
	return out
}

// Is reports whether n is non-nil and of kind k.
func (n *Node) Is(k Kind) bool { return n != nil && n.Kind == k }

// Truthy reports whether the value is truthy in JavaScript terms, which is
// what the agent tests with `if (!x)`.
func (n *Node) Truthy() bool {
	if n == nil {
		return false
	}
	switch n.Kind {
	case Null:
		return false
	case Bool:
		return n.Bool
	case Number:
		return n.Number != 0 && !math.IsNaN(n.Number)
	case String:
		return n.Str != ""
	}
	return true
}

// Interface converts the node to plain Go values (map[string]any, []any,
// string, float64, bool, nil), using the expanded strings. Object key order
// is lost; use MarshalJSON where order matters.
func (n *Node) Interface() any {
	if n == nil {
		return nil
	}
	switch n.Kind {
	case Bool:
		return n.Bool
	case Number:
		return n.Number
	case String:
		return n.Str
	case Array:
		out := make([]any, len(n.Items))
		for i, it := range n.Items {
			out[i] = it.Interface()
		}
		return out
	case Object:
		out := make(map[string]any, len(n.Members))
		for _, m := range n.Members {
			out[m.Key] = m.Value.Interface()
		}
		return out
	}
	return nil
}

// MarshalJSON renders the node as compact JSON with object keys in file
// order (duplicates collapsed to the last value at the first key's place),
// using the expanded strings.
func (n *Node) MarshalJSON() ([]byte, error) {
	return n.appendJSON(nil), nil
}

func (n *Node) appendJSON(b []byte) []byte {
	if n == nil {
		return append(b, "null"...)
	}
	switch n.Kind {
	case Bool:
		return strconv.AppendBool(b, n.Bool)
	case Number:
		if n.Raw != "" {
			return append(b, n.Raw...)
		}
		return strconv.AppendFloat(b, n.Number, 'g', -1, 64)
	case String:
		s, _ := json.Marshal(n.Str)
		return append(b, s...)
	case Array:
		b = append(b, '[')
		for i, it := range n.Items {
			if i > 0 {
				b = append(b, ',')
			}
			b = it.appendJSON(b)
		}
		return append(b, ']')
	case Object:
		b = append(b, '{')
		seen := make(map[string]bool, len(n.Members))
		first := true
		for _, m := range n.Members {
			if seen[m.Key] {
				continue
			}
			seen[m.Key] = true
			if !first {
				b = append(b, ',')
			}
			first = false
			k, _ := json.Marshal(m.Key)
			b = append(b, k...)
			b = append(b, ':')
			b = n.Get(m.Key).appendJSON(b)
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}
