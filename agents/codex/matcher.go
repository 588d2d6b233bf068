package codex

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Matcher rules of Codex 0.171.0 (source: codex-rs/hooks/src/events/common.rs;
// observed for Bash, ^Bash$, exec_command, apply_patch, Edit, Write,
// Edit|Write, "", "*" and "["):
//   - absent, "" or "*": matches everything;
//   - only [A-Za-z0-9_|]: exact names, split on '|';
//   - anything else: a Rust regex, unanchored (regex.is_match);
//   - an invalid regex skips the whole group with a warning; the groups
//     after it keep their index.
//
// Hookwarden compiles the regex with Go's regexp. Both are RE2-style
// engines without backreferences or look-around and agree on the common
// syntax, but not on everything: Rust's \d, \w, \s and \b are Unicode-aware
// (Go's are ASCII; tool names are ASCII, so matching agrees there), Rust
// has character-class set operations ([a-z&&[^x]], --, ~~) that Go reads
// as literal characters, and Rust has \b{start}, \b{end}, \< and \> that
// Go rejects. Matchers with those constructs get a warning diagnostic
// (regexDifference) instead of a silent guess.

// Matcher is a compiled Codex matcher.
type Matcher struct {
	raw   string
	all   bool
	exact []string
	re    *regexp.Regexp
}

// compileMatcher compiles a matcher as Codex reads it; the error is for an
// invalid regex (Codex skips the group).
func compileMatcher(m string) (*Matcher, error) {
	if m == "" || m == "*" {
		return &Matcher{raw: m, all: true}, nil
	}
	if isExactMatcher(m) {
		return &Matcher{raw: m, exact: strings.Split(m, "|")}, nil
	}
	re, err := regexp.Compile(m)
	if err != nil {
		return nil, err
	}
	return &Matcher{raw: m, re: re}, nil
}

func isExactMatcher(m string) bool {
	for i := 0; i < len(m); i++ {
		c := m[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '|') {
			return false
		}
	}
	return true
}

// MatchAll reports whether the matcher matches everything.
func (m *Matcher) MatchAll() bool { return m == nil || m.all }

// Kind says in words how the matcher is read.
func (m *Matcher) Kind() string {
	switch {
	case m.MatchAll():
		return "matches everything"
	case m.exact != nil:
		return "exact names " + strings.Join(quoteAll(m.exact), ", ")
	}
	return fmt.Sprintf("regex %s (unanchored)", strconv.Quote(m.raw))
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = strconv.Quote(x)
	}
	return out
}

// Match reports whether any of inputs matches (Codex compares the tool
// name and its aliases, and one value for the other events). No input
// matches only a match-all matcher.
func (m *Matcher) Match(inputs ...string) bool {
	if m.MatchAll() {
		return true
	}
	for _, in := range inputs {
		if m.exact != nil {
			for _, name := range m.exact {
				if name == in {
					return true
				}
			}
		} else if m.re.MatchString(in) {
			return true
		}
	}
	return false
}

// regexDifference names a construct of m that Rust's regex and Go's
// regexp read differently, or "".
func regexDifference(m string) string {
	if m == "" || m == "*" || isExactMatcher(m) {
		return ""
	}
	for _, c := range []struct{ s, what string }{
		{`\b{`, `\b{...} word-boundary assertions`},
		{`\<`, `the \< start-of-word assertion`},
		{`\>`, `the \> end-of-word assertion`},
		{`\Q`, `\Q...\E quoting, which Rust's regex does not have`},
	} {
		if strings.Contains(m, c.s) {
			return c.what
		}
	}
	depth := 0
	for i := 0; i < len(m); i++ {
		switch m[i] {
		case '\\':
			i++
		case '[':
			depth++
		case ']':
			if depth > 0 {
				depth--
			}
		case '&', '-', '~':
			if depth > 0 && i+1 < len(m) && m[i+1] == m[i] {
				return "character-class set operations (&&, --, ~~)"
			}
		}
	}
	if strings.ContainsAny(m, `\`) && (strings.Contains(m, `\d`) || strings.Contains(m, `\w`) || strings.Contains(m, `\s`) || strings.Contains(m, `\b`)) {
		return `\d, \w, \s or \b, which are Unicode-aware in Rust and ASCII-only in Go`
	}
	return ""
}

// toolAliases are the names a tool's matcher is compared with besides its
// own (observed: apply_patch is matched by apply_patch, Edit and Write;
// shell calls are named Bash, and exec_command does not match them).
func toolAliases(tool string) []string {
	switch tool {
	case "apply_patch":
		return []string{"apply_patch", "Edit", "Write"}
	}
	return []string{tool}
}
