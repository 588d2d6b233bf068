package settingsio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
)

// RealFS reports whether paths for goos can be looked up on this machine's
// file system. When another OS is simulated, paths are only strings and
// symbolic links are not resolved.
func RealFS(goos string) bool { return goos == runtime.GOOS }

// RobustRealpath is realpath that also resolves a path that does not
// exist (as Gemini CLI's robustRealpath does): realpath, and for a path that
// does not exist, the realpath of its nearest existing ancestor with the
// rest appended (following a dangling symbolic link's target).
func RobustRealpath(p string) (string, error) { return robustRealpath(p, map[string]bool{}) }

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
