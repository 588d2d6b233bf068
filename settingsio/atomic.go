package settingsio

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// newDirMode is the mode of folders WriteFileAtomic creates. Private by
// default: the files written here hold trust decisions and script copies.
const newDirMode os.FileMode = 0o700

// updateAttempts bounds how often UpdateFileAtomic starts over when the file
// changes under it.
const updateAttempts = 8

// ErrFileChanged is returned by UpdateFileAtomic when another writer kept
// changing the file between the read and the rename on every attempt.
var ErrFileChanged = errors.New("the file kept changing while it was being updated")

// WriteFileAtomic replaces path with data so that a reader sees either the
// old or the new content, never a mix, even if the process dies half way:
// it writes a temporary file in the same folder, fsyncs it, renames it over
// path and fsyncs the folder. An existing file keeps its permission bits; a
// new one gets newMode. Missing folders are created. If path is a symbolic
// link, the file it points to is replaced and the link is kept. On failure
// the temporary file is removed and path is untouched.
func WriteFileAtomic(path string, data []byte, newMode os.FileMode) error {
	return writeFileAtomic(path, data, newMode, nil)
}

// writeFileAtomic is WriteFileAtomic with a check that runs after the
// temporary file is complete and right before the rename; an error from it
// aborts the write.
func writeFileAtomic(path string, data []byte, newMode os.FileMode, beforeRename func() error) error {
	target, err := resolveLink(path)
	if err != nil {
		return err
	}
	mode := newMode.Perm()
	existing, err := os.Stat(target)
	switch {
	case err == nil:
		if !existing.Mode().IsRegular() {
			return fmt.Errorf("writing %s: not a regular file", target)
		}
		if err := checkWritable(target); err != nil {
			return err
		}
		mode = existing.Mode().Perm()
	case errors.Is(err, fs.ErrNotExist):
		existing = nil
	default:
		return fmt.Errorf("writing %s: %w", target, err)
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, newDirMode); err != nil {
		return fmt.Errorf("writing %s: creating folder: %w", target, err)
	}
	removeStaleTemps(dir, filepath.Base(target), time.Now())
	tmp, err := os.CreateTemp(dir, tempPrefix(filepath.Base(target))+"*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", target, err)
	}
	tmpName := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			tmp.Close()
			os.Remove(tmpName)
		}
	}()
	if existing != nil {
		keepOwner(tmp, existing)
	}
	if err := tmp.Chmod(mode); err != nil {
		return fmt.Errorf("writing %s: setting mode: %w", target, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fmt.Errorf("writing %s: %w", tmpName, err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("writing %s: fsync: %w", tmpName, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", tmpName, err)
	}
	if beforeRename != nil {
		if err := beforeRename(); err != nil {
			return err
		}
	}
	if err := os.Rename(tmpName, target); err != nil {
		return fmt.Errorf("writing %s: %w", target, err)
	}
	ok = true
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("writing %s: fsync of folder: %w", target, err)
	}
	return nil
}

// staleTempAge is how old a temporary file of ours must be before the next
// write of the same file removes it: a write that is still going on keeps
// its temporary file for far less than this.
const staleTempAge = 15 * time.Minute

// tempPrefix is how the temporary files of a write to base begin; the rest
// of the name is the decimal number os.CreateTemp puts in.
func tempPrefix(base string) string { return "." + base + ".tmp-" }

// removeStaleTemps removes what writes to base that were killed half way
// left behind in dir: regular files named exactly as ours are named
// (tempPrefix(base) and digits only) that were last modified more than
// staleTempAge ago. Anything else (other names, links, folders, recent
// files of a write still going on) stays. Failures are ignored: the clean
// up is a courtesy, never a reason to refuse a write.
func removeStaleTemps(dir, base string, now time.Time) {
	prefix := tempPrefix(base)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		digits, ok := strings.CutPrefix(name, prefix)
		if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" || !e.Type().IsRegular() {
			continue
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Lstat(p); err == nil && fi.Mode().IsRegular() && now.Sub(fi.ModTime()) > staleTempAge {
			_ = os.Remove(p)
		}
	}
}

// resolveLink returns the file a symbolic link at path finally points to,
// or path itself when it is not a link (or does not exist).
func resolveLink(path string) (string, error) {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return path, nil
	}
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", fmt.Errorf("writing %s: following link: %w", path, err)
	}
	return target, nil
}

// UpdateFunc computes a file's new content from its current content
// (nil with exists false when the file is missing). It may be called more
// than once and must not have side effects. Returning the current content
// unchanged means "nothing to do": the file is not written. An error aborts
// the update and leaves the file untouched.
type UpdateFunc func(current []byte, exists bool) ([]byte, error)

// UpdateFileAtomic is a read-merge-write cycle that does not lose a change
// another program makes in the meantime: it reads path, calls update, and
// writes the result with WriteFileAtomic; right before the rename it reads
// the file again and, if it changed since the first read, drops its result
// and starts over from the new content (at most a few times, then it
// returns ErrFileChanged). Writers that use UpdateFileAtomic also exclude
// each other with an advisory lock on the folder where the platform has one.
func UpdateFileAtomic(path string, newMode os.FileMode, update UpdateFunc) error {
	target, err := resolveLink(path)
	if err != nil {
		return err
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, newDirMode); err != nil {
		return fmt.Errorf("updating %s: creating folder: %w", target, err)
	}
	unlock, err := lockDir(dir)
	if err != nil {
		return fmt.Errorf("updating %s: %w", target, err)
	}
	defer unlock()
	errChanged := errors.New("changed")
	for attempt := 0; attempt < updateAttempts; attempt++ {
		current, exists, err := readIfExists(target)
		if err != nil {
			return fmt.Errorf("updating %s: %w", target, err)
		}
		next, err := update(current, exists)
		if err != nil {
			return err
		}
		if exists && bytes.Equal(next, current) {
			return nil
		}
		unchanged := func() error {
			now, nowExists, err := readIfExists(target)
			if err != nil {
				return fmt.Errorf("updating %s: %w", target, err)
			}
			if nowExists != exists || !bytes.Equal(now, current) {
				return errChanged
			}
			return nil
		}
		err = writeFileAtomic(target, next, newMode, unchanged)
		if errors.Is(err, errChanged) {
			continue
		}
		return err
	}
	return fmt.Errorf("updating %s: %w (%d attempts)", target, ErrFileChanged, updateAttempts)
}

// readIfExists reads a file, reporting a missing file as exists == false.
func readIfExists(path string) ([]byte, bool, error) {
	data, err := ReadRegularFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return data, true, nil
}
