//go:build unix

package gemini

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// hostStatFS is the machine's file system for the system-file check.
type hostStatFS struct{}

func (hostStatFS) Stat(p string) (fileStat, bool, error)  { return statPath(p, os.Stat) }
func (hostStatFS) Lstat(p string) (fileStat, bool, error) { return statPath(p, os.Lstat) }
func (hostStatFS) Realpath(p string) (string, error)      { return filepath.EvalSymlinks(p) }

func statPath(p string, stat func(string) (os.FileInfo, error)) (fileStat, bool, error) {
	info, err := stat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return fileStat{}, false, nil
	}
	if err != nil {
		return fileStat{}, false, fmt.Errorf("stat %s: %w", p, err)
	}
	st := fileStat{IsDir: info.IsDir(), IsFile: info.Mode().IsRegular(), IsSymlink: info.Mode()&fs.ModeSymlink != 0}
	if sys, ok := info.Sys().(*syscall.Stat_t); ok {
		st.UID = sys.Uid
		st.Mode = uint32(sys.Mode)
	}
	return st, true, nil
}

// hostSystemFileInsecurity runs the check on this machine.
func hostSystemFileInsecurity(p string) string { return systemFileInsecurity(hostStatFS{}, p) }
