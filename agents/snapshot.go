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

// KeptFiler is a Project that reads hooks or commands from files its
// Layers keep no bytes of (a plugin manifest's inline hooks, a plugin's
// skills, an extension's manifest): KeptFiles are those files as the
// snapshot read them, so that an approval can tell they are unchanged
// (UnchangedOnDisk).
type KeptFiler interface {
	KeptFiles() []*settingsio.File
}

// UnchangedOnDisk checks that the files holding hs are on disk as p read
// them (its Layers' files and its KeptFiles, byte for byte): nil when they
// are, else a *ChangedOnDisk for the first that is not (or the error
// reading it). It is a check that refuses, never a second read to approve
// from: the approval still records what the snapshot holds. It fails
// closed: a hook in a file the snapshot keeps no bytes of cannot be shown
// unchanged, so it is refused too (an agent keeps every file it reads
// hooks from, KeptFiler).
func UnchangedOnDisk(p Project, hs []*hooks.Hook) error {
	read := map[string]*settingsio.File{}
	for _, l := range p.Layers() {
		if l.File != nil && l.File.Path != "" {
			read[l.File.Path] = l.File
		}
	}
	if k, ok := p.(KeptFiler); ok {
		for _, f := range k.KeptFiles() {
			if f != nil && f.Path != "" && read[f.Path] == nil {
				read[f.Path] = f
			}
		}
	}
	checked := map[string]bool{}
	for _, h := range hs {
		path := h.Origin.File
		if checked[path] {
			continue
		}
		checked[path] = true
		f := read[path]
		if f == nil {
			return &NotKept{Path: path}
		}
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

// NotKept refuses an approval of a hook whose file the snapshot holds no
// bytes of (or that names no file): nothing can show it is what the user
// saw, so nothing is approved.
type NotKept struct {
	Path string
}

func (e *NotKept) Error() string {
	if e.Path == "" {
		return "a hook names no file Hookwarden read, so it cannot tell the hook is what was reviewed: nothing approved; review it again"
	}
	return e.Path + " was read without keeping its bytes, so Hookwarden cannot tell it is unchanged since it was reviewed: nothing approved; review it again"
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
