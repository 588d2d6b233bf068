package trust

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
)

// NotUTF8Error is a name the store would have to hold as a key (a
// project folder, a script's path) that is not valid UTF-8: JSON cannot
// hold it, so nothing is recorded under it.
type NotUTF8Error struct{ Name string }

func (e *NotUTF8Error) Error() string {
	return fmt.Sprintf("the approval could not be recorded: %q is not valid UTF-8, and Hookwarden's store (JSON) cannot hold such a name (a folder, file or hook named with such bytes cannot be approved until it is renamed)", e.Name)
}

// indented is json.MarshalIndent(d, "", "  ") byte for byte, built one
// record at a time: the store's objects (its projects, their maps of
// records, the contents, the agents' sections down to their maps of
// records) are written here, and only each record in them (an approval,
// a script text) goes through encoding/json. MarshalIndent of the whole
// store holds it about three times over while it encodes
// (StoreData.MarshalJSON's compact text, encoding/json's copy of it and
// the indented text, each grown by doubling). sizeHint is the expected
// length (the store file read before the update: approving again writes
// about as much), so that the text is allocated once.
func (d *StoreData) indented(sizeHint int) ([]byte, error) {
	return d.encode(sizeHint, false)
}

// encode is indented, refusing with a *NotUTF8Error a key that is not
// valid UTF-8 when strict (what Store.Update writes): encoding/json would
// write U+FFFD for its bytes, a record under another name that nothing
// would ever find.
func (d *StoreData) encode(sizeHint int, strict bool) ([]byte, error) {
	sf := storeFile(*d)
	members, ok := structMembers(reflect.ValueOf(&sf).Elem())
	if !ok { // cannot happen for storeFile; stay exact anyway
		return json.MarshalIndent(d, "", "  ")
	}
	keys := slices.Sorted(maps.Keys(d.sections))
	for k := range d.raw {
		if _, dup := d.sections[k]; !dup {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		if isStoreField(k) {
			continue
		}
		if s, typed := d.sections[k]; typed {
			members = append(members, member{k, reflect.ValueOf(&s).Elem()})
		} else if v, ok := d.raw[k]; ok {
			members = append(members, member{k, reflect.ValueOf(json.RawMessage(v))})
		}
	}
	e := &storeEncoder{buf: make([]byte, 0, sizeHint+sizeHint/16+4096), strict: strict}
	if err := e.object(members, 0); err != nil {
		return nil, err
	}
	return e.buf, nil
}

// storeEncoder writes encoding/json's indented text ("  " per level, no
// prefix) of values it walks itself (maps with string keys, plain
// structs) and of the leaves it hands to encoding/json.
type storeEncoder struct {
	buf     []byte
	scratch bytes.Buffer
	strict  bool // keys must be valid UTF-8 (encode)
}

func (e *storeEncoder) write(b ...byte) { e.buf = append(e.buf, b...) }

func (e *storeEncoder) writeString(s string) { e.buf = append(e.buf, s...) }

type member struct {
	name string
	v    reflect.Value
}

var (
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
)

// custom reports whether t encodes itself (json.Marshaler or
// encoding.TextMarshaler on t or *t): such a value is a leaf.
func custom(t reflect.Type) bool {
	for _, u := range []reflect.Type{t, reflect.PointerTo(t)} {
		if u.Implements(jsonMarshaler) || u.Implements(textMarshaler) {
			return true
		}
	}
	return false
}

func (e *storeEncoder) newline(depth int) {
	e.write('\n')
	for range depth {
		e.write(' ', ' ')
	}
}

// value writes v at nesting depth (its first line continues the current
// one, as after `"key": `).
func (e *storeEncoder) value(v reflect.Value, depth int) error {
	for v.Kind() == reflect.Interface || v.Kind() == reflect.Pointer {
		if v.IsNil() {
			e.writeString("null")
			return nil
		}
		if custom(v.Type()) {
			return e.leaf(v, depth)
		}
		v = v.Elem()
	}
	if custom(v.Type()) {
		return e.leaf(v, depth)
	}
	switch v.Kind() {
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			return e.leaf(v, depth)
		}
		if v.IsNil() {
			e.writeString("null")
			return nil
		}
		keys := make([]string, 0, v.Len())
		vals := make(map[string]reflect.Value, v.Len())
		for it := v.MapRange(); it.Next(); {
			k := it.Key().String()
			keys = append(keys, k)
			vals[k] = it.Value()
		}
		slices.Sort(keys)
		members := make([]member, len(keys))
		for i, k := range keys {
			members[i] = member{k, vals[k]}
		}
		return e.object(members, depth)
	case reflect.Struct:
		if !holdsRecords(v.Type()) {
			return e.leaf(v, depth) // a record: one call of encoding/json
		}
		members, ok := structMembers(v)
		if !ok {
			return e.leaf(v, depth)
		}
		return e.object(members, depth)
	}
	return e.leaf(v, depth)
}

func (e *storeEncoder) object(members []member, depth int) error {
	if len(members) == 0 {
		e.writeString("{}")
		return nil
	}
	e.write('{')
	for i, m := range members {
		if i > 0 {
			e.write(',')
		}
		e.newline(depth + 1)
		if e.strict && !utf8.ValidString(m.name) {
			return &NotUTF8Error{Name: m.name}
		}
		name, err := json.Marshal(m.name)
		if err != nil {
			return err
		}
		e.write(name...)
		e.write(':', ' ')
		if err := e.value(m.v, depth+1); err != nil {
			return err
		}
	}
	e.newline(depth)
	e.write('}')
	return nil
}

// leaf writes v through encoding/json, indented as it would be at depth.
func (e *storeEncoder) leaf(v reflect.Value, depth int) error {
	var x any
	if v.CanAddr() {
		// encoding/json uses the pointer methods of an addressable value
		// (its fields' too): keep it addressable
		x = v.Addr().Interface()
	} else {
		x = v.Interface()
	}
	compact, err := json.Marshal(x)
	if err != nil {
		return err
	}
	e.scratch.Reset()
	if err := json.Indent(&e.scratch, compact, strings.Repeat("  ", depth), "  "); err != nil {
		return err
	}
	e.write(e.scratch.Bytes()...)
	return nil
}

// holdsRecords reports whether the struct type t has a field that is a
// map of records (of pointers, structs, maps or interfaces; or a pointer
// to such a map): a part of the store this encoder walks into. A struct
// whose maps hold strings (an approval's fields) is a record.
func holdsRecords(t reflect.Type) bool {
	for i := range t.NumField() {
		ft := t.Field(i).Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if ft.Kind() == reflect.Map {
			switch ft.Elem().Kind() {
			case reflect.Pointer, reflect.Struct, reflect.Map, reflect.Interface:
				return true
			}
		}
	}
	return false
}

// structMembers lists the members encoding/json writes for the struct v,
// in its order, or ok false for a struct this encoder leaves to
// encoding/json whole (an embedded field, a tag option other than
// omitempty, a name it would not take as written, two fields of one name).
func structMembers(v reflect.Value) ([]member, bool) {
	t := v.Type()
	var out []member
	seen := map[string]bool{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			return nil, false
		}
		if !f.IsExported() {
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if opts != "" && opts != "omitempty" {
			return nil, false
		}
		if name == "" {
			name = f.Name
		}
		if !tagNameAsIs(name) || seen[name] {
			return nil, false
		}
		seen[name] = true
		fv := v.Field(i)
		if opts == "omitempty" && emptyValue(fv) {
			continue
		}
		out = append(out, member{name, fv})
	}
	return out, true
}

// tagNameAsIs reports whether encoding/json takes name as written (a tag
// name of letters, digits and _-).
func tagNameAsIs(name string) bool {
	for _, c := range name {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-':
		default:
			return false
		}
	}
	return name != ""
}

// emptyValue is encoding/json's isEmptyValue (what omitempty omits).
func emptyValue(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool:
		return !v.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return v.Int() == 0
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0
	case reflect.Interface, reflect.Pointer:
		return v.IsNil()
	}
	return false
}
