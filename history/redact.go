package history

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// secretKinds name the alternatives of secretPattern, in order: each has
// one group, the part that is replaced.
var secretKinds = []string{"private-key", "jwt", "bearer-token", "github-token", "aws-access-key", "aws-secret-key", "api-key", "assigned-secret"}

// secretPattern finds what looks like a secret in a payload's text. No
// match crosses a quote or starts or ends in a backslash escape, so
// replacing one inside a JSON string keeps the JSON valid.
var secretPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(strings.Join([]string{
		`(-----BEGIN[A-Z ]{0,40} PRIVATE KEY-----[^"]*?-----END[A-Z ]{0,40} PRIVATE KEY-----)`,
		`\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})`,
		`(?i:\bbearer)\s+([A-Za-z0-9._~+/-]{16,}=*)`,
		`\b((?:gh[pousr]_[A-Za-z0-9]{30,})|(?:github_pat_[A-Za-z0-9_]{22,}))`,
		`\b((?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16})\b`,
		`(?i:aws_?secret_?access_?key)(?:\\?["'])?\s*[:=]\s*(?:\\?["'])?([A-Za-z0-9/+=]{40})`,
		`\b((?:sk-(?:ant-|proj-|live-|test-)?[A-Za-z0-9_-]{20,})|(?:AIza[0-9A-Za-z_-]{35})|(?:xox[abprs]-[A-Za-z0-9-]{10,})|(?:glpat-[A-Za-z0-9_-]{20,})|(?:npm_[A-Za-z0-9]{36}))`,
		`(?i:[a-z0-9_.-]*(?:api[_-]?key|secret|token|passw(?:or)?d|credential)[a-z0-9_]*)(?:\\?["'])?\s*[:=]\s*(?:\\?["'])?([^\s"'\\,;&|(){}<>\[\]]{8,})`,
	}, "|"))
})

// Redact replaces what looks like a secret in text with
// "[REDACTED:<kind>]" and returns the kinds it replaced (sorted, each
// once).
func Redact(text string) (string, []string) {
	matches := secretPattern().FindAllStringSubmatchIndex(text, -1)
	if len(matches) == 0 {
		return text, nil
	}
	var b strings.Builder
	var kinds []string
	last := 0
	for _, m := range matches {
		for g := range secretKinds {
			start, end := m[2+2*g], m[3+2*g]
			if start < 0 {
				continue
			}
			kind := secretKinds[g]
			if kind == "assigned-secret" && !looksSecret(text[start:end]) {
				break
			}
			b.WriteString(text[last:start])
			b.WriteString("[REDACTED:" + kind + "]")
			last = end
			if !slices.Contains(kinds, kind) {
				kinds = append(kinds, kind)
			}
			break
		}
	}
	b.WriteString(text[last:])
	slices.Sort(kinds)
	return b.String(), kinds
}

// looksSecret tells a value assigned to a secret-sounding name from one
// that is plainly not a secret: a number, a path, a word like true, a
// placeholder, an already redacted or variable reference.
func looksSecret(v string) bool {
	if strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~/") || strings.HasPrefix(v, "./") || strings.HasPrefix(v, "$") ||
		strings.HasPrefix(v, "[REDACTED") || strings.HasPrefix(v, "http://") || strings.HasPrefix(v, "https://") {
		return false
	}
	letters, digits := 0, 0
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z':
			letters++
		}
	}
	if letters == 0 {
		return false // a number or punctuation
	}
	switch strings.ToLower(v) {
	case "true", "false", "null", "undefined", "required", "optional", "redacted", "password", "changeme":
		return false
	}
	return true
}
