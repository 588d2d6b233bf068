package settingsio

import (
	"bytes"
	"encoding/json"
	"errors"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/tailscale/hujson"
)

// lineIndex turns byte offsets into 1-based lines and byte columns.
type lineIndex struct{ starts []int }

func newLineIndex(data []byte) *lineIndex {
	starts := make([]int, 1, 64)
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lineIndex{starts: starts}
}

func (l *lineIndex) position(offset int) (line, col int) {
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > offset }) - 1
	return i + 1, offset - l.starts[i] + 1
}

func (l *lineIndex) pos(offset int) Pos {
	line, col := l.position(offset)
	return Pos{Offset: offset, Line: line, Column: col}
}

// offset is the inverse of position; positions without a place map past
// every offset.
func (l *lineIndex) offset(line, col int) int {
	if line < 1 || line > len(l.starts) || col < 1 {
		return int(^uint(0) >> 1)
	}
	return l.starts[line-1] + col - 1
}

// nodeBuilder turns hujson's syntax tree into Nodes, rejecting the trailing
// commas hujson allows and JSON.parse does not.
type nodeBuilder struct {
	lines     *lineIndex
	original  []byte
	err       error
	errOffset int
	// keys holds each member name once (a settings file of 100,000
	// hooks repeats "type" and "command" 100,000 times).
	keys map[string]string
	// trailingOK: trailing commas are allowed (ParseJWCC).
	trailingOK bool
}

// maxKeys bounds the distinct member names keys holds.
const maxKeys = 4096

// key is the member name lit decoded, the same string for the same name.
func (b *nodeBuilder) key(lit hujson.Literal) string {
	body := lit[1 : len(lit)-1]
	if k, ok := b.keys[string(body)]; ok {
		return k
	}
	k := decodeJSONString(lit)
	if len(b.keys) < maxKeys {
		if b.keys == nil {
			b.keys = map[string]string{}
		}
		b.keys[string(body)] = k
	}
	return k
}

var errTrailingComma = errors.New("trailing comma: plain JSON (JSON.parse, serde_json) does not allow a comma before '}' or ']'")

func (b *nodeBuilder) fail(offset int, err error) {
	if b.err == nil {
		b.err, b.errOffset = err, offset
	}
}

// It consumes v: each part of hujson's tree is let go once its Node is
// built, so that the two trees of a large file (hujson's is the larger)
// are not held whole at the same time.
func (b *nodeBuilder) build(v *hujson.Value) *Node {
	n := &Node{Pos: b.lines.pos(v.StartOffset)}
	switch t := v.Value.(type) {
	case *hujson.Object:
		n.Kind = Object
		n.Members = make([]Member, 0, len(t.Members))
		var last trailing
		if k := len(t.Members); k > 0 {
			last = trailingOf(&t.Members[k-1].Value)
		}
		for i := range t.Members {
			m := &t.Members[i]
			key := b.key(m.Name.Value.(hujson.Literal))
			n.Members = append(n.Members, Member{Key: key, KeyPos: b.lines.pos(m.Name.StartOffset), Value: b.build(&m.Value)})
			*m = hujson.ObjectMember{}
		}
		b.checkTrailingComma(last)
	case *hujson.Array:
		n.Kind = Array
		n.Items = make([]*Node, 0, len(t.Elements))
		var last trailing
		if k := len(t.Elements); k > 0 {
			last = trailingOf(&t.Elements[k-1])
		}
		for i := range t.Elements {
			n.Items = append(n.Items, b.build(&t.Elements[i]))
			t.Elements[i] = hujson.Value{}
		}
		b.checkTrailingComma(last)
	case hujson.Literal:
		b.literal(n, t)
	}
	return n
}

// trailing is what checkTrailingComma reads of a container's last value
// (taken before build lets the value go).
type trailing struct {
	comma  bool
	offset int
}

// trailingOf: hujson marks a trailing comma with a non-nil AfterExtra on
// the last value; the comma follows that extra.
func trailingOf(last *hujson.Value) trailing {
	return trailing{comma: last.AfterExtra != nil, offset: last.EndOffset + len(last.AfterExtra)}
}

func (b *nodeBuilder) checkTrailingComma(last trailing) {
	if last.comma && !b.trailingOK {
		b.fail(last.offset, errTrailingComma)
	}
}

func (b *nodeBuilder) literal(n *Node, lit hujson.Literal) {
	switch lit.Kind() {
	case 'n':
		n.Kind = Null
	case 't', 'f':
		n.Kind, n.Bool = Bool, lit.Bool()
	case '"':
		n.Kind = String
		n.Raw = decodeJSONString(lit)
		n.Str = n.Raw
	case '0':
		n.Kind, n.Raw = Number, string(lit)
		// Out-of-range literals become ±Inf or 0, as in JSON.parse.
		n.Number, _ = strconv.ParseFloat(n.Raw, 64)
	}
}

// decodeJSONString unescapes a valid JSON string literal. Invalid UTF-8
// becomes U+FFFD the way Node decodes the file.
func decodeJSONString(lit hujson.Literal) string {
	body := lit[1 : len(lit)-1]
	if bytes.IndexByte(body, '\\') < 0 && utf8.Valid(body) {
		return string(body)
	}
	var s string
	if err := json.Unmarshal(toValidUTF8LikeNode(lit), &s); err != nil {
		return string(body)
	}
	return s
}
