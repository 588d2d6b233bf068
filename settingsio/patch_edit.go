package settingsio

import (
	"bytes"
	"slices"

	"github.com/tailscale/hujson"
)

// editor applies a ListChange to a hujson tree, laying out what it adds
// like the text around it.
type editor struct {
	nl    string // the file's line break, where no neighbour shows one
	unit  string // one level of indentation
	colon []byte // what follows ':' before a value
}

// place says how the children of a container are laid out when it has none
// to copy from.
type place struct {
	multiline bool   // one child per line
	indent    string // indentation of the line the container opens on
}

// stringifyEditor lays out a new file as JSON.stringify(…, null, 2) does.
var stringifyEditor = editor{nl: "\n", unit: "  ", colon: []byte(" ")}

// newEditor reads the file's conventions: its line break, the indentation
// of the top-level keys and the space after their colons.
func newEditor(data []byte, root *hujson.Value) *editor {
	e := stringifyEditor
	if i := bytes.IndexByte(data, '\n'); i > 0 && data[i-1] == '\r' {
		e.nl = "\r\n"
	}
	obj, _ := root.Value.(*hujson.Object)
	if obj == nil {
		return &e
	}
	for _, m := range obj.Members {
		if ind, ok := indentAfterLastBreak(m.Name.BeforeExtra); ok {
			if ind != "" {
				e.unit = ind
			}
			break
		}
	}
	if len(obj.Members) > 0 {
		if c := obj.Members[0].Value.BeforeExtra; !hasBreak(c) && isBlank(c) {
			e.colon = concat(c)
		}
	}
	return &e
}

// newSettingsFile is the file Gemini CLI 0.61 writes when a settings file
// does not exist yet: the one setting, JSON.stringify(…, null, 2), no
// newline at the end.
func newSettingsFile(keys []string, values []string) []byte {
	v := hujson.Value{Value: &hujson.Object{}}
	e := stringifyEditor
	e.apply(&v, keys, ListChange{Append: values})
	return v.Pack()
}

// apply walks keys from root (adding missing objects and the array) and
// changes the array.
func (e *editor) apply(root *hujson.Value, keys []string, change ListChange) {
	cur := root
	p := place{multiline: true}
	for i, k := range keys {
		obj := cur.Value.(*hujson.Object)
		m := lastMember(obj, k)
		if m == nil {
			var value hujson.ValueTrimmed = &hujson.Array{}
			if i < len(keys)-1 {
				value = &hujson.Object{}
			}
			m = e.appendMember(obj, k, value, p)
		}
		p = childPlace(p, m)
		cur = &m.Value
	}
	arr := cur.Value.(*hujson.Array)
	removeElements(arr, change.Remove)
	for _, s := range change.Append {
		e.appendElement(arr, s, p)
	}
}

// lastMember returns the last member named key (the one JSON.parse keeps).
func lastMember(obj *hujson.Object, key string) *hujson.ObjectMember {
	for i := len(obj.Members) - 1; i >= 0; i-- {
		if name, ok := obj.Members[i].Name.Value.(hujson.Literal); ok && name.String() == key {
			return &obj.Members[i]
		}
	}
	return nil
}

// childPlace is the place of a member's value: multi-line when the member
// starts its own line, at that line's indentation.
func childPlace(parent place, m *hujson.ObjectMember) place {
	if ind, ok := indentAfterLastBreak(m.Name.BeforeExtra); ok {
		return place{multiline: true, indent: ind}
	}
	return place{multiline: false, indent: parent.indent}
}

// appendMember adds "key": value as the last member of obj.
func (e *editor) appendMember(obj *hujson.Object, key string, value hujson.ValueTrimmed, p place) *hujson.ObjectMember {
	n := len(obj.Members)
	colon := e.colon
	var lastBefore, nameAfter []byte
	if n > 0 {
		last := obj.Members[n-1]
		lastBefore = last.Name.BeforeExtra
		if c := last.Value.BeforeExtra; !hasBreak(c) && isBlank(c) {
			colon = c
		}
		if a := last.Name.AfterExtra; isBlank(a) && !hasBreak(a) {
			nameAfter = a
		}
	}
	before, closing := e.slotAtEnd(n, lastBefore, obj.AfterExtra, p)
	obj.Members = append(obj.Members, hujson.ObjectMember{
		Name:  hujson.Value{BeforeExtra: before, Value: hujson.String(key), AfterExtra: concat(nameAfter)},
		Value: hujson.Value{BeforeExtra: concat(colon), Value: value},
	})
	obj.AfterExtra = closing
	return &obj.Members[len(obj.Members)-1]
}

// appendElement adds a string as the last element of arr.
func (e *editor) appendElement(arr *hujson.Array, s string, p place) {
	n := len(arr.Elements)
	var lastBefore []byte
	if n > 0 {
		lastBefore = arr.Elements[n-1].BeforeExtra
	}
	before, closing := e.slotAtEnd(n, lastBefore, arr.AfterExtra, p)
	arr.Elements = append(arr.Elements, hujson.Value{BeforeExtra: before, Value: hujson.String(s)})
	arr.AfterExtra = closing
}

// slotAtEnd returns the extra to put before a new last child of a
// container that has n children (lastBefore is the extra before the
// current last one) and the container's new closing extra (the one before
// its '}' or ']').
//
// Children one per line: the new one gets its own line, indented like the
// last; a comment on the last child's line stays on that line (the comma
// goes before it). Inline children: the new one follows inline. An empty
// container is opened up (in a multi-line place) or filled inline.
func (e *editor) slotAtEnd(n int, lastBefore, closing []byte, p place) (before, newClosing []byte) {
	if n > 0 {
		if ind, ok := indentAfterLastBreak(lastBefore); ok {
			if hasBreak(closing) {
				return concat(beforeLastBreak(closing), []byte(lastBreakText(closing)), []byte(ind)), concat(fromLastBreak(closing))
			}
			return concat([]byte(e.nl), []byte(ind)), concat(closing)
		}
		sep := []byte(" ")
		if n > 1 && isBlank(lastBefore) {
			sep = lastBefore
		}
		return concat(sep), concat(closing)
	}
	if ind, ok := indentAfterLastBreak(closing); ok {
		return concat(beforeLastBreak(closing), []byte(lastBreakText(closing)), []byte(ind+e.unit)), concat(fromLastBreak(closing))
	}
	if p.multiline {
		var head []byte
		if !isBlank(closing) {
			head = trimTrailingBlanks(closing)
		}
		return concat(head, []byte(e.nl+p.indent+e.unit)), []byte(e.nl + p.indent)
	}
	return concat(closing), concat(closing)
}

// removeElements deletes the elements at idx. A removed element takes its
// line with it, including a comment at the end of that line; comments on
// lines of their own stay. An array left empty with nothing but whitespace
// inside becomes [].
func removeElements(arr *hujson.Array, idx []int) {
	if len(idx) == 0 {
		return
	}
	order := slices.Clone(idx)
	slices.Sort(order)
	slices.Reverse(order)
	for _, i := range order {
		removed := arr.Elements[i].BeforeExtra
		if i < len(arr.Elements)-1 {
			next := &arr.Elements[i+1]
			if hasBreak(next.BeforeExtra) {
				next.BeforeExtra = concat(beforeLastBreak(removed), fromFirstBreak(next.BeforeExtra))
			} else {
				next.BeforeExtra = concat(removed)
			}
		} else {
			var prevAfter []byte
			if i > 0 {
				// The element before becomes the last: no comma after it, so
				// what stood before that comma moves to the closing extra.
				prevAfter = arr.Elements[i-1].AfterExtra
				arr.Elements[i-1].AfterExtra = nil
			}
			if hasBreak(arr.AfterExtra) {
				arr.AfterExtra = concat(prevAfter, beforeLastBreak(removed), fromFirstBreak(arr.AfterExtra))
			} else {
				arr.AfterExtra = concat(prevAfter, trimTrailingBlanks(removed), arr.AfterExtra)
			}
		}
		arr.Elements = slices.Delete(arr.Elements, i, i+1)
	}
	if len(arr.Elements) == 0 && isBlank(arr.AfterExtra) {
		arr.AfterExtra = nil
	}
}
