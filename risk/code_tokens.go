package risk

import (
	"strings"
)

// A small, careful tokenizer for Python and JavaScript/TypeScript: enough
// to tell code from strings and comments, join dotted names and read
// string literals, which is what the script analysis needs. (Why not a
// parser: goja's parser reads ES5 with parts of ES6 and no TypeScript,
// so the many .ts hooks would not parse; gpython's parser follows Python
// 3.4 and fails on f-strings and match, and neither reports more than
// imports, calls and literals would give us here.)

type tokKind int

const (
	tokIdent tokKind = iota // a name, dotted: os.path.join
	tokString
	tokPunct
	tokNumber
)

type token struct {
	kind      tokKind
	text      string // the name, the punctuation, or the string's value
	line, col int
	raw       string // strings: the literal as written
}

func tokenize(src string, l lang) []token {
	var toks []token
	line, col := 1, 1
	i := 0
	adv := func(n int) {
		for k := 0; k < n && i < len(src); k++ {
			if src[i] == '\n' {
				line++
				col = 1
			} else {
				col++
			}
			i++
		}
	}
	lastSignificant := func() *token {
		if len(toks) == 0 {
			return nil
		}
		return &toks[len(toks)-1]
	}
	for i < len(src) && len(toks) < 200000 {
		c := src[i]
		switch {
		case c == '\n':
			toks = append(toks, token{kind: tokPunct, text: "\n", line: line, col: col})
			adv(1)
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			adv(1)
		case c == '#' && hashComments(l), c == '#' && i == 0:
			for i < len(src) && src[i] != '\n' {
				adv(1)
			}
		case l == langLua && c == '-' && i+1 < len(src) && src[i+1] == '-':
			if end := luaLongBracket(src[i+2:]); end > 0 {
				adv(2 + end) // --[[ … ]]
				continue
			}
			for i < len(src) && src[i] != '\n' {
				adv(1)
			}
		case l == langLua && c == '[' && luaLongBracket(src[i:]) > 0:
			// [[ … ]] and [==[ … ]==]: a long string
			tl, tc, start := line, col, i
			end := luaLongBracket(src[i:])
			open := strings.IndexByte(src[i+1:], '[') + 2
			body := src[i+open : i+end-open]
			adv(end)
			toks = append(toks, token{kind: tokString, text: body, raw: src[start:i], line: tl, col: tc})
		case slashComments(l) && c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				adv(1)
			}
		case slashComments(l) && c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 2
			}
			adv(end + 4)
		case regexLiterals(l) && c == '/' && regexAllowed(lastSignificant()):
			start := i
			adv(1)
			inClass := false
			for i < len(src) && src[i] != '\n' {
				if src[i] == '\\' {
					adv(2)
					continue
				}
				if src[i] == '[' {
					inClass = true
				} else if src[i] == ']' {
					inClass = false
				} else if src[i] == '/' && !inClass {
					adv(1)
					break
				}
				adv(1)
			}
			for i < len(src) && isIdentByte(src[i]) {
				adv(1)
			}
			toks = append(toks, token{kind: tokPunct, text: "regex", raw: src[start:i], line: line, col: col})
		case c == '"' || c == '\'' || c == '`' || l == langPython && isStrPrefix(src[i:]):
			tl, tc := line, col
			start := i
			prefix := ""
			for i < len(src) && src[i] != '"' && src[i] != '\'' && src[i] != '`' {
				prefix += string(src[i])
				adv(1)
			}
			if i >= len(src) {
				break
			}
			q := src[i]
			triple := l == langPython && strings.HasPrefix(src[i:], strings.Repeat(string(q), 3))
			delim := string(q)
			if triple {
				delim = strings.Repeat(string(q), 3)
			}
			adv(len(delim))
			bodyStart := i
			for i < len(src) {
				if src[i] == '\\' && !strings.ContainsAny(prefix, "rR") {
					adv(2)
					continue
				}
				if src[i] == '\\' {
					adv(2)
					continue
				}
				if strings.HasPrefix(src[i:], delim) {
					break
				}
				if src[i] == '\n' && !triple && q != '`' {
					break
				}
				adv(1)
			}
			body := src[bodyStart:min(i, len(src))]
			adv(len(delim))
			val := body
			if !strings.ContainsAny(prefix, "rR") {
				val, _ = decodeEscapes(body, true)
			}
			toks = append(toks, token{kind: tokString, text: val, raw: src[start:min(i, len(src))], line: tl, col: tc})
		case isIdentStart(c):
			tl, tc := line, col
			start := i
			for i < len(src) && (isIdentByte(src[i]) || src[i] == '.' && i+1 < len(src) && isIdentStart(src[i+1]) || src[i] == '?' && i+2 < len(src) && src[i+1] == '.' && isIdentStart(src[i+2])) {
				if src[i] == '?' {
					adv(1)
				}
				adv(1)
			}
			name := strings.ReplaceAll(src[start:i], "?.", ".")
			toks = append(toks, token{kind: tokIdent, text: name, line: tl, col: tc})
		case c >= '0' && c <= '9':
			start := i
			for i < len(src) && (isIdentByte(src[i]) || src[i] == '.') {
				adv(1)
			}
			toks = append(toks, token{kind: tokNumber, text: "0", line: line, col: col, raw: src[start:i]})
		default:
			// a leading '.' joins a call on the result: f().system(
			if c == '.' && i+1 < len(src) && isIdentStart(src[i+1]) {
				tl, tc := line, col
				start := i
				adv(1)
				for i < len(src) && (isIdentByte(src[i]) || src[i] == '.' && i+1 < len(src) && isIdentStart(src[i+1])) {
					adv(1)
				}
				toks = append(toks, token{kind: tokIdent, text: src[start:i], line: tl, col: tc})
				continue
			}
			toks = append(toks, token{kind: tokPunct, text: string(c), line: line, col: col})
			adv(1)
		}
	}
	return toks
}

func isStrPrefix(s string) bool {
	for n := 1; n <= 2 && n < len(s); n++ {
		p := strings.ToLower(s[:n])
		switch p {
		case "r", "b", "f", "u", "rb", "br", "fr", "rf":
			if s[n] == '"' || s[n] == '\'' {
				return true
			}
		}
	}
	return false
}

func regexAllowed(prev *token) bool {
	if prev == nil {
		return true
	}
	switch prev.kind {
	case tokIdent:
		switch prev.text {
		case "return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await":
			return true
		}
		return false
	case tokString, tokNumber:
		return false
	}
	return prev.text != ")" && prev.text != "]" && prev.text != "}" && prev.text != "regex"
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentByte(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// hashComments: # starts a comment (Python, Ruby, Perl, PHP).
func hashComments(l lang) bool {
	return l == langPython || l == langRuby || l == langPerl || l == langPHP
}

// slashComments: // and /* */ are comments (JavaScript, PHP).
func slashComments(l lang) bool { return l == langJS || l == langPHP || l == langGo }

// regexLiterals: /…/ can be a regular expression literal.
func regexLiterals(l lang) bool { return l == langJS || l == langRuby || l == langPerl }

// luaLongBracket is the length of the Lua long bracket [[…]] or [==[…]==]
// that starts s (0 when s does not start one).
func luaLongBracket(s string) int {
	if !strings.HasPrefix(s, "[") {
		return 0
	}
	k := 1
	for k < len(s) && s[k] == '=' {
		k++
	}
	if k >= len(s) || s[k] != '[' {
		return 0
	}
	closeBr := "]" + strings.Repeat("=", k-1) + "]"
	end := strings.Index(s[k+1:], closeBr)
	if end < 0 {
		return len(s)
	}
	return k + 1 + end + len(closeBr)
}
