package hooks

import (
	"unicode/utf8"
)

// Output formats of a hook result.
const (
	FormatJSON = "json"
	FormatText = "text"
)

// ParsedOutput is what HookRunner makes of a finished hook's streams.
type ParsedOutput struct {
	// Output is the hook's output object (*Object, or []Value for a JSON
	// array), nil when there is none.
	Output Value
	// Format is FormatJSON, FormatText or "" (no output).
	Format string
	// Text is the trimmed text that was parsed, FromStderr says it came
	// from stderr because trimmed stdout was empty.
	Text       string
	FromStderr bool
	// NonObject is the JSON value that parsed but was not an object
	// (number, boolean, null or a string holding one); Gemini drops it.
	NonObject    Value
	HasNonObject bool
	// DoubleEncoded says the JSON was a string holding the JSON.
	DoubleEncoded bool
}

// ParseHookOutput follows HookRunner's close handler: the trimmed stdout,
// or the trimmed stderr when stdout is blank, is parsed as JSON (a JSON
// string is parsed once more); an object or array is the output; any other
// JSON value gives no output; text that does not parse is converted by exit
// code (code is exitCode || 0).
func ParseHookOutput(stdout, stderr string, code int) ParsedOutput {
	var p ParsedOutput
	p.Text = jsTrim(stdout)
	if p.Text == "" {
		p.Text = jsTrim(stderr)
		p.FromStderr = p.Text != ""
	}
	if p.Text == "" {
		return p
	}
	v, err := ParseJSON(p.Text)
	if err == nil {
		if s, ok := v.(string); ok {
			p.DoubleEncoded = true
			v, err = ParseJSON(s)
		}
	}
	if err != nil {
		p.Output, p.Format = PlainTextOutput(p.Text, code), FormatText
		return p
	}
	if isObjectLike(v) {
		p.Output, p.Format = v, FormatJSON
		return p
	}
	p.NonObject, p.HasNonObject = v, true
	return p
}

// PlainTextOutput is convertPlainTextToHookOutput: exit 0 allows with the
// text as systemMessage, exit 1 allows with "Warning: " + text, any other
// code denies with the text as reason.
func PlainTextOutput(text string, code int) *Object {
	o := NewObject(2)
	switch code {
	case 0:
		o.Set("decision", "allow")
		o.Set("systemMessage", text)
	case 1:
		o.Set("decision", "allow")
		o.Set("systemMessage", "Warning: "+text)
	default:
		o.Set("decision", "deny")
		o.Set("reason", text)
	}
	return o
}

// DecodeUTF8 decodes b as Node's Buffer.toString('utf8') (the WHATWG UTF-8
// decoder): each maximal invalid subpart becomes one U+FFFD.
func DecodeUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			out = append(out, b[i])
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || n > 1 {
			out = append(out, b[i:i+n]...)
			i += n
			continue
		}
		out = append(out, "\uFFFD"...)
		i += invalidSubpartLen(b[i:])
	}
	return string(out)
}

// invalidSubpartLen is the length of the maximal subpart of an ill-formed
// sequence at the start of b (at least 1), per the WHATWG decoder.
func invalidSubpartLen(b []byte) int {
	c := b[0]
	var need int
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c >= 0xE1 && c <= 0xEC, c == 0xEE, c == 0xEF:
		need = 2
	case c == 0xED:
		need, hi = 2, 0x9F
	case c == 0xF0:
		need, lo = 3, 0x90
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	case c == 0xF4:
		need, hi = 3, 0x8F
	default:
		return 1
	}
	n := 1
	for ; n <= need && n < len(b); n++ {
		if b[n] < lo || b[n] > hi {
			return n
		}
		lo, hi = 0x80, 0xBF
	}
	return n
}
