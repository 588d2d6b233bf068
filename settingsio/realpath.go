package settingsio

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"unicode/utf8"
)

// realFS reports whether paths for goos can be looked up on this machine's
// file system. When another OS is simulated, paths are only strings and
// symbolic links are not resolved.
func RealFS(goos string) bool { return goos == runtime.GOOS }

// RealpathIfExists is Gemini's getRealPath in trust.ts: the realpath when the
// path exists, the path unchanged otherwise (or when realpath fails).
func RealpathIfExists(goos, p string) string {
	if !RealFS(goos) {
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

// ResolveToRealPath is Gemini's resolveToRealPath (core utils/paths.ts):
// file:// URLs become paths, %XX escapes are decoded (decodeURIComponent),
// and symbolic links are resolved even when the tail of the path does not
// exist (robustRealpath).
func ResolveToRealPath(goos, base, p string) (string, error) {
	if strings.HasPrefix(p, "file://") {
		if u, err := url.Parse(p); err == nil && u.Path != "" {
			p = u.Path
		}
	}
	if decoded, ok := decodeURIComponent(p); ok {
		p = decoded
	}
	abs := StyleFor(goos).Resolve(base, p)
	if !RealFS(goos) {
		return abs, nil
	}
	return robustRealpath(abs, map[string]bool{})
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

// robustRealpath is Gemini's robustRealpath: realpath, and for a path that
// does not exist, the realpath of its nearest existing ancestor with the
// rest appended (following a dangling symbolic link's target).
func robustRealpath(p string, visited map[string]bool) (string, error) {
	if visited[p] {
		return "", fmt.Errorf("infinite recursion detected in robustRealpath: %s", p)
	}
	visited[p] = true
	real, err := filepath.EvalSymlinks(p)
	if err == nil {
		return real, nil
	}
	if !isMissingPathError(err) {
		return "", fmt.Errorf("resolving %s: %w", p, err)
	}
	if info, lerr := os.Lstat(p); lerr == nil && info.Mode()&fs.ModeSymlink != 0 {
		if target, rerr := os.Readlink(p); rerr == nil {
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(p), target)
			}
			return robustRealpath(filepath.Clean(target), visited)
		}
	} else if lerr != nil && !isMissingPathError(lerr) {
		return "", fmt.Errorf("resolving %s: %w", p, lerr)
	}
	parent := filepath.Dir(p)
	if parent == p {
		return p, nil
	}
	realParent, err := robustRealpath(parent, visited)
	if err != nil {
		return "", err
	}
	return filepath.Join(realParent, filepath.Base(p)), nil
}

// isMissingPathError matches the error codes robustRealpath falls back on:
// ENOENT, EISDIR, ENAMETOOLONG, ENOTDIR.
func isMissingPathError(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) ||
		errors.Is(err, syscall.EISDIR) || errors.Is(err, syscall.ENAMETOOLONG)
}
