package settingsio

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
)

// JournalFileName is the switch journal's name in Hookwarden's folder.
const JournalFileName = "switch-journal.json"

// EditJournal remembers, for each settings file Hookwarden's switch
// edited, the file as it was before the first of those edits and a hash of
// what Hookwarden last wrote, so that switching everything back restores
// the file byte for byte (removing a hooksConfig block the switch created)
// instead of leaving `"hooksConfig": {"disabled": []}` behind. An entry
// only counts while the file is exactly what Hookwarden last wrote; any
// other change to the file ends it. The file is JSON, mode 0600:
//
//	{"version": 1, "files": {"/abs/settings.json": {"before": "<base64>", "existed": true, "after": "<sha256 hex>"}}}
type EditJournal struct {
	// Path is the journal file (HookwardenDir/switch-journal.json).
	Path string
}

// JournalEntry is one file's record.
type JournalEntry struct {
	// Before is the file's content before Hookwarden's first pending edit;
	// Existed is false when that edit created the file.
	Before  []byte `json:"before"`
	Existed bool   `json:"existed"`
	// After is the sha256 of what Hookwarden last wrote to the file.
	After string `json:"after"`
}

type journalData struct {
	Version int                      `json:"version"`
	Files   map[string]*JournalEntry `json:"files"`
}

// ContentHash is the hex sha256 the journal compares contents by.
func ContentHash(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// Get returns the entry of a settings file (nil when none).
func (j EditJournal) Get(file string) (*JournalEntry, error) {
	data, err := ReadRegularFile(j.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", j.Path, err)
	}
	var d journalData
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, fmt.Errorf("reading %s: %w", j.Path, err)
	}
	return d.Files[filepath.Clean(file)], nil
}

// Put records the entry of a settings file; nil removes it.
func (j EditJournal) Put(file string, e *JournalEntry) error {
	return UpdateFileAtomic(j.Path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
		d := journalData{Version: 1, Files: map[string]*JournalEntry{}}
		if exists {
			if err := json.Unmarshal(cur, &d); err != nil {
				// A journal that does not parse only loses the byte-for-byte
				// undo; start a new one.
				d = journalData{Version: 1}
			}
			if d.Files == nil {
				d.Files = map[string]*JournalEntry{}
			}
		}
		if e == nil {
			delete(d.Files, filepath.Clean(file))
		} else {
			d.Files[filepath.Clean(file)] = e
		}
		out, err := json.MarshalIndent(d, "", "  ")
		if err != nil {
			return nil, err
		}
		return append(out, '\n'), nil
	})
}
