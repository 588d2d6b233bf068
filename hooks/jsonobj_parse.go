package hooks

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// ParseJSON parses text as JavaScript's JSON.parse does: strict JSON,
// whitespace limited to space, tab, CR and LF, numbers as doubles (huge
// ones become ±Infinity), duplicate keys keep their first place and take the
// last value, and \u escapes of lone surrogates are kept (as WTF-8).
func ParseJSON(text string) (Value, error) {
	p := jsonParser{s: text}
	p.skipSpace()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.skipSpace()
	if p.i != len(p.s) {
		return nil, p.errorf("unexpected non-whitespace character after JSON")
	}
	return v, nil
}

// maxJSONDepth bounds nesting so hostile output cannot exhaust the stack.
const maxJSONDepth = 10000

type jsonParser struct {
	s string
	i int
}

func (p *jsonParser) errorf(format string, a ...any) error {
	return &JSONError{Offset: p.i, Msg: fmt.Sprintf(format, a...)}
}

// JSONError is a JSON syntax error at a byte offset of the text, worded
// like V8's JSON.parse ("JSON at position N: …").
type JSONError struct {
	Offset int
	Msg    string
}

func (e *JSONError) Error() string { return fmt.Sprintf("JSON at position %d: %s", e.Offset, e.Msg) }

// LineColumn returns the 1-based line and column (in characters) of the
// error in text.
func (e *JSONError) LineColumn(text string) (line, col int) {
	off := min(e.Offset, len(text))
	line, start := 1, 0
	for i := 0; i < off; i++ {
		if text[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	return line, utf8.RuneCountInString(text[start:off]) + 1
}

func (p *jsonParser) skipSpace() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jsonParser) value(depth int) (Value, error) {
	if depth > maxJSONDepth {
		return nil, p.errorf("nesting too deep")
	}
	if p.i >= len(p.s) {
		return nil, p.errorf("unexpected end of JSON input")
	}
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.str()
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case p.literal("true"):
		return true, nil
	case p.literal("false"):
		return false, nil
	case p.literal("null"):
		return nil, nil
	}
	return nil, p.errorf("unexpected token %q", p.s[p.i])
}

func (p *jsonParser) literal(word string) bool {
	if len(p.s)-p.i >= len(word) && p.s[p.i:p.i+len(word)] == word {
		p.i += len(word)
		return true
	}
	return false
}

func (p *jsonParser) object(depth int) (Value, error) {
	p.i++ // {
	o := NewObject(4)
	p.skipSpace()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return o, nil
	}
	for {
		p.skipSpace()
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return nil, p.errorf("expected property name")
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		p.skipSpace()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, p.errorf("expected ':' after property name")
		}
		p.i++
		p.skipSpace()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		o.Set(k, v)
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, p.errorf("unterminated object")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return o, nil
		default:
			return nil, p.errorf("expected ',' or '}' after property value")
		}
	}
}

func (p *jsonParser) array(depth int) (Value, error) {
	p.i++ // [
	out := []Value{}
	p.skipSpace()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return out, nil
	}
	for {
		p.skipSpace()
		v, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, p.errorf("unterminated array")
		}
		switch p.s[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return out, nil
		default:
			return nil, p.errorf("expected ',' or ']' after array element")
		}
	}
}

func (p *jsonParser) number() (Value, error) {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.i < len(p.s) && p.s[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return nil, p.errorf("no number after minus sign")
	}
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, p.errorf("unterminated fractional number")
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, p.errorf("exponent part is missing a number")
		}
	}
	f, err := strconv.ParseFloat(p.s[start:p.i], 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return nil, p.errorf("bad number")
	}
	return f, nil
}

func (p *jsonParser) str() (string, error) {
	p.i++ // opening quote
	start := p.i
	// fast path: no escapes
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '"' {
			s := p.s[start:p.i]
			p.i++
			return s, nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", p.errorf("bad control character in string literal")
		}
		p.i++
	}
	buf := []byte(p.s[start:p.i])
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return string(buf), nil
		case c < 0x20:
			return "", p.errorf("bad control character in string literal")
		case c != '\\':
			buf = append(buf, c)
			p.i++
			continue
		}
		p.i++
		if p.i >= len(p.s) {
			break
		}
		e := p.s[p.i]
		p.i++
		switch e {
		case '"', '\\', '/':
			buf = append(buf, e)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case 't':
			buf = append(buf, '\t')
		case 'u':
			u, ok := p.hex4()
			if !ok {
				return "", p.errorf("bad Unicode escape")
			}
			if u >= 0xD800 && u < 0xDC00 && p.i+6 <= len(p.s) && p.s[p.i] == '\\' && p.s[p.i+1] == 'u' {
				save := p.i
				p.i += 2
				if lo, ok := p.hex4(); ok && lo >= 0xDC00 && lo < 0xE000 {
					buf = utf8.AppendRune(buf, 0x10000+(rune(u)-0xD800)<<10+(rune(lo)-0xDC00))
					continue
				}
				p.i = save
			}
			buf = appendWTF8(buf, rune(u))
		default:
			return "", p.errorf("bad escaped character")
		}
	}
	return "", p.errorf("unterminated string in JSON")
}

func (p *jsonParser) hex4() (uint16, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	v, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 16)
	if err != nil {
		return 0, false
	}
	p.i += 4
	return uint16(v), true
}
