package trust

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"time"

	"github.com/hookwarden/hookwarden/settingsio"
)

// StoreFileName is the name of Hookwarden's approval store in its folder.
const StoreFileName = "approvals.json"

// storeVersion is the format version written to the store.
const storeVersion = 1

// MaxStoredScript is the largest script whose content the store keeps
// (larger ones: hash and size only).
const MaxStoredScript = 256 << 10

// Store is Hookwarden's own record of what the user approved, beyond the
// keys Gemini CLI keeps: where each approved hook sat and a fingerprint of
// every script it runs. It lives in one JSON file, <Dir>/approvals.json:
//
//	{
//	  "version": 1,
//	  "projects": {
//	    "/abs/project": {
//	      "hooks": {
//	        "<gemini key name:command>": {
//	          "name": "security-check",
//	          "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/check.sh",
//	          "places": [{"event": "BeforeTool", "matcher": "write_file", "definition": 0, "index": 0,
//	                      "fields": {"event": "\"BeforeTool\"", "matcher": "\"write_file\"", "type": "\"command\"",
//	                                 "name": "\"security-check\"", "command": "\"…\"", "env.FOO": "\"bar\""}}],
//	          "approved_at": "2026-11-29T12:00:00Z",
//	          "scripts": [{"word": "…", "path": "/abs/…/check.sh", "exists": true, "sha256": "<hex>",
//	                       "size": 120, "outside_project": false}]
//	        }
//	      }
//	    }
//	  },
//	  "contents": {"<sha256 hex>": "<script text, when valid UTF-8 and ≤ 256 KiB>"}
//	}
//
// Script texts are kept once per content hash, for every script that any
// approval refers to. Each place keeps the approved entry's Definition
// ("fields"): a trusted key counts as approved only where its current
// definition equals one recorded here (records written before Hookwarden
// kept definitions have none, and need review again).
//
// Writes are atomic read-merge-write cycles (settingsio.UpdateFileAtomic),
// mode 0600.
type Store struct {
	// Dir is the store's folder (DefaultStoreDir in the app; a temporary
	// folder in tests).
	Dir string
	// checkpoint, when set (StoreCheckpoint.Store), records what each
	// Update read and wrote under the store's lock.
	checkpoint *StoreCheckpoint
}

// DefaultStoreDir is os.UserConfigDir()/hookwarden.
func DefaultStoreDir() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("locating Hookwarden's settings folder: %w", err)
	}
	return filepath.Join(dir, "hookwarden"), nil
}

// StoreDirEnvVar overrides the store folder (tests, portable setups).
const StoreDirEnvVar = settingsio.HookwardenDirEnvVar

// StoreDirFromEnv is DefaultStoreDir computed from an explicit environment
// (os.UserConfigDir's rules for goos), honouring HOOKWARDEN_CONFIG_DIR.
func StoreDirFromEnv(env settingsio.Env, goos string) (string, error) {
	return settingsio.HookwardenDir(env, goos)
}

// Path is the store file.
func (s Store) Path() string { return filepath.Join(s.Dir, StoreFileName) }

// StoreData is the content of the store file.
type StoreData struct {
	Version  int                      `json:"version"`
	Projects map[string]*StoreProject `json:"projects"`
	// Contents maps a sha256 to the script text with that hash.
	Contents map[string]string `json:"contents"`
	// sections are the agents' own parts of the store (see StoreSection)
	// by top-level key, once an agent asked for them; raw holds those read
	// from the file that no agent asked for yet, kept as they are.
	sections map[string]StoreSection
	raw      map[string]json.RawMessage
	// path is the file the data was read from ("" for a new store).
	path string
	// fingerprints is the fingerprint cache a check attached
	// (UseFingerprintCache).
	fingerprints *FingerprintCache
}

// StoreProject is what was approved for one project (keyed by the project
// path as Gemini forms it).
type StoreProject struct {
	Hooks map[string]*Approval `json:"hooks"`
	// Revoked is history: the last approval of each key that was revoked,
	// so that a review can still show what changed since it was approved.
	// It approves nothing.
	Revoked map[string]*Approval `json:"revoked,omitempty"`
}

// Approval is one approved hook key.
type Approval struct {
	Name       string           `json:"name"`
	Command    string           `json:"command"`
	Places     []Place          `json:"places"`
	ApprovedAt string           `json:"approved_at"`
	Scripts    []ScriptSnapshot `json:"scripts"`
	// RevokedAt is set on the history record of a revoked approval.
	RevokedAt string `json:"revoked_at,omitempty"`
}

// Place is where an approved hook sat in the workspace settings, and what
// it was there.
type Place struct {
	Event      string `json:"event"`
	Matcher    string `json:"matcher"`
	Definition int    `json:"definition"`
	Index      int    `json:"index"`
	// Fields is the approved entry's Definition (nil in records of a
	// Hookwarden that did not keep them).
	Fields Definition `json:"fields,omitempty"`
}

// At is the place without what was there, for comparing positions.
func (p Place) At() [4]string {
	return [4]string{p.Event, p.Matcher, strconv.Itoa(p.Definition), strconv.Itoa(p.Index)}
}

// ScriptSnapshot is a script's fingerprint at approval.
type ScriptSnapshot struct {
	Word   string `json:"word"`
	Path   string `json:"path"`
	Via    string `json:"via,omitempty"`
	Exists bool   `json:"exists"`
	SHA256 string `json:"sha256,omitempty"`
	Size   int64  `json:"size,omitempty"`
	// Content is the script text when it is valid UTF-8 and at most
	// MaxStoredScript bytes; nil otherwise. (Stored in StoreData.Contents.)
	Content *string `json:"-"`
	// OutsideProject: the path lies in the project but resolves (through
	// symbolic links) outside it.
	OutsideProject bool `json:"outside_project,omitempty"`
	// MadeByHook: a traced run created this file of the project itself, or
	// rewrote it (a state file the hook keeps from run to run), and then
	// read, ran or looked for it (a cache, a generated script). Once it is
	// there, or changed, it is the
	// hook's own product only while git does not track it (no pull can
	// have put it there); see trust/products.go.
	MadeByHook bool `json:"made_by_hook,omitempty"`
	// Mode is, for a file the command runs as a program (found by its
	// path or through PATH), whether it may be executed: "exec" or
	// "noexec" ("": not recorded). A pull that sets or clears the exec
	// bit changes what runs without changing the text: a guard that can
	// no longer be executed fails and the agent goes on, and a shell
	// that looks a name up in PATH skips a file it cannot execute.
	Mode string `json:"mode,omitempty"`
}

// Load reads the store; a missing file is an empty store.
func (s Store) Load() (*StoreData, error) {
	data, err := settingsio.ReadRegularFile(s.Path())
	if errors.Is(err, fs.ErrNotExist) {
		return &StoreData{Version: storeVersion, Projects: map[string]*StoreProject{}}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", s.Path(), err)
	}
	return decodeStore(s.Path(), data)
}

func decodeStore(path string, data []byte) (*StoreData, error) {
	d := &StoreData{}
	if perr := settingsio.CheckDepth(path, data); perr != nil {
		return nil, fmt.Errorf("reading %v (Hookwarden will not overwrite it; move it away to start a new store)", perr)
	}
	// d.decode is d.UnmarshalJSON without encoding/json's pass over the
	// bytes before it (json.Unmarshal(data, d) checks them first).
	if err := d.decode(data); err != nil {
		return nil, fmt.Errorf("reading %s: %w (Hookwarden will not overwrite it; move it away to start a new store)", path, err)
	}
	if d.Version > storeVersion {
		return nil, fmt.Errorf("reading %s: format version %d is newer than this Hookwarden understands (%d)", path, d.Version, storeVersion)
	}
	if d.Projects == nil {
		d.Projects = map[string]*StoreProject{}
	}
	d.path = path
	d.eachScripts(d.fillContents)
	return d, nil
}

// fillContents sets the Content of the scripts from the store's Contents.
func (d *StoreData) fillContents(sc []ScriptSnapshot) {
	for i := range sc {
		if text, ok := d.Contents[sc[i].SHA256]; ok && sc[i].SHA256 != "" {
			sc[i].Content = &text
		}
	}
}

// collectContents rebuilds Contents from the scripts the approvals refer
// to, so that texts no approval needs are dropped.
func (d *StoreData) collectContents() {
	old := d.Contents
	d.Contents = map[string]string{}
	d.eachScripts(func(sc []ScriptSnapshot) {
		for _, s := range sc {
			if s.Content != nil && s.SHA256 != "" {
				d.Contents[s.SHA256] = *s.Content
			}
		}
	})
	d.keepRawContents(old)
}

// eachScripts calls fn with the script list of every approval and history
// record in the store, Gemini CLI's and the agents' sections'.
func (d *StoreData) eachScripts(fn func([]ScriptSnapshot)) {
	for _, p := range d.Projects {
		if p == nil {
			continue
		}
		for _, m := range []map[string]*Approval{p.Hooks, p.Revoked} {
			for _, ap := range m {
				if ap != nil {
					fn(ap.Scripts)
				}
			}
		}
	}
	for _, key := range slices.Sorted(maps.Keys(d.sections)) {
		d.sections[key].EachScripts(fn)
	}
}

// Update applies change to the store in an atomic read-merge-write cycle;
// change may run more than once and must only touch the data it gets.
func (s Store) Update(change func(*StoreData) error) error {
	return settingsio.UpdateFileAtomic(s.Path(), 0o600, func(cur []byte, exists bool) ([]byte, error) {
		if c := s.checkpoint; c != nil && !c.read {
			// what this write undoes is what it read, under the lock: a
			// writer before it is kept by a Restore
			c.before, c.existed, c.read = bytes.Clone(cur), exists, true
		}
		d := &StoreData{Version: storeVersion, Projects: map[string]*StoreProject{}}
		if exists {
			var err error
			if d, err = decodeStore(s.Path(), cur); err != nil {
				return nil, err
			}
		}
		if err := change(d); err != nil {
			return nil, err
		}
		d.Version = storeVersion
		d.collectContents()
		out, err := d.encode(len(cur), true)
		if err != nil {
			return nil, fmt.Errorf("encoding %s: %w", s.Path(), err)
		}
		out = append(out, '\n')
		if c := s.checkpoint; c != nil {
			c.after, c.afterKnown = out, true
		}
		return out, nil
	})
}

// Project returns the project's record, creating it.
func (d *StoreData) Project(dir string) *StoreProject {
	p := d.Projects[dir]
	if p == nil {
		p = &StoreProject{Hooks: map[string]*Approval{}}
		d.Projects[dir] = p
	}
	if p.Hooks == nil {
		p.Hooks = map[string]*Approval{}
	}
	return p
}

// RevokedApprovals returns the history of a project's revoked approvals
// (nil when none).
func (d *StoreData) RevokedApprovals(dir string) map[string]*Approval {
	if d == nil || d.Projects[dir] == nil {
		return nil
	}
	return d.Projects[dir].Revoked
}

// Revoke moves the approval of key into the project's history.
func (p *StoreProject) Revoke(key string, now time.Time) {
	ap := p.Hooks[key]
	if ap == nil {
		return
	}
	delete(p.Hooks, key)
	if p.Revoked == nil {
		p.Revoked = map[string]*Approval{}
	}
	ap.RevokedAt = now.UTC().Format(time.RFC3339)
	p.Revoked[key] = ap
}

// Approvals returns the approvals of a project (nil when none).
func (d *StoreData) Approvals(dir string) map[string]*Approval {
	if d == nil || d.Projects[dir] == nil {
		return nil
	}
	return d.Projects[dir].Hooks
}
