package agents

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// ChangedOnDisk refuses a write that rests on a snapshot: a file the
// project read when it was opened holds other bytes now (a pull, an
// editor, another program racing the click). An approval approves what
// the user saw, so it approves nothing then; the face opens the project
// again and shows what is there now.
type ChangedOnDisk struct {
	Path string
	// Run: the refused write is a dry run's second read of the files (as
	// if the folder were trusted), not an approval.
	Run bool
}

func (e *ChangedOnDisk) Error() string {
	if e.Run {
		return e.Path + " changed since the project was opened: nothing was run; open it again"
	}
	return e.Path + " changed since it was reviewed: nothing approved; review it again"
}

// FileBytes is what one read of a file found: whether it was there, and
// its bytes.
type FileBytes struct {
	Exists bool
	Raw    []byte
}

// SameFiles checks that a second read of an agent's files (after: path →
// what it found), which a dry run as if the folder were trusted makes, found
// what the snapshot read (before): nil when it did, else a *ChangedOnDisk
// (Run) for the first file that differs, is new or is gone. The run then
// plans nothing from the second read that the snapshot did not show.
func SameFiles(before, after map[string]FileBytes) error {
	paths := make([]string, 0, len(before)+len(after))
	for p := range before {
		paths = append(paths, p)
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	for _, p := range paths {
		b, a := before[p], after[p]
		if a.Exists != b.Exists || !bytes.Equal(a.Raw, b.Raw) {
			return &ChangedOnDisk{Path: p, Run: true}
		}
	}
	return nil
}

// UnchangedOnDisk checks that the files holding hs are on disk as p read
// them (its Layers' files, byte for byte): nil when they are, else a
// *ChangedOnDisk for the first that is not (or the error reading it). It
// is a check that refuses, never a second read to approve from: the
// approval still records what the snapshot holds. A hook whose file the
// snapshot keeps no bytes of (a plugin's inline hooks, a skill's
// frontmatter) is not checked here; its agent's trust key covers its
// definition as the snapshot read it.
func UnchangedOnDisk(p Project, hs []*hooks.Hook) error {
	read := map[string]*settingsio.File{}
	for _, l := range p.Layers() {
		if l.File != nil && l.File.Path != "" {
			read[l.File.Path] = l.File
		}
	}
	checked := map[string]bool{}
	for _, h := range hs {
		path := h.Origin.File
		f := read[path]
		if f == nil || checked[path] {
			continue
		}
		checked[path] = true
		now, err := settingsio.ReadRegularFile(path)
		switch {
		case errors.Is(err, os.ErrNotExist):
			if f.Exists {
				return &ChangedOnDisk{Path: path}
			}
		case err != nil:
			return fmt.Errorf("reading %s again: %w", path, err)
		case !f.Exists || !bytes.Equal(now, f.Raw):
			return &ChangedOnDisk{Path: path}
		}
	}
	return nil
}

// HooksOf are the hooks of p with the IDs (in p's order).
func HooksOf(p Project, ids []string) []*hooks.Hook {
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	var out []*hooks.Hook
	for _, h := range p.Hooks() {
		if want[h.ID] {
			out = append(out, h)
		}
	}
	return out
}
