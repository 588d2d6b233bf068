package agents

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// UserEdit is one file a user-level hook of Hookwarden's is written to
// (the protective hook, the observer): how to add its entries and how to
// take them out again, in the agent's own format.
type UserEdit struct {
	Path string
	// Add returns data (the file's content; exists false: there is none)
	// with the entries added; a file that does not parse is an error.
	Add func(data []byte, exists bool) ([]byte, error)
	// Remove returns data without the entries (found false: it has none).
	Remove func(data []byte) (out []byte, found bool, err error)
	// Holds reports whether data holds every entry (nil: Remove finds
	// one). A file that holds only some gets the others on the next Add.
	Holds func(data []byte) (bool, error)
}

// holds reports whether data holds e's entries.
func (e UserEdit) holds(data []byte) (bool, error) {
	if e.Holds != nil {
		return e.Holds(data)
	}
	_, found, err := e.Remove(data)
	return found, err
}

// UserEditSet is a user-level hook of Hookwarden's: the file in
// Hookwarden's folder that keeps what it changed (per agent), and what it
// is called in messages.
type UserEditSet struct {
	Record string
	What   string
	// Entries is what the set adds, as a note names it ("the entry").
	Entries string
}

// editRecord is one file an edit set wrote.
type editRecord struct {
	Path    string `json:"path"`
	Existed bool   `json:"existed"`
	// Before is the file's content before (base64 in the JSON); After the
	// sha256 of what was written.
	Before []byte `json:"before"`
	After  string `json:"after_sha256"`
}

// EditState is whether the entries are in each of their files.
type EditState struct {
	Files []EditFileState
}

// On reports whether every file holds the entries.
func (s EditState) On() bool {
	for _, f := range s.Files {
		if !f.On {
			return false
		}
	}
	return len(s.Files) > 0
}

// EditFileState is one file of an edit set.
type EditFileState struct {
	Path string
	On   bool
	// Err says why the file could not be read.
	Err error
}

// EditNotes are what an install or removal did, one line each.
type EditNotes []string

func (s UserEditSet) recordPath(env Env) (string, error) {
	dir, err := trust.StoreDirFromEnv(env.Vars, env.GOOS)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, s.Record), nil
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// updateRecords changes the records of agent.
func (s UserEditSet) updateRecords(env Env, agent string, change func([]editRecord) []editRecord) error {
	path, err := s.recordPath(env)
	if err != nil {
		return err
	}
	return settingsio.UpdateFileAtomic(path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
		all := map[string][]editRecord{}
		if exists && len(bytes.TrimSpace(cur)) > 0 {
			if err := json.Unmarshal(cur, &all); err != nil {
				return nil, fmt.Errorf("reading %s: %w (Hookwarden will not overwrite it; move it away)", path, err)
			}
		}
		if recs := change(all[agent]); len(recs) > 0 {
			all[agent] = recs
		} else {
			delete(all, agent)
		}
		out, err := json.MarshalIndent(all, "", "  ")
		return append(out, '\n'), err
	})
}

func (s UserEditSet) loadRecords(env Env, agent string) ([]editRecord, error) {
	path, err := s.recordPath(env)
	if err != nil {
		return nil, err
	}
	data, err := settingsio.ReadRegularFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	all := map[string][]editRecord{}
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return all[agent], nil
}

// Install writes agent's entries: every edit is written atomically
// (comments and layout kept; a file that does not parse is left alone and
// nothing is written), and what each file was is recorded for Remove. A
// file that already holds the entries is left as it is.
func (s UserEditSet) Install(env Env, agent string, edits []UserEdit) (EditNotes, error) {
	var notes EditNotes
	var done []editRecord
	undo := func() {
		for i := len(done) - 1; i >= 0; i-- {
			r := done[i]
			_ = settingsio.UpdateFileAtomic(r.Path, 0o600, func(cur []byte, _ bool) ([]byte, error) {
				if sha256Hex(cur) == r.After {
					return r.Before, nil
				}
				return cur, nil
			})
			if !r.Existed {
				removeIfSame(r.Path, r.Before)
			}
		}
	}
	for _, e := range edits {
		var rec *editRecord
		err := settingsio.UpdateFileAtomic(e.Path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
			rec = nil
			if exists {
				if on, err := e.holds(cur); err != nil {
					return nil, err
				} else if on {
					return cur, nil // already on
				}
			}
			out, err := e.Add(cur, exists)
			if err != nil {
				return nil, err
			}
			rec = &editRecord{Path: e.Path, Existed: exists, Before: append([]byte{}, cur...), After: sha256Hex(out)}
			return out, nil
		})
		if err != nil {
			undo()
			return nil, fmt.Errorf("installing %s: %w (nothing was changed)", s.What, err)
		}
		if rec == nil {
			notes = append(notes, "already in "+e.Path)
			continue
		}
		done = append(done, *rec)
		notes = append(notes, "added to "+e.Path)
	}
	err := s.updateRecords(env, agent, func(old []editRecord) []editRecord {
		out := append([]editRecord{}, old...)
		for _, r := range done {
			kept := false
			for i := range out {
				if out[i].Path == r.Path {
					if out[i].After != sha256Hex(r.Before) {
						// the earlier record no longer describes the file
						// (changed since): the new one does
						out[i] = r
					} else {
						// on again over a partial install: the file goes
						// back to what it was before the first
						out[i].After = r.After
					}
					kept = true
				}
			}
			if !kept {
				out = append(out, r)
			}
		}
		return out
	})
	if err != nil {
		undo()
		return nil, fmt.Errorf("recording what %s changed: %w (nothing was changed)", s.What, err)
	}
	return notes, nil
}

// Remove takes agent's entries out: a file exactly as Install left it
// gets its earlier bytes back (a file Install created is removed); one
// changed since loses only the entries.
func (s UserEditSet) Remove(env Env, agent string, edits []UserEdit) (EditNotes, error) {
	recs, err := s.loadRecords(env, agent)
	if err != nil {
		return nil, err
	}
	byPath := map[string]editRecord{}
	for _, r := range recs {
		byPath[r.Path] = r
	}
	var notes EditNotes
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		r, recorded := byPath[e.Path]
		note, remove := "", []byte(nil)
		err := settingsio.UpdateFileAtomic(e.Path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
			note, remove = "", nil
			if !exists {
				note = "not in " + e.Path + " (the file does not exist)"
				return cur, nil
			}
			if recorded && sha256Hex(cur) == r.After {
				if !r.Existed {
					note, remove = "removed "+e.Path+" (Hookwarden had created it)", append([]byte{}, cur...)
					return cur, nil
				}
				note = "put " + e.Path + " back byte for byte"
				return r.Before, nil
			}
			out, found, err := e.Remove(cur)
			if err != nil {
				return nil, err
			}
			if !found {
				note = "not in " + e.Path
				return cur, nil
			}
			note = "removed " + s.Entries + " from " + e.Path + " (the file changed since, so only " + s.Entries + " came out)"
			return out, nil
		})
		if err != nil {
			return notes, fmt.Errorf("removing %s: %w", s.What, err)
		}
		if remove != nil {
			removeIfSame(e.Path, remove)
		}
		notes = append(notes, note)
	}
	if err := s.updateRecords(env, agent, func([]editRecord) []editRecord { return nil }); err != nil {
		return notes, err
	}
	return notes, nil
}

// removeIfSame removes a file Install created when it still holds
// content.
func removeIfSame(path string, content []byte) {
	if cur, err := os.ReadFile(path); err == nil && bytes.Equal(cur, content) {
		_ = os.Remove(path)
	}
}

// Status says whether the entries are in their files.
func (UserEditSet) Status(edits []UserEdit) EditState {
	var st EditState
	for _, e := range edits {
		fsState := EditFileState{Path: e.Path}
		data, err := settingsio.ReadRegularFile(e.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			fsState.Err = err
		default:
			fsState.On, fsState.Err = e.holds(data)
		}
		st.Files = append(st.Files, fsState)
	}
	return st
}
