package gemini

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/tailscale/hujson"

	"github.com/hookwarden/hookwarden/settingsio"
)

// repairResult says what RepairTrustedHooks did.
type repairResult struct {
	// Backup is the copy of the unusable file ("" when nothing was done).
	Backup string
	// Salvaged is the number of project entries carried over into the
	// repaired file (entries whose value is an array; string keys only).
	Salvaged int
}

// repairTrustedHooks replaces a trusted_hooks.json Gemini CLI cannot use.
// It first copies the file to <path>.corrupt-<UTC timestamp> (mode 0600),
// then writes what can be salvaged (the file read leniently, as JSON with
// comments and trailing commas: every project whose value is an array of
// strings) in Gemini's layout, or {} when nothing can. A usable file is
// left alone (zero result, no error).
func repairTrustedHooks(path string, now time.Time) (repairResult, error) {
	t, err := readTrustedHooks(path)
	if err != nil {
		return repairResult{}, err
	}
	if !t.Exists || t.Err == nil {
		return repairResult{}, nil
	}
	backup := fmt.Sprintf("%s.corrupt-%s", path, now.UTC().Format("20060102T150405.000000000Z"))
	if _, err := os.Lstat(backup); err == nil {
		return repairResult{}, fmt.Errorf("backup %s already exists", backup)
	}
	if err := settingsio.WriteFileAtomic(backup, t.data, 0o600); err != nil {
		return repairResult{}, fmt.Errorf("backing up %s: %w", path, err)
	}
	repaired, n := salvageTrustedHooks(t.data)
	err = settingsio.UpdateFileAtomic(path, trustedHooksFileMode, func(cur []byte, exists bool) ([]byte, error) {
		if !bytes.Equal(cur, t.data) {
			return nil, errors.New("the file changed while it was being repaired; run the repair again")
		}
		return repaired, nil
	})
	if err != nil {
		return repairResult{Backup: backup}, fmt.Errorf("repairing %s (backup kept at %s): %w", path, backup, err)
	}
	return repairResult{Backup: backup, Salvaged: n}, nil
}

// salvageTrustedHooks renders the project entries it can read from data in
// Gemini's layout and returns how many it kept.
func salvageTrustedHooks(data []byte) ([]byte, int) {
	data = bytes.Clone(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))) // hujson edits in place
	if settingsio.CheckDepth("", data) != nil {
		return []byte("{}"), 0 // too deep to parse safely: nothing is salvaged
	}
	v, err := hujson.Parse(data)
	if err != nil {
		return []byte("{}"), 0
	}
	v.Standardize()
	obj, ok := v.Value.(*hujson.Object)
	if !ok {
		return []byte("{}"), 0
	}
	var b bytes.Buffer
	n := 0
	seen := map[string]int{}
	type entry struct {
		name string
		keys []string
	}
	var entries []entry
	for _, m := range obj.Members {
		arr, ok := m.Value.Value.(*hujson.Array)
		if !ok {
			continue
		}
		var keys []string
		for _, e := range arr.Elements {
			if lit, ok := e.Value.(hujson.Literal); ok && lit.Kind() == '"' {
				keys = append(keys, lit.String())
			}
		}
		name := memberName(m)
		if i, dup := seen[name]; dup {
			entries[i].keys = keys // JSON.parse: the last duplicate wins
			continue
		}
		seen[name] = len(entries)
		entries = append(entries, entry{name, keys})
	}
	if len(entries) == 0 {
		return []byte("{}"), 0
	}
	b.WriteString("{")
	for i, e := range entries {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  ")
		b.Write(hujson.String(e.name))
		b.WriteString(": ")
		b.Write(renderKeyArray(union(nil, e.keys)))
		n++
	}
	b.WriteString("\n}")
	return b.Bytes(), n
}
