package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hookwarden/hookwarden/settingsio"
)

// disabledKeys is where Gemini CLI keeps the disabled list.
var disabledKeys = []string{"hooksConfig", "disabled"}

// newSettingsMode is the mode of a settings file Hookwarden creates: what
// Gemini CLI's fs.writeFileSync gives under the usual umask 022.
const newSettingsMode os.FileMode = 0o644

// FileEdit is one settings file Hookwarden wrote.
type FileEdit struct {
	Layer settingsio.Layer `json:"layer"`
	Path  string           `json:"path"`
	// Created is true when the file did not exist before.
	Created bool `json:"created"`
	// Added are the values appended to hooksConfig.disabled, with their
	// lines in the new file; Removed the entries deleted, with their lines
	// in the old file.
	Added   []ListEntry `json:"added,omitempty"`
	Removed []ListEntry `json:"removed,omitempty"`
}

// ListEntry is one hooksConfig.disabled value and its line.
type ListEntry struct {
	Value string `json:"value"`
	Line  int    `json:"line"`
}

// errNoChange ends an update that has nothing to write.
var errNoChange = errors.New("no change")

// listEdit decides a change of hooksConfig.disabled from the file's
// current list. Values are compared after Gemini's load-time expansion
// (expand), as Gemini compares them; the list may be nil (missing).
type listEdit func(list *settingsio.Node, expand func(string) string) settingsio.ListChange

// editList applies edit to hooksConfig.disabled of one settings file with
// a read-patch-write cycle: the file is read right before the write (a
// change another program made in the meantime is kept), patched in place
// (comments and layout kept), written atomically with its mode kept. It
// returns nil when there was nothing to change. A file that does not parse
// is never written. A missing file is created only when create is true
// (otherwise it is not even looked for again).
func editList(layer settingsio.Layer, path string, env settingsio.Env, create bool, edit listEdit) (*FileEdit, error) {
	expand := func(s string) string { return settingsio.ExpandEnv(s, env.Lookup) }
	if !create {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
	} else if err := ensureFolder(filepath.Dir(path)); err != nil {
		return nil, err
	}
	var result *FileEdit
	err := settingsio.UpdateFileAtomic(path, newSettingsMode, func(current []byte, exists bool) ([]byte, error) {
		result = nil
		var old *settingsio.Node
		decide := func(list *settingsio.Node) (settingsio.ListChange, error) {
			old = list
			return edit(list, expand), nil
		}
		out, changed, err := settingsio.PatchStringList(path, current, exists, disabledKeys, decide)
		if err != nil {
			return nil, err
		}
		if !changed {
			return nil, errNoChange
		}
		result = describeEdit(layer, path, !exists, old, out)
		return out, nil
	})
	if errors.Is(err, errNoChange) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return result, nil
}

// ensureFolder creates a missing settings folder the way Gemini CLI does
// (mkdirSync recursive: 0777 less the umask), before the atomic writer
// would create it private.
func ensureFolder(dir string) error {
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("creating %s: %w", dir, err)
	}
	return nil
}

// describeEdit compares the list before (old, nil when missing) and in the
// new file content.
func describeEdit(layer settingsio.Layer, path string, created bool, old *settingsio.Node, out []byte) *FileEdit {
	e := &FileEdit{Layer: layer, Path: path, Created: created}
	var newItems []*settingsio.Node
	if root, perr := settingsio.ParseJSONC(path, out); perr == nil {
		if l := root.Get("hooksConfig").Get("disabled"); l.Is(settingsio.Array) {
			newItems = l.Items
		}
	}
	var oldItems []*settingsio.Node
	if old != nil {
		oldItems = old.Items
	}
	// The patch removes some elements and appends at the end: the kept
	// elements come first, in order.
	kept := 0
	for _, it := range oldItems {
		if kept < len(newItems) && sameNode(it, newItems[kept]) {
			kept++
			continue
		}
		e.Removed = append(e.Removed, ListEntry{Value: it.Raw, Line: it.Pos.Line})
	}
	for _, it := range newItems[kept:] {
		e.Added = append(e.Added, ListEntry{Value: it.Raw, Line: it.Pos.Line})
	}
	return e
}

func sameNode(a, b *settingsio.Node) bool {
	return a.Kind == b.Kind && a.Raw == b.Raw && a.Bool == b.Bool && a.Number == b.Number
}

// listedIn returns the entries of a file's hooksConfig.disabled whose
// expanded value is name (nil when the file is missing, ignored or broken).
func listedIn(f *settingsio.File, name string) []*settingsio.Node {
	if f == nil || f.Root == nil || f.Ignored != "" {
		return nil
	}
	l := f.Root.Get("hooksConfig").Get("disabled")
	if !l.Is(settingsio.Array) {
		return nil
	}
	var out []*settingsio.Node
	for _, it := range l.Items {
		if it.Is(settingsio.String) && it.Str == name {
			out = append(out, it)
		}
	}
	return out
}
