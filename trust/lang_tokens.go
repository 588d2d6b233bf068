package trust

import "strings"

// A langToken is one token of a Python or JavaScript / TypeScript
// script, as the language readers (discover_lang_python.go,
// discover_lang_node.go) see it: comments are gone, and a string is one
// token whatever words it holds, so that a word in a string or a comment
// is never taken for code.
type langToken struct {
	kind tokKind
	// text is the token as written (for a string, with its quotes).
	text string
	// val is a string's value when lit is true: a plain literal whose
	// value is known (no f-string field, no template substitution).
	val string
	lit bool
	// off is the token's byte offset in the script.
	off int
}

type tokKind byte

const (
	tokName tokKind = iota + 1
	tokString
	tokNumber
	tokOp
	// tokNewline ends a Python logical line (outside brackets).
	tokNewline
)

// is reports whether t is the operator or name s.
func (t langToken) is(s string) bool {
	return (t.kind == tokOp || t.kind == tokName) && t.text == s
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func isIdentPart(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

// lineEnds makes every line terminator the languages know a "\n" of the
// same length (Python reads a lone "\r" as a line end; JavaScript also
// U+2028 and U+2029), so that a comment ends where the language ends it:
// code after "# x\r" is code.
func lineEnds(text string) string {
	if !strings.ContainsAny(text, "\r\u2028\u2029") {
		return text
	}
	text = strings.ReplaceAll(text, "\r\n", " \n")
	text = strings.ReplaceAll(text, "\r", "\n")
	text = strings.ReplaceAll(text, "\u2028", "  \n")
	return strings.ReplaceAll(text, "\u2029", "  \n")
}

// pyTokens splits Python source into tokens. The expressions inside
// f-string fields are code too: they come back as separate token streams
// (fields), each read like the script. A string left open at the end of
// the text is a string to the end (what Python would refuse to run).
func pyTokens(text string, base int) (toks []langToken, fields [][]langToken) {
	text = lineEnds(text)
	depth := 0
	i := 0
	for i < len(text) {
		c := text[i]
		switch {
		case c == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '\\' && i+1 < len(text) && text[i+1] == '\n':
			i += 2
		case c == '\n':
			if depth == 0 && len(toks) > 0 && toks[len(toks)-1].kind != tokNewline {
				toks = append(toks, langToken{kind: tokNewline, text: "\n", off: base + i})
			}
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			i++
		case c == '"' || c == '\'':
			t, end, f := pyString(text, i, i, base)
			toks = append(toks, t)
			fields = append(fields, f...)
			i = end
		case isIdentStart(c) && c != '$':
			j := identEnd(text, i, false)
			if j < len(text) && (text[j] == '"' || text[j] == '\'') && pyStringPrefix(text[i:j]) {
				t, end, f := pyString(text, i, j, base)
				toks = append(toks, t)
				fields = append(fields, f...)
				i = end
				continue
			}
			toks = append(toks, langToken{kind: tokName, text: text[i:j], off: base + i})
			i = j
		case numberStart(text, i):
			j := numberEnd(text, i)
			toks = append(toks, langToken{kind: tokNumber, text: text[i:j], off: base + i})
			i = j
		default:
			switch c {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				if depth > 0 {
					depth--
				}
			}
			n := 1
			for _, op := range []string{"**=", "//=", ">>=", "<<=", "...", "->", ":=", "==", "!=", "<=", ">=", "**", "//", "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="} {
				if strings.HasPrefix(text[i:], op) {
					n = len(op)
					break
				}
			}
			toks = append(toks, langToken{kind: tokOp, text: text[i : i+n], off: base + i})
			i += n
		}
	}
	return toks, fields
}

// pyStringPrefix reports whether p is a Python string prefix (r, b, u, f,
// t and their pairs, any case).
func pyStringPrefix(p string) bool {
	if len(p) > 2 {
		return false
	}
	for _, c := range strings.ToLower(p) {
		if !strings.ContainsRune("rbuft", c) {
			return false
		}
	}
	return true
}

// pyString reads the string whose prefix starts at start and quote at q.
func pyString(text string, start, q, base int) (langToken, int, [][]langToken) {
	prefix := strings.ToLower(text[start:q])
	raw := strings.Contains(prefix, "r")
	formatted := strings.ContainsAny(prefix, "ft")
	quote := text[q : q+1]
	if strings.HasPrefix(text[q:], strings.Repeat(quote, 3)) {
		quote = strings.Repeat(quote, 3)
	}
	i := q + len(quote)
	var val strings.Builder
	field := 0 // the depth of f-string replacement fields (Python 3.12 reads quotes in them as the field's)
	for i < len(text) {
		c := text[i]
		if formatted && field > 0 {
			switch {
			case c == '{':
				field++
			case c == '}':
				field--
			case c == '\'' || c == '"':
				inner := string(c)
				if strings.HasPrefix(text[i:], strings.Repeat(inner, 3)) {
					inner = strings.Repeat(inner, 3)
				}
				j := strings.Index(text[i+len(inner):], inner)
				if j < 0 {
					i = len(text)
					continue
				}
				i += len(inner) + j + len(inner)
				continue
			}
			i++
			continue
		}
		if strings.HasPrefix(text[i:], quote) {
			break
		}
		if c == '\n' && len(quote) == 1 {
			break
		}
		if formatted && c == '{' {
			if strings.HasPrefix(text[i:], "{{") {
				val.WriteByte('{')
				i += 2
				continue
			}
			field = 1
			i++
			continue
		}
		if c == '\\' && i+1 < len(text) {
			if raw {
				val.WriteString(text[i : i+2])
			} else {
				val.WriteString(escapeValue(text[i+1]))
			}
			i += 2
			continue
		}
		val.WriteByte(c)
		i++
	}
	body := text[q+len(quote) : min(i, len(text))]
	end := min(i+len(quote), len(text))
	t := langToken{kind: tokString, text: text[start:end], off: base + start, val: val.String(), lit: !formatted}
	var fields [][]langToken
	if formatted {
		for _, f := range braceFields(body, "{", q+len(quote)) {
			sub, more := pyTokens(f.code, base+f.off)
			fields = append(fields, sub)
			fields = append(fields, more...)
		}
	}
	return t, end, fields
}

// escapeValue is the value of a simple backslash escape (the rest keep the
// character as written, which is enough for a path).
func escapeValue(c byte) string {
	switch c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	case 'r':
		return "\r"
	case '0':
		return "\x00"
	case '\n':
		return ""
	}
	return string(c)
}

type codeField struct {
	code string
	off  int
}

// braceFields are the code parts of a formatted string's body: {expr}
// of an f-string (open "{", "{{" an escaped brace) or ${expr} of a
// template literal (open "${"), with their offsets (body starts at off).
func braceFields(body, open string, off int) []codeField {
	var out []codeField
	for i := 0; i < len(body); i++ {
		if body[i] == '\\' && open == "${" {
			i++
			continue
		}
		if !strings.HasPrefix(body[i:], open) {
			continue
		}
		if open == "{" && strings.HasPrefix(body[i:], "{{") {
			i++
			continue
		}
		start := i + len(open)
		depth := 1
		j := start
		var inQuote byte
		for ; j < len(body) && depth > 0; j++ {
			c := body[j]
			switch {
			case inQuote != 0:
				if c == '\\' {
					j++
				} else if c == inQuote {
					inQuote = 0
				}
			case c == '\'' || c == '"' || c == '`':
				inQuote = c
			case c == '{':
				depth++
			case c == '}':
				depth--
			}
		}
		end := j
		if depth == 0 {
			end = j - 1
		}
		out = append(out, codeField{code: body[start:end], off: off + start})
		i = j - 1
	}
	return out
}

// jsTokens splits JavaScript or TypeScript source into tokens, with the
// code of template literals' ${…} substitutions as separate streams.
func jsTokens(text string, base int) (toks []langToken, fields [][]langToken) {
	text = lineEnds(text)
	i := 0
	if strings.HasPrefix(text, "#!") {
		for i < len(text) && text[i] != '\n' {
			i++
		}
	}
	toks, fields, _ = jsScan(text, i, base, false)
	return toks, fields
}

// jsScan tokenises text from i; in a substitution (sub) it stops after
// the "}" that closes it, and end is the index after it.
func jsScan(text string, i, base int, sub bool) (toks []langToken, fields [][]langToken, end int) {
	depth := 0
	for i < len(text) {
		c := text[i]
		switch {
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			j := strings.Index(text[i+2:], "*/")
			if j < 0 {
				i = len(text)
			} else {
				i += j + 4
			}
		case c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\v':
			i++
		case c == '"' || c == '\'':
			j := i + 1
			var val strings.Builder
			for j < len(text) && text[j] != c && text[j] != '\n' {
				if text[j] == '\\' && j+1 < len(text) {
					val.WriteString(escapeValue(text[j+1]))
					j += 2
					continue
				}
				val.WriteByte(text[j])
				j++
			}
			end := min(j+1, len(text))
			toks = append(toks, langToken{kind: tokString, text: text[i:end], val: val.String(), lit: true, off: base + i})
			i = end
		case c == '`':
			j := i + 1
			lit := true
			var val strings.Builder
			for j < len(text) && text[j] != '`' {
				switch {
				case text[j] == '\\' && j+1 < len(text):
					val.WriteString(escapeValue(text[j+1]))
					j += 2
				case strings.HasPrefix(text[j:], "${"):
					lit = false
					subToks, subFields, next := jsScan(text, j+2, base, true)
					fields = append(fields, subToks)
					fields = append(fields, subFields...)
					j = next
				default:
					val.WriteByte(text[j])
					j++
				}
			}
			end := min(j+1, len(text))
			toks = append(toks, langToken{kind: tokString, text: text[i:end], off: base + i, val: val.String(), lit: lit})
			i = end
		case c == '/' && jsRegexAllowed(toks):
			j := i + 1
			inClass := false
			for j < len(text) && text[j] != '\n' {
				if text[j] == '\\' {
					j += 2
					continue
				}
				if text[j] == '[' {
					inClass = true
				} else if text[j] == ']' {
					inClass = false
				} else if text[j] == '/' && !inClass {
					break
				}
				j++
			}
			j++
			for j < len(text) && isIdentPart(text[j]) {
				j++
			}
			end := min(j, len(text))
			toks = append(toks, langToken{kind: tokString, text: text[i:end], off: base + i})
			i = end
		case isIdentStart(c) || c == '#' && i+1 < len(text) && isIdentStart(text[i+1]):
			j := identEnd(text, i+1, true)
			toks = append(toks, langToken{kind: tokName, text: text[i:j], off: base + i})
			i = j
		case numberStart(text, i):
			j := numberEnd(text, i)
			toks = append(toks, langToken{kind: tokNumber, text: text[i:j], off: base + i})
			i = j
		default:
			if sub && c == '{' {
				depth++
			} else if sub && c == '}' {
				if depth == 0 {
					return toks, fields, i + 1
				}
				depth--
			}
			n := 1
			for _, op := range []string{">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>"} {
				if strings.HasPrefix(text[i:], op) {
					n = len(op)
					break
				}
			}
			toks = append(toks, langToken{kind: tokOp, text: text[i : i+n], off: base + i})
			i += n
		}
	}
	return toks, fields, len(text)
}

// jsRegexAllowed reports whether a "/" after toks starts a regular
// expression literal rather than a division.
func jsRegexAllowed(toks []langToken) bool {
	if len(toks) == 0 {
		return true
	}
	t := toks[len(toks)-1]
	switch t.kind {
	case tokNumber, tokString:
		return false
	case tokName:
		if len(toks) > 1 && (toks[len(toks)-2].is(".") || toks[len(toks)-2].is("?.")) {
			return false // x.return / y: a property, then a division
		}
		switch t.text {
		case "return", "typeof", "instanceof", "in", "new", "delete", "void", "throw", "case", "do", "else":
			return true // reserved words: never a value
		}
		return false // yield, await, of can be names: a division reads on as code
	}
	switch t.text {
	case ")", "]", "}", "++", "--":
		return false
	}
	return true
}

// numberStart reports whether a number starts at text[i]: a digit, or a
// dot before one (.5).
func numberStart(text string, i int) bool {
	c := text[i]
	return '0' <= c && c <= '9' || c == '.' && i+1 < len(text) && '0' <= text[i+1] && text[i+1] <= '9'
}

// numberEnd is where the number starting at text[i] ends: digits, letters
// (0x1f, 1e9, 10n, 1_000) and dots, as both languages' readers take it.
func numberEnd(text string, i int) int {
	j := i + 1
	for j < len(text) && (isIdentPart(text[j]) || text[j] == '.') {
		j++
	}
	return j
}

// identEnd is where the name going on at text[j] ends; dollar says
// whether $ is part of a name (JavaScript's, not Python's).
func identEnd(text string, j int, dollar bool) int {
	for j < len(text) && isIdentPart(text[j]) && (dollar || text[j] != '$') {
		j++
	}
	return j
}
