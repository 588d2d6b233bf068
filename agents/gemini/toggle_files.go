package gemini

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/hookwarden/hookwarden/settingsio"
)

// disabledKeys is where Gemini CLI keeps the disabled list.
var disabledKeys = []string{"hooksConfig", "disabled"}

// newSettingsMode is the mode of a settings file Hookwarden creates: what
// Gemini CLI's fs.writeFileSync gives under the usual umask 022.
const newSettingsMode os.FileMode = 0o644

// fileEdit is one settings file Hookwarden wrote.
type fileEdit struct {
	Layer settingsio.Layer `json:"layer"`
	Path  string           `json:"path"`
	// Created is true when the file did not exist before.
	Created bool `json:"created"`
	// Restored is true when the edit put the file back exactly as it was
	// before Hookwarden's earlier switch edits (byte for byte; Deleted when
	// they had created it), rather than leaving an empty list behind.
	Restored bool `json:"restored,omitempty"`
	Deleted  bool `json:"deleted,omitempty"`
	// JournalError says why the byte-for-byte undo record could not be
	// kept (the edit itself was made).
	JournalError string `json:"journal_error,omitempty"`
	// Added are the values appended to hooksConfig.disabled, with their
	// lines in the new file; Removed the entries deleted, with their lines
	// in the old file.
	Added   []listEntry `json:"added,omitempty"`
	Removed []listEntry `json:"removed,omitempty"`
}

// listEntry is one hooksConfig.disabled value and its line.
type listEntry struct {
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
//
// With a journal, an edit that leaves the list as it was before
// Hookwarden's first pending edit of the file, while the file is still
// exactly what Hookwarden last wrote, writes back the original bytes
// instead (or deletes the file those edits created), so that disable then
// enable leaves no trace.
func (t *toggler) editList(layer settingsio.Layer, path string, create bool, edit listEdit) (*fileEdit, error) {
	expand := func(s string) string { return expandEnv(s, t.Env.Lookup) }
	if !create {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
	} else if err := ensureFolder(filepath.Dir(path)); err != nil {
		return nil, err
	}
	var entry *settingsio.JournalEntry
	if t.Journal != nil {
		// A journal that cannot be read only loses the byte-for-byte undo
		// of earlier edits; this edit starts a new record.
		entry, _ = t.Journal.Get(path)
	}
	var result *fileEdit
	var next *settingsio.JournalEntry
	deleteFile := false
	err := settingsio.UpdateFileAtomic(path, newSettingsMode, func(current []byte, exists bool) ([]byte, error) {
		result, next, deleteFile = nil, nil, false
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
		ours := entry != nil && exists && settingsio.ContentHash(current) == entry.After
		switch {
		case ours && sameDisabledList(path, entry.Before, entry.Existed, out):
			result.Restored = true
			if !entry.Existed {
				deleteFile, result.Deleted = true, true
				return nil, errNoChange
			}
			out = entry.Before
		case ours:
			next = &settingsio.JournalEntry{Before: entry.Before, Existed: entry.Existed, After: settingsio.ContentHash(out)}
		default:
			next = &settingsio.JournalEntry{Before: current, Existed: exists, After: settingsio.ContentHash(out)}
		}
		return out, nil
	})
	if errors.Is(err, errNoChange) && deleteFile {
		err = removeIfUnchanged(path, entry.After)
	} else if errors.Is(err, errNoChange) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if t.Journal != nil {
		if err := t.Journal.Put(path, next); err != nil {
			result.JournalError = err.Error()
		}
	}
	return result, nil
}

// sameDisabledList reports whether out's hooksConfig.disabled holds the
// same values as before's (an absent list and an empty one are the same;
// a missing before file has none).
func sameDisabledList(path string, before []byte, existed bool, out []byte) bool {
	values := func(data []byte) ([]string, bool) {
		root, perr := settingsio.ParseJSONC(path, data)
		if perr != nil {
			return nil, false
		}
		l := root.Get("hooksConfig").Get("disabled")
		if l == nil {
			return nil, true
		}
		if !l.Is(settingsio.Array) {
			return nil, false
		}
		var vs []string
		for _, it := range l.Items {
			if !it.Is(settingsio.String) {
				return nil, false
			}
			vs = append(vs, it.Raw)
		}
		return vs, true
	}
	now, ok := values(out)
	if !ok {
		return false
	}
	if !existed {
		return len(now) == 0
	}
	then, ok := values(before)
	return ok && slices.Equal(then, now)
}

// removeIfUnchanged deletes a settings file Hookwarden's switch created,
// if it still holds what Hookwarden wrote.
func removeIfUnchanged(path, hash string) error {
	data, err := settingsio.ReadRegularFile(path)
	if err != nil {
		return fmt.Errorf("restoring %s: %w", path, err)
	}
	if settingsio.ContentHash(data) != hash {
		return fmt.Errorf("restoring %s: the file changed meanwhile; enable again", path)
	}
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("restoring %s: %w", path, err)
	}
	return nil
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
func describeEdit(layer settingsio.Layer, path string, created bool, old *settingsio.Node, out []byte) *fileEdit {
	e := &fileEdit{Layer: layer, Path: path, Created: created}
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
		e.Removed = append(e.Removed, listEntry{Value: it.Raw, Line: it.Pos.Line})
	}
	for _, it := range newItems[kept:] {
		e.Added = append(e.Added, listEntry{Value: it.Raw, Line: it.Pos.Line})
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
