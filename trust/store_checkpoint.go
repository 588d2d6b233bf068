package trust

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/hookwarden/hookwarden/settingsio"
)

// StoreCheckpoint is the store file as it was before a write that may have
// to be undone: an approval that spans two files writes the store first
// and the file that grants trust in the agent last; when that last write
// fails, Restore puts the store back, so that nothing is half approved.
type StoreCheckpoint struct {
	store   Store
	path    string
	before  []byte
	existed bool
	// read says an Update through Store read the file under its lock:
	// before is that (a writer between Checkpoint and the Update is kept).
	read bool
	// after is the file as the write left it (Wrote); Restore puts back
	// before only over exactly that, never over another writer's change.
	after      []byte
	afterKnown bool
}

// ErrStoreMoved says the store changed after the write a Restore was to
// undo (another program approved or revoked in the meantime): it was
// left as it is.
var ErrStoreMoved = errors.New("Hookwarden's store changed since this approval wrote it; it was left as it is")

// Checkpoint reads the store file as it is now (absent is a state too).
func (s Store) Checkpoint() (*StoreCheckpoint, error) {
	c := &StoreCheckpoint{store: Store{Dir: s.Dir}, path: s.Path()}
	data, err := settingsio.ReadRegularFile(c.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return nil, fmt.Errorf("reading %s: %w", c.path, err)
	default:
		c.before, c.existed = data, true
	}
	return c, nil
}

// Store is the store whose Updates this checkpoint undoes: each records,
// under the store's lock, what the first one read (before) and what the
// last one wrote (after), so that a Restore neither drops a writer who
// came before the update nor one who came after it. Wrote is then not
// needed.
func (c *StoreCheckpoint) Store() Store {
	s := c.store
	s.checkpoint = c
	return s
}

// Wrote records the store file as the write to undo left it (for a write
// made through another Store than c.Store(); reading it back after the
// lock is released may take in another writer's change).
func (c *StoreCheckpoint) Wrote() error {
	data, err := settingsio.ReadRegularFile(c.path)
	if err != nil {
		return fmt.Errorf("reading %s back: %w", c.path, err)
	}
	c.after, c.afterKnown = data, true
	return nil
}

// Restore puts the store file back byte for byte as Checkpoint read it
// (removes it when there was none), when it is still what Wrote saw;
// otherwise it changes nothing and returns ErrStoreMoved.
func (c *StoreCheckpoint) Restore() error {
	if !c.afterKnown {
		return fmt.Errorf("restoring %s: %w", c.path, ErrStoreMoved)
	}
	if !c.existed {
		now, err := settingsio.ReadRegularFile(c.path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("restoring %s: %w", c.path, err)
		}
		if err == nil && !bytes.Equal(now, c.after) {
			return fmt.Errorf("restoring %s: %w", c.path, ErrStoreMoved)
		}
		if err := os.Remove(c.path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("restoring %s: %w", c.path, err)
		}
		return nil
	}
	return settingsio.UpdateFileAtomic(c.path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
		if !exists || !bytes.Equal(cur, c.after) {
			return nil, fmt.Errorf("restoring %s: %w", c.path, ErrStoreMoved)
		}
		return c.before, nil
	})
}
