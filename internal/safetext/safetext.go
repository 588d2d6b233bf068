package safetext

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind says why a character is escaped.
type Kind int

// The kinds of suspicious characters.
const (
	// Control is a C0 or C1 control character or DEL: it can move the
	// cursor, erase a line or start an escape sequence in a terminal.
	Control Kind = iota + 1
	// Bidi is a bidirectional embedding, override, isolate or mark: it
	// reorders the text drawn around it (Trojan Source).
	Bidi
	// Invisible draws nothing or looks like a plain space: zero-width and
	// other format characters, separators, other spaces, fillers,
	// variation selectors, private-use and unassigned code points.
	Invisible
	// InvalidUTF8 is a byte that is not part of a UTF-8 character.
	InvalidUTF8
	// Confusable is a letter that looks like one of another script in the
	// same word (Cyrillic а in "bаsh").
	Confusable
)

func (k Kind) String() string {
	switch k {
	case Control:
		return "control character"
	case Bidi:
		return "bidi control"
	case Invisible:
		return "invisible character"
	case InvalidUTF8:
		return "invalid UTF-8 byte"
	case Confusable:
		return "look-alike letter"
	}
	return "unknown"
}

// Finding is one suspicious character: the bytes s[Start:End] and the
// escape Line or Text shows instead.
type Finding struct {
	Start, End int
	Kind       Kind
	Escape     string
}

// Line returns s as one safe line: every suspicious character, line breaks
// and tabs included, is escaped. A string with nothing to escape is
// returned as it is.
func Line(s string) string { return render(s, false) }

// Text returns s with every suspicious character escaped, like Line, but
// keeps line breaks, tabs and \r\n line ends, for script text, diffs and
// other blocks of lines.
func Text(s string) string { return render(s, true) }

// Find lists the suspicious characters of s in order, with the rules of
// Line (keepBreaks false) or Text (keepBreaks true).
func Find(s string, keepBreaks bool) []Finding {
	if plainASCII(s, keepBreaks) {
		return nil
	}
	var out []Finding
	scan(s, keepBreaks, false, func(f Finding) { out = append(out, f) })
	return out
}

// Suspicious reports whether Line would change s.
func Suspicious(s string) bool { return Line(s) != s }

func render(s string, keepBreaks bool) string {
	if plainASCII(s, keepBreaks) {
		return s
	}
	var b []byte
	last := 0
	scan(s, keepBreaks, false, func(f Finding) {
		if b == nil {
			b = make([]byte, 0, len(s)+16)
		}
		b = append(b, s[last:f.Start]...)
		b = append(b, f.Escape...)
		last = f.End
	})
	if b == nil {
		return s
	}
	return string(append(b, s[last:]...))
}

// plainASCII reports whether s is printable ASCII (plus line breaks and
// tabs when they are kept, but no CR), the common case with nothing to do.
func plainASCII(s string, keepBreaks bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c < 0x7f || keepBreaks && (c == '\n' || c == '\t') {
			continue
		}
		return false
	}
	return true
}

// scan calls fn for every suspicious character of s. jsonEscapes selects
// escapes that are valid inside a JSON string for every non-ASCII
// character and DEL (the Writer's form); confusables are only looked for
// when jsonEscapes is false.
func scan(s string, keepBreaks, jsonEscapes bool, fn func(Finding)) {
	var conf []bool // per byte offset: starts a confusable letter
	if !jsonEscapes && !asciiOnly(s) {
		conf = confusables(s)
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fn(Finding{Start: i, End: i + 1, Kind: InvalidUTF8, Escape: hexByte(s[i])})
			i++
			continue
		}
		kind := classify(r)
		if kind == Control && keepBreaks && (r == '\n' || r == '\t' || r == '\r' && i+1 < len(s) && s[i+1] == '\n') {
			kind = 0
		}
		if kind == 0 && conf != nil && conf[i] {
			kind = Confusable
		}
		if kind != 0 {
			fn(Finding{Start: i, End: i + size, Kind: kind, Escape: escapeRune(r, jsonEscapes)})
		}
		i += size
	}
}

func asciiOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// classify returns the Kind of a character that must be escaped, or 0.
func classify(r rune) Kind {
	switch {
	case r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f:
		return Control
	case r < 0x7f:
		return 0
	case unicode.Is(unicode.Bidi_Control, r):
		return Bidi
	case invisible(r):
		return Invisible
	}
	return 0
}

// invisible reports characters that draw nothing or pass for a space.
func invisible(r rune) bool {
	if !unicode.IsGraphic(r) { // Cc, Cf, Zl, Zp, Co, Cs, Cn
		return true
	}
	if unicode.Is(unicode.Zs, r) { // every space but U+0020
		return true
	}
	if unicode.Is(unicode.Variation_Selector, r) || unicode.Is(unicode.Noncharacter_Code_Point, r) {
		return true
	}
	switch r {
	case 0x034F, // combining grapheme joiner
		0x115F, 0x1160, 0x3164, 0xFFA0, // Hangul fillers
		0x17B4, 0x17B5, // Khmer inherent vowels
		0x2800, // braille blank
		0x180E: // Mongolian vowel separator
		return true
	}
	return false
}

func hexByte(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{'\\', 'x', digits[c>>4], digits[c&15]})
}

func escapeRune(r rune, jsonEscapes bool) string {
	switch r {
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	}
	if r < 0x20 || r == 0x7f && !jsonEscapes {
		return hexByte(byte(r))
	}
	if r <= 0xFFFF {
		return u4(`\u`, r)
	}
	if jsonEscapes {
		hi, lo := 0xD800+((r-0x10000)>>10), 0xDC00+((r-0x10000)&0x3FF)
		return u4(`\u`, hi) + u4(`\u`, lo)
	}
	h := strconv.FormatInt(int64(r), 16)
	for len(h) < 8 {
		h = "0" + h
	}
	return `\U` + h
}

func u4(prefix string, r rune) string {
	h := strconv.FormatInt(int64(r), 16)
	for len(h) < 4 {
		h = "0" + h
	}
	return prefix + h
}

// Summary counts the suspicious characters of the given texts by kind, in
// words ("1 control character, 2 bidi controls"), or "" when there are
// none, for a warning next to the escaped text.
func Summary(texts ...string) string {
	var counts [Confusable + 1]int
	for _, s := range texts {
		for _, f := range Find(s, false) {
			counts[f.Kind]++
		}
	}
	var parts []string
	for k := Control; k <= Confusable; k++ {
		if n := counts[k]; n > 0 {
			word := k.String()
			if n > 1 {
				word += "s"
			}
			parts = append(parts, strconv.Itoa(n)+" "+word)
		}
	}
	return strings.Join(parts, ", ")
}
