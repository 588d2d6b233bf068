package trust

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"weak"

	"github.com/hookwarden/hookwarden/settingsio"
)

// StoreReads are one command's reads of Hookwarden's store: each read
// reads the file, as Store.Load does, but decodes it only when its bytes
// (their sha256) differ from the last read's, so that the agents a command
// opens (and each of their reviews) share one decode of an unchanged
// store. A read after any write (this command's own, another process's,
// an edit in place with its times put back) sees what is there now: the
// bytes are compared, not the file's size or times. A missing file is an
// empty store and an unreadable or corrupt one an error, as with Load;
// neither is kept.
//
// The reads keep the last decode alive for the command only when its
// file is at most heldStoreBytes; a larger store's decode is kept only
// as long as a reader holds it (a weak pointer), so that a command over
// a large store holds no more of it than when every read decoded it.
//
// The data it returns is shared by every later read of the same bytes:
// readers must not change it. A write never starts from it (Store.Update
// reads the file again under the store's lock). Make one per command
// (nil: every read decodes).
type StoreReads struct {
	mu   sync.Mutex
	path string
	sum  [sha256.Size]byte
	// last is the last decode; held keeps it alive when its file is at
	// most hold bytes.
	last weak.Pointer[StoreData]
	held *StoreData
	hold int
	// decodes counts the decodes (Decodes).
	decodes int
}

// heldStoreBytes is the largest store file whose decode the reads keep
// alive for the whole command (about 15,000 approvals).
const heldStoreBytes = 16 << 20

// NewStoreReads returns StoreReads that have read nothing yet.
func NewStoreReads() *StoreReads { return &StoreReads{hold: heldStoreBytes} }

// Decodes is how many times the reads decoded a store file: once for a
// command whose store did not change while it ran.
func (r *StoreReads) Decodes() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.decodes
}

// Load reads store's file: the data of the last read when the file holds
// the same bytes (and that data is still alive), else a new decode.
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
	sum := sha256.Sum256(text)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.path == path && r.sum == sum {
		if d := r.last.Value(); d != nil {
			return d, nil
		}
	}
	r.path, r.last, r.held = "", weak.Pointer[StoreData]{}, nil
	r.decodes++
	d, err := decodeStore(path, text)
	if err != nil {
		return nil, err
	}
	r.path, r.sum, r.last = path, sum, weak.Make(d)
	if len(text) <= r.hold {
		r.held = d
	}
	return d, nil
}
