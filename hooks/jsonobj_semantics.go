package hooks

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/settingsio"
)

// JavaScript semantics over Value: truthiness, String(), object spread,
// UTF-16 lengths and ordering, and JSON.stringify.

// appendWTF8 appends r, encoding a lone surrogate as its 3-byte
// generalised UTF-8 form (which Go's utf8 package would refuse).
func appendWTF8(b []byte, r rune) []byte {
	if r >= 0xD800 && r < 0xE000 {
		return append(b, byte(0xE0|r>>12), byte(0x80|(r>>6)&0x3F), byte(0x80|r&0x3F))
	}
	return utf8.AppendRune(b, r)
}

// decodeWTF8 decodes one code point of s at i, accepting encoded lone
// surrogates; invalid bytes decode as U+FFFD of width 1.
func DecodeWTF8(s string, i int) (rune, int) {
	if i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80 {
		return rune(s[i]&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	}
	return utf8.DecodeRuneInString(s[i:])
}

// utf16Units returns the UTF-16 code units of s (JavaScript's view).
func utf16Units(s string) []uint16 {
	out := make([]uint16, 0, len(s))
	for i := 0; i < len(s); {
		r, n := DecodeWTF8(s, i)
		i += n
		if r >= 0x10000 {
			hi, lo := utf16.EncodeRune(r)
			out = append(out, uint16(hi), uint16(lo))
		} else {
			out = append(out, uint16(r))
		}
	}
	return out
}

// UTF16Len is JavaScript's s.length.
func UTF16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		r, w := DecodeWTF8(s, i)
		i += w
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// WellFormed replaces lone surrogates with U+FFFD, as Node does when it
// encodes a string to UTF-8.
func WellFormed(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		r, n := DecodeWTF8(s, i)
		i += n
		if r >= 0xD800 && r < 0xE000 {
			r = utf8.RuneError
		}
		b = utf8.AppendRune(b, r)
	}
	return string(b)
}

// compareUTF16 orders strings by UTF-16 code units, as Array.prototype.sort
// does by default.
func CompareUTF16(a, b string) int {
	ua, ub := utf16Units(a), utf16Units(b)
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			if ua[i] < ub[i] {
				return -1
			}
			return 1
		}
	}
	return len(ua) - len(ub)
}

// Truthy is JavaScript's Boolean(v).
func Truthy(v Value) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0 && !math.IsNaN(x)
	case string:
		return x != ""
	}
	return true
}

// isObjectLike reports typeof v === 'object' && v !== null.
func IsObjectLike(v Value) bool {
	switch v.(type) {
	case *Object, []Value:
		return true
	}
	return false
}

// ToJSString is JavaScript's String(v).
func ToJSString(v Value) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return settingsio.FormatJSNumber(x)
	case string:
		return x
	case []Value:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil {
				parts[i] = ToJSString(e)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}

// spreadInto copies v's own enumerable properties into dst, as {...v}:
// objects key by key, arrays and strings by index (strings by UTF-16 code
// unit), everything else nothing.
func SpreadInto(dst *Object, v Value) {
	switch x := v.(type) {
	case *Object:
		for _, k := range x.Keys() {
			dst.Set(k, x.vals[k])
		}
	case []Value:
		for i, e := range x {
			dst.Set(strconv.Itoa(i), e)
		}
	case string:
		for i, u := range utf16Units(x) {
			dst.Set(strconv.Itoa(i), string(appendWTF8(nil, rune(u))))
		}
	}
}

// inOperator is JavaScript's `key in v`. It fails with V8's TypeError text
// for primitives (the caller only reaches it for truthy values).
func InOperator(key string, v Value) (bool, error) {
	switch x := v.(type) {
	case *Object:
		return x.Has(key), nil
	case []Value:
		if isArrayIndex(key) {
			n, _ := strconv.Atoi(key)
			return n < len(x), nil
		}
		return key == "length", nil
	}
	return false, &JSTypeError{Msg: "Cannot use 'in' operator to search for '" + key + "' in " + ToJSString(v)}
}

// jsTypeError is a TypeError the reference code would throw.
type JSTypeError struct{ Msg string }

func (e *JSTypeError) Error() string { return e.Msg }

// property reads v[key] for the value kinds JSON produces.
func Property(v Value, key string) (Value, bool) {
	switch x := v.(type) {
	case *Object:
		return x.Get(key)
	case []Value:
		if isArrayIndex(key) {
			n, _ := strconv.Atoi(key)
			if n < len(x) {
				return x[n], true
			}
		}
		if key == "length" {
			return float64(len(x)), true
		}
	case string:
		if key == "length" {
			return float64(UTF16Len(x)), true
		}
	}
	return nil, false
}

// AppendJSON appends JSON.stringify(v) (compact) to b.
func AppendJSON(b []byte, v Value) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case bool:
		return strconv.AppendBool(b, x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return append(b, "null"...)
		}
		return append(b, settingsio.FormatJSNumber(x)...)
	case string:
		return appendJSONString(b, x)
	case []Value:
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendJSON(b, e)
		}
		return append(b, ']')
	case *Object:
		if x == nil {
			return append(b, "null"...)
		}
		b = append(b, '{')
		for i, k := range x.Keys() {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, k)
			b = append(b, ':')
			b = AppendJSON(b, x.vals[k])
		}
		return append(b, '}')
	}
	return append(b, "null"...)
}

const hexDigits = "0123456789abcdef"

// appendJSONString quotes s as JSON.stringify does: only ", \ and control
// characters are escaped, lone surrogates become \udxxx.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < 0x80 {
			i++
			continue
		}
		if c >= 0x80 {
			r, n := DecodeWTF8(s, i)
			if r >= 0xD800 && r < 0xE000 && n == 3 {
				b = append(b, s[start:i]...)
				b = append(b, '\\', 'u', hexDigits[r>>12&0xF], hexDigits[r>>8&0xF], hexDigits[r>>4&0xF], hexDigits[r&0xF])
				i += n
				start = i
				continue
			}
			i += n
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"':
			b = append(b, '\\', '"')
		case '\\':
			b = append(b, '\\', '\\')
		case '\b':
			b = append(b, '\\', 'b')
		case '\f':
			b = append(b, '\\', 'f')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// isJSSpace reports whether r is whitespace or a line terminator for
// String.prototype.trim and the regex class \s.
func IsJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}

// jsTrim is String.prototype.trim.
func JSTrim(s string) string { return strings.TrimFunc(s, IsJSSpace) }
