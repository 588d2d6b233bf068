package gemini

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/dlclark/regexp2"

	"github.com/hookwarden/hookwarden/settingsio"
)

// extensionEnablement is ~/.gemini/extensions/extension-enablement.json:
// extension name → override rules, as ExtensionEnablementManager reads it.
type extensionEnablement map[string][]string

// loadExtensionEnablement reads the file with plain JSON.parse and the
// schema record(string, {overrides: string[]}); a missing or invalid file
// enables everything (Gemini reports the invalid one and goes on).
func loadExtensionEnablement(dir string) (extensionEnablement, *settingsio.ParseError) {
	path := filepath.Join(dir, "extension-enablement.json")
	data, err := settingsio.ReadRegularFile(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, nil
		}
		return nil, &settingsio.ParseError{Path: path, Msg: "Failed to read extension enablement config: " + err.Error()}
	}
	root, perr := settingsio.ParseJSON(path, data)
	if perr != nil {
		return nil, perr
	}
	fail := func(n *settingsio.Node, msg string) (extensionEnablement, *settingsio.ParseError) {
		return nil, &settingsio.ParseError{Path: path, Line: n.Pos.Line, Column: n.Pos.Column,
			Msg: "Failed to read extension enablement config: " + msg + " (every extension is enabled)"}
	}
	if root.Kind != settingsio.Object {
		return fail(root, "not an object")
	}
	out := extensionEnablement{}
	for _, m := range uniqueMembers(root) {
		overrides := m.Value.Get("overrides")
		if !overrides.Is(settingsio.Array) {
			return fail(m.Value, "\""+m.Key+"\" needs an \"overrides\" array")
		}
		rules := make([]string, 0, len(overrides.Items))
		for _, it := range overrides.Items {
			if !it.Is(settingsio.String) {
				return fail(it, "override rules must be strings")
			}
			rules = append(rules, it.Raw)
		}
		out[m.Key] = rules
	}
	return out, nil
}

// isEnabled is ExtensionEnablementManager.isEnabled without the
// --extensions flag: the last rule that matches the folder decides; rule is
// the one that disabled it.
func (e extensionEnablement) isEnabled(name, folder string) (enabled bool, rule string) {
	enabled = true
	target := ensureLeadingAndTrailingSlash(folder)
	for _, r := range e[name] {
		disable := strings.HasPrefix(r, "!")
		base := strings.TrimPrefix(r, "!")
		re, err := regexp2.Compile(globToRegex(base), regexp2.ECMAScript)
		if err != nil {
			continue
		}
		if ok, _ := re.MatchString(target); ok {
			enabled = !disable
			rule = r
		}
	}
	if enabled {
		rule = ""
	}
	return enabled, rule
}

func ensureLeadingAndTrailingSlash(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return p
}

// globToRegex is Gemini's globToRegex: regex characters escaped, then
// "*" (with the slash before it) made optional "anything".
func globToRegex(glob string) string {
	var b strings.Builder
	for _, c := range glob {
		if strings.ContainsRune(`.+?^${}()|[]\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	escaped := b.String()
	var out strings.Builder
	for i := 0; i < len(escaped); i++ {
		if escaped[i] == '/' && i+1 < len(escaped) && escaped[i+1] == '*' {
			out.WriteString("(/.*)?")
			i++
			continue
		}
		if escaped[i] == '*' {
			out.WriteString("(.*)?")
			continue
		}
		out.WriteByte(escaped[i])
	}
	return "^" + out.String() + "$"
}
