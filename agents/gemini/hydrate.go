package gemini

import (
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// objectPrototype holds what a lookup on a plain JavaScript object finds
// through Object.prototype, as String() renders it: hydration looks keys
// up on such an object, so ${constructor} becomes
// "function Object() { [native code] }".
var objectPrototype = map[string]string{
	"constructor":          "function Object() { [native code] }",
	"__proto__":            "[object Object]",
	"toString":             "function toString() { [native code] }",
	"toLocaleString":       "function toLocaleString() { [native code] }",
	"valueOf":              "function valueOf() { [native code] }",
	"hasOwnProperty":       "function hasOwnProperty() { [native code] }",
	"isPrototypeOf":        "function isPrototypeOf() { [native code] }",
	"propertyIsEnumerable": "function propertyIsEnumerable() { [native code] }",
	"__defineGetter__":     "function __defineGetter__() { [native code] }",
	"__defineSetter__":     "function __defineSetter__() { [native code] }",
	"__lookupGetter__":     "function __lookupGetter__() { [native code] }",
	"__lookupSetter__":     "function __lookupSetter__() { [native code] }",
}

// hydrationContext is the variables of an extension file: extensionPath,
// workspacePath, "/" and pathSeparator.
type hydrationContext map[string]string

func newHydrationContext(extensionPath, workspacePath, sep string) hydrationContext {
	return hydrationContext{"extensionPath": extensionPath, "workspacePath": workspacePath, "/": sep, "pathSeparator": sep}
}

func (c hydrationContext) lookup(key string) (string, bool) {
	if v, ok := c[key]; ok {
		return v, true
	}
	v, ok := objectPrototype[key]
	return v, ok
}

// hydrate is Gemini CLI 0.61's hydrateString for extension files (regex
// /\${(.*?)}/g): each ${key} whose key the context knows is replaced; other
// ${...} and $VAR stay as written. The key cannot span a line break.
func hydrate(s string, lookup func(string) (string, bool)) string {
	if !strings.Contains(s, "${") {
		return s
	}
	var out strings.Builder
	last := 0
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '$' || s[i+1] != '{' {
			continue
		}
		rest := s[i+2:]
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			break
		}
		key := rest[:end]
		if strings.ContainsAny(key, "\n\r") || strings.Contains(key, "\u2028") || strings.Contains(key, "\u2029") {
			continue // '.' does not match line terminators; retry from the next character
		}
		next := i + 2 + end + 1
		if v, ok := lookup(key); ok {
			out.WriteString(s[last:i])
			out.WriteString(v)
			last = next
		}
		i = next - 1
	}
	if last == 0 {
		return s
	}
	out.WriteString(s[last:])
	return out.String()
}

// hydrateStrings is recursivelyHydrateStrings on a parsed value: every
// string value's Str is hydrated from its Raw, and the members
// "__proto__", "constructor" and "prototype" are dropped, as Gemini drops
// them.
func hydrateStrings(n *settingsio.Node, lookup func(string) (string, bool)) {
	switch n.Kind {
	case settingsio.String:
		n.Str = hydrate(n.Raw, lookup)
	case settingsio.Array:
		for _, it := range n.Items {
			hydrateStrings(it, lookup)
		}
	case settingsio.Object:
		kept := n.Members[:0]
		for _, m := range n.Members {
			if m.Key == "__proto__" || m.Key == "constructor" || m.Key == "prototype" {
				continue
			}
			hydrateStrings(m.Value, lookup)
			kept = append(kept, m)
		}
		n.Members = kept
	}
}
