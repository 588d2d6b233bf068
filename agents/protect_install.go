package agents

import (
	"bytes"
	"context"
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

// ProtectRecordName is the file in Hookwarden's folder that keeps, per
// agent, what `protect on` changed, so that `protect off` puts every file
// back byte for byte.
const ProtectRecordName = "protect.json"

// protectRecord is one file protect on wrote.
type protectRecord struct {
	Path    string `json:"path"`
	Existed bool   `json:"existed"`
	// Before is the file's content before (base64 in the JSON); After the
	// sha256 of what protect on wrote.
	Before []byte `json:"before"`
	After  string `json:"after_sha256"`
}

// ProtectState is whether the protective hook is in each of its files.
type ProtectState struct {
	Files []ProtectFileState
}

// On reports whether every file holds the entry.
func (s ProtectState) On() bool {
	for _, f := range s.Files {
		if !f.On {
			return false
		}
	}
	return len(s.Files) > 0
}

// ProtectFileState is one file of the protective hook.
type ProtectFileState struct {
	Path string
	On   bool
	// Err says why the file could not be read.
	Err error
}

// ProtectNotes are what protect on or off did, one line each.
type ProtectNotes []string

func protectRecordPath(env Env) (string, error) {
	dir, err := trust.StoreDirFromEnv(env.Vars, env.GOOS)
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, ProtectRecordName), nil
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// updateProtectRecords changes the records of agent in protect.json.
func updateProtectRecords(env Env, agent string, change func([]protectRecord) []protectRecord) error {
	path, err := protectRecordPath(env)
	if err != nil {
		return err
	}
	return settingsio.UpdateFileAtomic(path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
		all := map[string][]protectRecord{}
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

func loadProtectRecords(env Env, agent string) ([]protectRecord, error) {
	path, err := protectRecordPath(env)
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
	all := map[string][]protectRecord{}
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return all[agent], nil
}

// ProtectOn installs agent's protective hook running command: every edit
// is written atomically (comments and layout kept; a file that does not
// parse is left alone and nothing is written), and what each file was is
// recorded for ProtectOff. A file that already holds the entry is left
// as it is.
func ProtectOn(env Env, agent string, p Protector, command string) (ProtectNotes, error) {
	edits, err := p.ProtectEdits(env, command)
	if err != nil {
		return nil, err
	}
	var notes ProtectNotes
	var done []protectRecord
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
		var rec *protectRecord
		err := settingsio.UpdateFileAtomic(e.Path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
			rec = nil
			if exists {
				if _, found, err := e.Remove(cur); err != nil {
					return nil, err
				} else if found {
					return cur, nil // already on
				}
			}
			out, err := e.Add(cur, exists)
			if err != nil {
				return nil, err
			}
			rec = &protectRecord{Path: e.Path, Existed: exists, Before: append([]byte{}, cur...), After: sha256Hex(out)}
			return out, nil
		})
		if err != nil {
			undo()
			return nil, fmt.Errorf("installing the protective hook: %w (nothing was changed)", err)
		}
		if rec == nil {
			notes = append(notes, "already in "+e.Path)
			continue
		}
		done = append(done, *rec)
		notes = append(notes, "added to "+e.Path)
	}
	err = updateProtectRecords(env, agent, func(old []protectRecord) []protectRecord {
		out := append([]protectRecord{}, old...)
		for _, r := range done {
			kept := false
			for i := range out {
				if out[i].Path == r.Path {
					out[i], kept = r, true
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
		return nil, fmt.Errorf("recording what the protective hook changed: %w (nothing was changed)", err)
	}
	return notes, nil
}

// ProtectOff removes agent's protective hook: a file exactly as protect on
// left it gets its earlier bytes back (a file protect on created is
// removed); one changed since loses only the entry.
func ProtectOff(env Env, agent string, p Protector, command string) (ProtectNotes, error) {
	edits, err := p.ProtectEdits(env, command)
	if err != nil {
		return nil, err
	}
	recs, err := loadProtectRecords(env, agent)
	if err != nil {
		return nil, err
	}
	byPath := map[string]protectRecord{}
	for _, r := range recs {
		byPath[r.Path] = r
	}
	var notes ProtectNotes
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
					note, remove = "removed "+e.Path+" (protect on had created it)", append([]byte{}, cur...)
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
			note = "removed the entry from " + e.Path + " (the file changed since protect on, so only the entry was taken out)"
			return out, nil
		})
		if err != nil {
			return notes, fmt.Errorf("removing the protective hook: %w", err)
		}
		if remove != nil {
			removeIfSame(e.Path, remove)
		}
		notes = append(notes, note)
	}
	if err := updateProtectRecords(env, agent, func([]protectRecord) []protectRecord { return nil }); err != nil {
		return notes, err
	}
	return notes, nil
}

// removeIfSame removes a file protect on created when it still holds
// content.
func removeIfSame(path string, content []byte) {
	if cur, err := os.ReadFile(path); err == nil && bytes.Equal(cur, content) {
		_ = os.Remove(path)
	}
}

// ProtectStatus says whether the protective hook is in its files.
func ProtectStatus(env Env, p Protector, command string) (ProtectState, error) {
	edits, err := p.ProtectEdits(env, command)
	if err != nil {
		return ProtectState{}, err
	}
	var st ProtectState
	for _, e := range edits {
		fsState := ProtectFileState{Path: e.Path}
		data, err := settingsio.ReadRegularFile(e.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
		case err != nil:
			fsState.Err = err
		default:
			_, fsState.On, fsState.Err = e.Remove(data)
		}
		st.Files = append(st.Files, fsState)
	}
	return st, nil
}

// ProtectedFiles are the files and folders no tool call of an agent may
// write in project: every agent's files (Project.Watch: settings, trust
// and hook files, Hookwarden's store) and every script and file seen
// running that their reviews fingerprint, plus extra.
func ProtectedFiles(ctx context.Context, reg *Registry, env Env, project string, extra ...string) (*Protected, error) {
	paths := append([]string{}, extra...)
	if env.Check == nil {
		env.Check = NewCheck() // one read of the store; no risk analysis of approved hooks
	}
	for _, a := range reg.All() {
		p, err := a.Open(ctx, env, project)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.Info().Title, err)
		}
		paths = append(paths, p.Watch()...)
		r, err := p.Review(ctx)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.Info().Title, err)
		}
		for _, h := range r.Hooks {
			for _, s := range h.Scripts {
				paths = append(paths, s.Path)
			}
		}
	}
	var out []string
	for _, x := range paths {
		if fi, err := os.Stat(x); err == nil && fi.IsDir() && x != "" && x[len(x)-1] != filepath.Separator {
			x += string(filepath.Separator)
		}
		if d := filepath.Clean(x); x != "" && x[len(x)-1] == filepath.Separator && (inside(project, d) || d == filepath.Clean(env.Home)) {
			continue // the project, the home or a folder above: not a hook folder
		}
		out = append(out, x)
	}
	return NewProtected(out), nil
}
