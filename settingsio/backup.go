package settingsio

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrChangedSinceWrite is returned by Backup.Restore when a file was
// changed by someone else after the write that is being undone.
var ErrChangedSinceWrite = errors.New("changed since Hookwarden wrote it")

// Backup holds the bytes of some files before a write, so that the write
// can be undone exactly: BackUp before the write, Seal after it, Restore to
// undo.
type Backup struct {
	files []backedUp
}

type backedUp struct {
	path          string
	before, after []byte
	existed       bool // before the write
	exists        bool // after it (set by Seal)
	mode          os.FileMode
}

// BackUp reads paths (a missing file is recorded as missing).
func BackUp(paths ...string) (*Backup, error) {
	b := &Backup{}
	for _, p := range paths {
		data, ok, err := readIfExists(p)
		if err != nil {
			return nil, fmt.Errorf("backing up %s: %w", p, err)
		}
		f := backedUp{path: p, before: data, existed: ok, mode: 0o600}
		if fi, err := os.Stat(p); err == nil {
			f.mode = fi.Mode().Perm()
		}
		b.files = append(b.files, f)
	}
	return b, nil
}

// Seal records the files as the write left them. It returns the paths the
// write changed (created, changed or removed).
func (b *Backup) Seal() ([]string, error) {
	var changed []string
	for i := range b.files {
		f := &b.files[i]
		data, ok, err := readIfExists(f.path)
		if err != nil {
			return nil, fmt.Errorf("reading %s after the write: %w", f.path, err)
		}
		f.after, f.exists = data, ok
		if ok != f.existed || !bytes.Equal(data, f.before) {
			changed = append(changed, f.path)
		}
	}
	return changed, nil
}

// Restore puts every file the write changed back as it was: the old bytes
// through UpdateFileAtomic (so a reader never sees half a file), or the
// file removed when the write created it. It changes nothing, and returns
// ErrChangedSinceWrite, when a file no longer holds what the write left
// there: undoing then would lose someone else's change.
func (b *Backup) Restore() error {
	var todo []backedUp
	for _, f := range b.files {
		if f.exists == f.existed && bytes.Equal(f.before, f.after) {
			continue
		}
		now, ok, err := readIfExists(f.path)
		if err != nil {
			return fmt.Errorf("undo: %w", err)
		}
		if ok != f.exists || !bytes.Equal(now, f.after) {
			return fmt.Errorf("undo: %s %w; nothing was undone", f.path, ErrChangedSinceWrite)
		}
		todo = append(todo, f)
	}
	for _, f := range todo {
		if err := f.restore(); err != nil {
			return fmt.Errorf("undo: %w", err)
		}
	}
	return nil
}

func (f backedUp) restore() error {
	if !f.existed {
		err := os.Remove(f.path)
		if err == nil || errors.Is(err, fs.ErrNotExist) {
			return syncDir(filepath.Dir(f.path))
		}
		return err
	}
	return UpdateFileAtomic(f.path, f.mode, func(cur []byte, exists bool) ([]byte, error) {
		if exists != f.exists || !bytes.Equal(cur, f.after) {
			return nil, fmt.Errorf("%s %w", f.path, ErrChangedSinceWrite)
		}
		return f.before, nil
	})
}
