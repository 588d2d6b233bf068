package gemini

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/settingsio"
)

// trustRule is one trustedFolders.json entry: Key is the path normalized
// as Gemini keys it (normalizePath), RawKey the key as written.
type trustRule struct {
	Key, RawKey string
	Level       trustLevel
}

// parseTrustedFolders reads trustedFolders.json as loadTrustedFolders does:
// JSONC, a flat object of path → level; keys normalized (a later key that
// normalizes the same replaces the level in place). Any error (not an
// object, an invalid level) is fatal in Gemini; every one is reported,
// joined, as in its message.
func parseTrustedFolders(path string, data []byte, goos, base string) ([]trustRule, *settingsio.ParseError) {
	root, perr := settingsio.ParseJSONCValue(path, data)
	if perr != nil {
		return nil, perr
	}
	if root.Kind != settingsio.Object {
		return nil, &settingsio.ParseError{Path: path, Line: root.Pos.Line, Column: root.Pos.Column, Msg: "Trusted folders file is not a valid JSON object."}
	}
	var rules []trustRule
	index := map[string]int{}
	var msgs []string
	var first *settingsio.ParseError
	for _, m := range uniqueMembers(root) {
		level := m.Value
		if !level.Is(settingsio.String) || !trustLevel(level.Raw).Valid() {
			msgs = append(msgs, fmt.Sprintf("Invalid trust level \"%s\" for path \"%s\". Possible values are: %s, %s, %s.",
				level.JSString(), m.Key, trustFolder, trustParent, doNotTrust))
			if first == nil {
				first = &settingsio.ParseError{Path: path, Line: level.Pos.Line, Column: level.Pos.Column}
			}
			continue
		}
		key := normalizePath(goos, base, m.Key)
		if i, ok := index[key]; ok {
			rules[i].Level, rules[i].RawKey = trustLevel(level.Raw), m.Key
			continue
		}
		index[key] = len(rules)
		rules = append(rules, trustRule{Key: key, RawKey: m.Key, Level: trustLevel(level.Raw)})
	}
	if first != nil {
		first.Msg = strings.Join(msgs, "; ")
		return rules, first
	}
	return rules, nil
}

// uniqueMembers is Object.entries of what JSON.parse builds: one entry per
// key, at the key's first place, with the last value.
func uniqueMembers(n *settingsio.Node) []settingsio.Member {
	out := make([]settingsio.Member, 0, len(n.Members))
	at := map[string]int{}
	for _, m := range n.Members {
		if i, ok := at[m.Key]; ok {
			out[i].Value = m.Value
			continue
		}
		at[m.Key] = len(out)
		out = append(out, m)
	}
	return out
}

// matchTrustRules is LoadedTrustedFolders.isPathTrusted: the location and
// every rule's effective path (dirname for TRUST_PARENT) are realpath'd
// when they exist and normalized; among the rules whose path holds the
// location, the one with the longest normalized key wins (the first on a
// tie). ok is false when no rule matches.
func matchTrustRules(rules []trustRule, location, goos, base string) (rule trustRule, ok bool) {
	loc := normalizePath(goos, base, realpathIfExists(goos, location))
	best := -1
	for _, r := range rules {
		effective := r.Key
		if r.Level == trustParent {
			effective = settingsio.StyleFor(goos).Dirname(strings.ReplaceAll(r.Key, "/", settingsio.StyleFor(goos).Sep()))
		}
		eff := normalizePath(goos, base, realpathIfExists(goos, effective))
		if n := utf16Len(r.Key); isSubpath(goos, eff, loc) && n > best {
			best, rule, ok = n, r, true
		}
	}
	return rule, ok
}

// utf16Len is JavaScript's string length.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}
