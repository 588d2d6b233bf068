package claudeschema

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// ReadSettings reads a settings file of a layer: missing, broken (with
// line and column; a top level that is not an object too) or parsed.
func ReadSettings(layer settingsio.Layer, path string) *settingsio.File {
	f := &settingsio.File{Layer: layer, Path: path}
	data, exists, perr := settingsio.ReadSettingsFile(path)
	f.Exists, f.Raw, f.Err = exists, data, perr
	if exists && perr == nil {
		f.Root, f.Err = settingsio.ParseJSONC(path, data)
		if f.Err == nil && !f.Root.Is(settingsio.Object) {
			f.Err, f.Root = &settingsio.ParseError{Path: path, Line: f.Root.Pos.Line, Column: f.Root.Pos.Column, Msg: "the settings are not a JSON object"}, nil
		}
	}
	return f
}

var varRef = regexp.MustCompile(`\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([^}]*)\})`)

// Expander is the load-time expansion of settings strings some agents
// apply: $VAR and ${VAR} of every variable getenv knows (even after a
// backslash); others are left for the shell, and so are the names kept
// (upper case; a reference in any letter case: ones the agent never
// expands, though they may be in its environment).
func Expander(getenv func(string) (string, bool), kept ...string) func(string) string {
	return func(s string) string {
		return varRef.ReplaceAllStringFunc(s, func(m string) string {
			sub := varRef.FindStringSubmatch(m)
			if slices.Contains(kept, strings.ToUpper(sub[1]+sub[2])) {
				return m
			}
			if v, ok := getenv(sub[1] + sub[2]); ok {
				return v
			}
			return m
		})
	}
}

// tokenLike says whether v looks like a token rather than a path, a word
// or a number: the hide of Entry.Spec also changes the command whose
// scripts are found, so a path (KEYS_DIR=/opt/keys) is never replaced.
func tokenLike(v string) bool {
	if len(v) < 8 || strings.ContainsAny(v, " \t\n") || strings.ContainsAny(v[:1], "/~.$") {
		return false
	}
	return strings.ContainsAny(v, "0123456789") && strings.ContainsFunc(v, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' })
}

// Switch is a top-level boolean setting read from several files by
// precedence (disableAllHooks): Files lowest first, Values their values
// (nil: not set, or a file the agent ignores).
type Switch struct {
	Key    string
	Files  []string
	Values []*bool
}

// Set makes the effective value of files[:i+1] v as far as file i can:
// it writes v to file i, or removes the key there when the files below
// already give v without it. It returns what it wrote (nil value: the key
// removed), the backup and the files changed; Shadow names a file above
// whose value still wins ("" none).
func (s Switch) Set(ctx context.Context, i int, v bool) (written any, backup *settingsio.Backup, changed []string, shadow string, err error) {
	below := false
	for _, b := range s.Values[:i] {
		if b != nil {
			below = *b
		}
	}
	written = v
	if below == v {
		written = nil
	}
	for j := i + 1; j < len(s.Files); j++ {
		if b := s.Values[j]; b != nil && *b != v {
			shadow = fmt.Sprintf("%s sets %q: %t and takes precedence", s.Files[j], s.Key, *b)
		}
	}
	path := s.Files[i]
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, nil, nil, "", err
	}
	backup, changed, err = agents.BackedUp([]string{path}, func() error {
		return settingsio.UpdateFileAtomic(path, 0o600, func(cur []byte, ok bool) ([]byte, error) {
			return SetTop(path, cur, ok, s.Key, written)
		})
	})
	return written, backup, changed, shadow, err
}

// Redactor names the values of the secret variables (at least 4
// characters long) by their variable, for text that shows a command an
// agent expanded: "${OPENAI_API_KEY}" instead of the key. The secrets are
// the agent's own and every variable of vars whose name says it holds one
// (secretName: GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY): the agent expands
// any variable a pulled command names.
func Redactor(secrets []string, vars settingsio.Env, lookup func(string) (string, bool)) func(string) string {
	secrets = slices.Clone(secrets)
	for _, kv := range vars {
		if k, v, ok := strings.Cut(kv, "="); ok && secretName.MatchString(k) && tokenLike(v) && !slices.Contains(secrets, k) {
			secrets = append(secrets, k)
		}
	}
	return func(s string) string {
		for _, k := range secrets {
			if v, ok := lookup(k); ok && len(v) >= 4 {
				s = strings.ReplaceAll(s, v, "${"+k+"}")
			}
		}
		return s
	}
}
