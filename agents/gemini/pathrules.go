package gemini

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/hookwarden/hookwarden/settingsio"
)

// normalizePath is Gemini's normalizePath (core utils/paths.ts): resolve,
// backslashes to slashes, lower-cased on darwin and win32. base stands in
// for process.cwd().
func normalizePath(goos, base, p string) string {
	abs := strings.ReplaceAll(settingsio.StyleFor(goos).Resolve(base, p), `\`, "/")
	if settingsio.CaseInsensitive(goos) {
		return strings.ToLower(abs)
	}
	return abs
}

// isSubpath is Gemini's isSubpath(parent, child): child equals parent or
// lies inside it (case-insensitively on darwin and win32).
func isSubpath(goos, parent, child string) bool {
	s := settingsio.StyleFor(goos)
	p := strings.ReplaceAll(s.Clean(parent), `\`, "/")
	c := strings.ReplaceAll(s.Clean(child), `\`, "/")
	if settingsio.CaseInsensitive(goos) {
		p, c = strings.ToLower(p), strings.ToLower(c)
	}
	if p == c {
		return true
	}
	if !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return strings.HasPrefix(c, p)
}

// realpathIfExists is Gemini's getRealPath in trust.ts: the realpath when the
// path exists, the path unchanged otherwise (or when realpath fails).
func realpathIfExists(goos, p string) string {
	if !settingsio.RealFS(goos) {
		return p
	}
	if _, err := os.Stat(p); err != nil {
		return p
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return p
	}
	return real
}

// resolveToRealPath is Gemini's resolveToRealPath (core utils/paths.ts):
// file:// URLs become paths, %XX escapes are decoded (decodeURIComponent),
// and symbolic links are resolved even when the tail of the path does not
// exist (robustRealpath).
func resolveToRealPath(goos, base, p string) (string, error) {
	if strings.HasPrefix(p, "file://") {
		if u, err := url.Parse(p); err == nil && u.Path != "" {
			p = u.Path
		}
	}
	if decoded, ok := decodeURIComponent(p); ok {
		p = decoded
	}
	abs := settingsio.StyleFor(goos).Resolve(base, p)
	if !settingsio.RealFS(goos) {
		return abs, nil
	}
	return settingsio.RobustRealpath(abs)
}

// decodeURIComponent decodes %XX escapes like JavaScript's
// decodeURIComponent; ok is false where JavaScript would throw.
func decodeURIComponent(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	decoded, err := url.PathUnescape(s)
	if err != nil || !utf8.ValidString(decoded) {
		return s, false
	}
	return decoded, true
}
