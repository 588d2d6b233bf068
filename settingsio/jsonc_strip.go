package settingsio

import "unicode/utf8"

// commentSpan is a comment's byte range [Start, End) in a file.
type commentSpan struct{ Start, End int }

// stripComments does what strip-json-comments 3.1.1 (which Gemini CLI runs
// before JSON.parse) does, byte for byte in place: comments outside strings
// are blanked, every character that JavaScript's \S matches becoming
// spaces, so offsets stay those of the file. Characters JavaScript counts as
// whitespace (newlines, but also \v, \f, U+00A0, U+FEFF…) stay, which makes
// JSON.parse fail on the latter exactly as it does in Gemini. An unclosed
// comment runs to the end of the file and is blanked too.
//
// It returns the blanked copy and the comments found.
func stripComments(data []byte) ([]byte, []commentSpan) {
	out := make([]byte, len(data))
	copy(out, data)
	spans := scanComments(data)
	for _, sp := range spans {
		blankComment(out[sp.Start:sp.End])
	}
	return out, spans
}

// scanComments finds the comments with strip-json-comments' state machine:
// a double quote outside comments toggles "in string" unless an odd number
// of backslashes precedes it; "//" runs to "\n" (a "\r\n" ends it too);
// "/*" runs to "*/".
func scanComments(data []byte) []commentSpan {
	var spans []commentSpan
	const (
		none = iota
		single
		multi
	)
	inString := false
	state := none
	start := 0
	for i := 0; i < len(data); i++ {
		c := data[i]
		var next byte
		if i+1 < len(data) {
			next = data[i+1]
		}
		if state == none && c == '"' && !precededByOddBackslashes(data, i) {
			inString = !inString
		}
		if inString {
			continue
		}
		switch {
		case state == none && c == '/' && next == '/':
			state, start = single, i
			i++
		case state == single && c == '\r' && next == '\n':
			i++
			spans = append(spans, commentSpan{start, i})
			state = none
		case state == single && c == '\n':
			spans = append(spans, commentSpan{start, i})
			state = none
		case state == none && c == '/' && next == '*':
			state, start = multi, i
			i++
		case state == multi && c == '*' && next == '/':
			i++
			spans = append(spans, commentSpan{start, i + 1})
			state = none
		}
	}
	if state != none {
		spans = append(spans, commentSpan{start, len(data)})
	}
	return spans
}

func precededByOddBackslashes(data []byte, quote int) bool {
	n := 0
	for i := quote - 1; i >= 0 && data[i] == '\\'; i-- {
		n++
	}
	return n%2 == 1
}

// blankComment replaces every non-whitespace character (in JavaScript's
// sense) of a comment with spaces, one per byte.
func blankComment(b []byte) {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			b[i] = ' '
			i++
			continue
		}
		if !isJSWhitespace(r) {
			for j := i; j < i+size; j++ {
				b[j] = ' '
			}
		}
		i += size
	}
}

// isJSWhitespace is JavaScript's \s (WhiteSpace and LineTerminator).
func isJSWhitespace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}
