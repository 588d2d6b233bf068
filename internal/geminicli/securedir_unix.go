//go:build unix

package geminicli

import (
	"os"
	"path/filepath"
	"syscall"
)

// rootOwnedChain reports whether dir and every folder above it (after
// resolving symlinks) are owned by root and not writable by group or others.
func rootOwnedChain(dir string) bool {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return false
	}
	for d := real; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			return false
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		if !ok || st.Uid != 0 || fi.Mode().Perm()&0o022 != 0 {
			return false
		}
		if filepath.Dir(d) == d {
			return true
		}
	}
}
