package hooks

import (
	"crypto/rand"
	"fmt"
	"regexp"
)

// MapStrings returns a copy of v with f applied to every string value
// (object keys stay as they are).
func MapStrings(v Value, f func(string) string) Value {
	switch t := v.(type) {
	case string:
		return f(t)
	case []Value:
		out := make([]Value, len(t))
		for i, x := range t {
			out[i] = MapStrings(x, f)
		}
		return out
	case *Object:
		if t == nil {
			return t
		}
		out := NewObject(t.Len())
		for _, k := range t.Keys() {
			out.Set(k, MapStrings(t.Value(k), f))
		}
		return out
	}
	return v
}

var templateVar = regexp.MustCompile(`\$\{([A-Z_]+)\}`)

// FillTemplate returns a copy of a sample payload v with every ${NAME} in
// its strings replaced by vars[NAME]; a placeholder vars lacks stays.
func FillTemplate(v Value, vars map[string]string) Value {
	return MapStrings(v, func(s string) string {
		return templateVar.ReplaceAllStringFunc(s, func(m string) string {
			if s, ok := vars[m[2:len(m)-1]]; ok {
				return s
			}
			return m
		})
	})
}

// NewUUID is a random (version 4) UUID, as the agents make session IDs.
func NewUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
