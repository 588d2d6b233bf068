package gemini

import (
	"github.com/hookwarden/hookwarden/settingsio"
	"strings"
)

// expandEnv is Gemini CLI 0.61's load-time expansion of a settings string
// (resolveEnvVarsInString in packages/cli/src/utils/envVarResolver.ts, regex
// /\$(?:(\w+)|{([^}]+?)(?::-([^}]*))?})/g): $NAME (NAME = [A-Za-z0-9_]+),
// ${NAME} and ${NAME:-default}. A set variable wins, even when empty; an
// unset one takes the default when given, else stays exactly as written.
// Defaults are not expanded again, and ${A:-${B}} ends at the first "}".
func expandEnv(s string, lookup func(string) (string, bool)) string {
	if strings.IndexByte(s, '$') < 0 {
		return s
	}
	var out strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 >= len(s) {
			continue
		}
		name, def, hasDef, end := matchEnvRef(s, i)
		if end < 0 {
			continue
		}
		value, ok := lookup(name)
		if !ok {
			if !hasDef {
				i = end - 1 // left as written; the scan resumes after it
				continue
			}
			value = def
		}
		out.WriteString(s[last:i])
		out.WriteString(value)
		last = end
		i = end - 1
	}
	if last == 0 {
		return s
	}
	out.WriteString(s[last:])
	return out.String()
}

// matchEnvRef matches the reference starting with the '$' at s[i]; end is
// the offset after it, or -1 when nothing matches there.
func matchEnvRef(s string, i int) (name, def string, hasDef bool, end int) {
	j := i + 1
	if isWordByte(s[j]) {
		k := j
		for k < len(s) && isWordByte(s[k]) {
			k++
		}
		return s[j:k], "", false, k
	}
	if s[j] != '{' {
		return "", "", false, -1
	}
	closing := strings.IndexByte(s[j+1:], '}')
	if closing < 1 { // none, or "${}"
		return "", "", false, -1
	}
	content := s[j+1 : j+1+closing]
	end = j + 1 + closing + 1
	// [^}]+? is lazy: the name is the shortest non-empty prefix followed by
	// ":-" (then the rest is the default) or by the closing brace.
	if k := strings.Index(content[1:], ":-"); k >= 0 {
		return content[:k+1], content[k+3:], true, end
	}
	return content, "", false, end
}

// isWordByte is JavaScript's \w without the u flag.
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// expandStrings sets Str of every string value under n (object keys are not
// expanded, as in resolveEnvVarsInObject) to ExpandEnv of its Raw.
func expandStrings(n *settingsio.Node, lookup func(string) (string, bool)) {
	walkStrings(n, func(s *settingsio.Node) { s.Str = expandEnv(s.Raw, lookup) })
}

// walkStrings calls f on every string value under n.
func walkStrings(n *settingsio.Node, f func(*settingsio.Node)) {
	if n == nil {
		return
	}
	switch n.Kind {
	case settingsio.String:
		f(n)
	case settingsio.Array:
		for _, it := range n.Items {
			walkStrings(it, f)
		}
	case settingsio.Object:
		for _, m := range n.Members {
			walkStrings(m.Value, f)
		}
	}
}
