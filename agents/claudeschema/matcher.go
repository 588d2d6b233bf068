package claudeschema

import (
	"slices"
	"strings"
	"unicode"

	"github.com/hookwarden/hookwarden/hooks"
)

// Matcher is how an agent compares a definition's matcher with what an
// event is about (a tool name, a source, a file path).
type Matcher struct {
	// Wildcards are matchers that match everything (after trimming).
	Wildcards []string
	// TrimSpace trims white space at the ends of the matcher (a trailing
	// escaped space is kept).
	TrimSpace bool
	// Lists: a matcher with "|" that does not start with "^" or "(" is a
	// list; an alternative that is a wildcard or names the subject (or an
	// alias) exactly matches, else the trimmed alternatives are joined
	// into one regular expression.
	Lists bool
	// PlainExact: a matcher of letters, digits, "_" and "|" only is a list
	// of exact names, never a regular expression.
	PlainExact bool
	// Regex: otherwise the matcher is a JavaScript regular expression,
	// unanchored, compared with the subject (and not with its aliases).
	// Without it a matcher that is not exact does not match.
	Regex bool
	// Cache compiles patterns (nil: a cache per call).
	Cache *hooks.RegexCache
}

// Match reports whether pattern matches subject or one of its aliases;
// err is a pattern that does not compile (the agent then skips it).
func (m Matcher) Match(pattern, subject string, aliases []string) (bool, error) {
	if m.TrimSpace {
		pattern = trimEdges(pattern)
	}
	if slices.Contains(m.Wildcards, pattern) {
		return true, nil
	}
	exact := func(p string) bool { return p == subject || slices.Contains(aliases, p) }
	if exact(pattern) {
		return true, nil
	}
	if m.PlainExact && isPlain(pattern) {
		for _, alt := range strings.Split(pattern, "|") {
			if exact(alt) {
				return true, nil
			}
		}
		return false, nil
	}
	expr := pattern
	if m.Lists && strings.Contains(pattern, "|") && !strings.HasPrefix(pattern, "^") && !strings.HasPrefix(pattern, "(") {
		var alts []string
		for _, a := range splitList(pattern) {
			if a = trimEdges(a); a == "" {
				continue
			}
			if slices.Contains(m.Wildcards, a) || exact(a) {
				return true, nil
			}
			alts = append(alts, a)
		}
		if len(alts) == 0 {
			return false, nil
		}
		expr = strings.Join(alts, "|")
	}
	if !m.Regex {
		return false, nil
	}
	cache := m.Cache
	if cache == nil {
		cache = &hooks.RegexCache{}
	}
	re, err := cache.Compile(expr)
	if err != nil {
		return false, err
	}
	ok, err := re.MatchString(subject)
	return ok, err
}

func isPlain(p string) bool {
	for _, r := range p {
		if !(r == '_' || r == '|' || r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r))) {
			return false
		}
	}
	return p != ""
}

// splitList splits at "|" outside groups, character classes and escapes.
func splitList(p string) []string {
	var out []string
	cur := strings.Builder{}
	escaped, class, depth := false, false, 0
	for _, r := range p {
		switch {
		case escaped:
			escaped = false
		case r == '\\':
			escaped = true
		case class:
			class = r != ']'
		case r == '[':
			class = true
		case r == '(':
			depth++
		case r == ')':
			depth = max(0, depth-1)
		case r == '|' && depth == 0:
			out = append(out, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteRune(r)
	}
	return append(out, cur.String())
}

// trimEdges trims white space at both ends, keeping a trailing white
// space that a backslash escapes.
func trimEdges(s string) string {
	s = strings.TrimLeftFunc(s, unicode.IsSpace)
	end := len(s)
	for end > 0 && unicode.IsSpace(rune(s[end-1])) {
		n := 0
		for i := end - 2; i >= 0 && s[i] == '\\'; i-- {
			n++
		}
		if n%2 == 1 {
			break
		}
		end--
	}
	return s[:end]
}
