package agents

import (
	"os"
	"path/filepath"

	"github.com/hookwarden/hookwarden/settingsio"
)

// PatchListFile is the write of an agent that keeps a list of strings in
// a JSON settings file (a switch's disabled keys, a folder-trust list):
// decide says which items of the list at key to remove and which strings
// to append, and the file is rewritten with every other byte kept,
// atomically (0600, its folder made 0700 when missing) and again when
// another program changed it in between. It returns the backup Undo
// restores and the files it changed (none when decide changes nothing).
func PatchListFile(path string, key []string, decide func(list *settingsio.Node) (settingsio.ListChange, error)) (*settingsio.Backup, []string, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, nil, err
	}
	return BackedUp([]string{path}, func() error {
		return settingsio.UpdateFileAtomic(path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
			out, _, err := settingsio.PatchStringList(path, cur, exists, key, decide)
			return out, err
		})
	})
}
