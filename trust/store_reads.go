package trust

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"github.com/hookwarden/hookwarden/settingsio"
)

// StoreReads are one command's reads of Hookwarden's store: each read
// reads the file, as Store.Load does, but decodes it only when its bytes
// differ from the last read's, so that the agents a command opens (and
// each of their reviews) share one decode of an unchanged store. A read
// after any write (this command's own, another process's, an edit in
// place with its times put back) sees what is there now: the bytes are
// compared, not the file's size or times. A missing file is an empty
// store and an unreadable or corrupt one an error, as with Load; neither
// is kept.
//
// The data it returns is shared by every later read of the same bytes:
// readers must not change it. A write never starts from it (Store.Update
// reads the file again under the store's lock). Make one per command
// (nil: every read decodes).
type StoreReads struct {
	mu   sync.Mutex
	path string
	text []byte
	data *StoreData
	// decodes counts the decodes (Decodes).
	decodes int
}

// Decodes is how many times the reads decoded a store file: once for a
// command whose store did not change while it ran.
func (r *StoreReads) Decodes() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.decodes
}

// NewStoreReads returns StoreReads that have read nothing yet.
func NewStoreReads() *StoreReads { return &StoreReads{} }

// Load reads store's file: the data of the last read when the file holds
// the same bytes, else a new decode of them.
func (r *StoreReads) Load(store Store) (*StoreData, error) {
	if r == nil {
		return store.Load()
	}
	path := store.Path()
	text, err := settingsio.ReadRegularFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return store.Load()
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.data != nil && r.path == path && bytes.Equal(r.text, text) {
		return r.data, nil
	}
	r.decodes++
	d, err := decodeStore(path, text)
	if err != nil {
		r.path, r.text, r.data = "", nil, nil
		return nil, err
	}
	r.path, r.text, r.data = path, text, d
	return d, nil
}
