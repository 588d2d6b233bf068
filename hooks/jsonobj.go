package hooks

import "strconv"

// Value is a JSON value as JavaScript holds it after JSON.parse:
//
//	nil       null
//	bool      true / false
//	float64   a number (IEEE double, as in JavaScript)
//	string    a string; UTF-8, with lone UTF-16 surrogates kept as WTF-8
//	*Object   an object, keys in JavaScript property order
//	[]Value   an array
//
// Hook stdin, hook output and the aggregated result are built from these so
// that key order and the JavaScript coercions come out as in Gemini CLI.
type Value = any

// Object is a JavaScript object with own enumerable data properties only.
// Keys come out in JavaScript's order: integer-like keys ("0", "17") first in
// ascending numeric order, then the other keys in insertion order. Setting
// an existing key keeps its place. The zero value is an empty object.
type Object struct {
	keys []string
	vals map[string]Value
	// intKeys counts integer-like keys; when zero, keys is already in
	// property order.
	intKeys int
}

// NewObject returns an empty object with room for n keys.
func NewObject(n int) *Object {
	return &Object{keys: make([]string, 0, n), vals: make(map[string]Value, n)}
}

// Len is the number of keys.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	return len(o.keys)
}

// Has reports whether key is present (JavaScript's `key in obj` for a plain
// object).
func (o *Object) Has(key string) bool {
	if o == nil {
		return false
	}
	_, ok := o.vals[key]
	return ok
}

// Get returns the value of key and whether it is present.
func (o *Object) Get(key string) (Value, bool) {
	if o == nil {
		return nil, false
	}
	v, ok := o.vals[key]
	return v, ok
}

// Value returns the value of key, or nil (undefined and null alike).
func (o *Object) Value(key string) Value {
	v, _ := o.Get(key)
	return v
}

// Set sets key to v, appending key if it is new.
func (o *Object) Set(key string, v Value) {
	if o.vals == nil {
		o.vals = make(map[string]Value)
	}
	if _, ok := o.vals[key]; !ok {
		o.keys = append(o.keys, key)
		if isArrayIndex(key) {
			o.intKeys++
		}
	}
	o.vals[key] = v
}

// Delete removes key.
func (o *Object) Delete(key string) {
	if !o.Has(key) {
		return
	}
	delete(o.vals, key)
	for i, k := range o.keys {
		if k == key {
			o.keys = append(o.keys[:i:i], o.keys[i+1:]...)
			break
		}
	}
	if isArrayIndex(key) {
		o.intKeys--
	}
}

// Keys returns the keys in JavaScript property order.
func (o *Object) Keys() []string {
	if o == nil {
		return nil
	}
	if o.intKeys == 0 {
		return o.keys
	}
	out := make([]string, 0, len(o.keys))
	var ints []string
	for _, k := range o.keys {
		if isArrayIndex(k) {
			ints = append(ints, k)
		}
	}
	sortIndexKeys(ints)
	out = append(out, ints...)
	for _, k := range o.keys {
		if !isArrayIndex(k) {
			out = append(out, k)
		}
	}
	return out
}

// Clone returns a shallow copy ({...o}).
func (o *Object) Clone() *Object {
	c := NewObject(o.Len())
	for _, k := range o.Keys() {
		c.Set(k, o.vals[k])
	}
	return c
}

// MarshalJSON renders the object as JSON.stringify does.
func (o *Object) MarshalJSON() ([]byte, error) { return AppendJSON(nil, o), nil }

// isArrayIndex reports whether key is a canonical array index (0 … 2³²−2),
// the keys JavaScript orders first.
func isArrayIndex(key string) bool {
	if key == "" || len(key) > 10 || (len(key) > 1 && key[0] == '0') {
		return false
	}
	for i := 0; i < len(key); i++ {
		if key[i] < '0' || key[i] > '9' {
			return false
		}
	}
	n, err := strconv.ParseUint(key, 10, 64)
	return err == nil && n < 1<<32-1
}

func sortIndexKeys(ks []string) {
	// insertion sort: index keys are rare and few
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && indexLess(ks[j], ks[j-1]); j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
}

func indexLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}
