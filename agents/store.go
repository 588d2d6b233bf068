package agents

import (
	"fmt"
	"sync"

	"github.com/hookwarden/hookwarden/trust"
)

// Check is one read-only check of a project over every agent (the git
// guard, `hookwarden exec`, the tray), which only asks what needs review.
// The agents opened with it in Env.Check share one read of Hookwarden's
// store instead of each reading it again, and their Review analyses the
// risk only of the hooks that need review (the Risk of the others is the
// zero Report). A command that writes, or a view that shows every hook's
// risk, must not use one.
type Check struct {
	once sync.Once
	path string
	data *trust.StoreData
	err  error
	// verdict: no risk analysis, not even of what needs review.
	verdict bool
}

// NewCheck returns a Check that has read nothing yet.
func NewCheck() *Check { return &Check{} }

// NewVerdictCheck is a Check that asks only whether anything needs
// review (`guard check --quiet`): its Reviews analyse no risk at all,
// since what needs review does not depend on it.
func NewVerdictCheck() *Check { return &Check{verdict: true} }

// load returns store's content: the first call reads the file, later calls
// for the same file get that read (with its error); another file is read
// anew.
func (c *Check) load(store trust.Store) (*trust.StoreData, error) {
	path := store.Path()
	c.once.Do(func() {
		c.path = path
		c.data, c.err = store.Load()
		if c.err == nil {
			// A check reads unchanged scripts' hashes from the cache
			// the store seals (trust.FingerprintCache).
			c.data.UseFingerprintCache(store)
		}
	})
	if c.path != path {
		return store.Load()
	}
	return c.data, c.err
}

// SaveFingerprints writes the scripts this check read into the
// fingerprint cache, so that the next check reads only what changed.
func (c *Check) SaveFingerprints() error {
	if c == nil || c.data == nil {
		return nil
	}
	return c.data.Fingerprints().Save()
}

// LoadStore reads Hookwarden's store for an agent: once for the whole
// check when e.Check is set, else from the file, decoded once for the
// command while its bytes stay the same when e.Stores is set.
func (e Env) LoadStore(store trust.Store) (*trust.StoreData, error) {
	if e.Check != nil {
		return e.Check.load(store)
	}
	return e.Stores.Load(store)
}

// WantsRisk says whether a Review analyses the risk of a hook: always,
// except in a Check for a hook that needs no review, and never in a
// verdict Check.
func (e Env) WantsRisk(needsReview bool) bool {
	return e.Check == nil || needsReview && !e.Check.verdict
}

// LocateStore is Hookwarden's store as the environment places it, or why
// it cannot be placed (the zero Store then).
func LocateStore(env Env) (trust.Store, error) {
	dir, err := trust.StoreDirFromEnv(env.Vars, env.GOOS)
	if err != nil {
		return trust.Store{}, fmt.Errorf("locating Hookwarden's store: %w", err)
	}
	return trust.Store{Dir: dir}, nil
}

// StoreLayer is the row of Hookwarden's store among an agent's layers:
// label says what it holds for the agent, empty what a missing store
// means; broken when it cannot be located (storeErr); none when there is
// no store at all.
func StoreLayer(store trust.Store, storeErr error, label, empty string) []Layer {
	if store.Dir == "" {
		return nil
	}
	st := TrustFileLayer(label, store.Path())
	if storeErr != nil {
		st.State, st.Note = FileBroken, storeErr.Error()
	} else if st.State == FileMissing {
		st.Note = empty
	}
	return []Layer{st}
}

// PutStoreBack is an approval's answer when its last write, the one in
// the agent's own file that grants trust, failed with err after
// Hookwarden's store was written from cp: the store is put back byte for
// byte (trust.StoreCheckpoint.Restore), and the error says that nothing
// was approved, or that the store could not be put back.
func PutStoreBack(cp *trust.StoreCheckpoint, err error) error {
	if rerr := cp.Restore(); rerr != nil {
		return fmt.Errorf("%w; Hookwarden's store could not be put back (%v): approve again", err, rerr)
	}
	return fmt.Errorf("nothing was approved (Hookwarden's store was put back as it was): %w", err)
}

// Retire moves the approval of key from approved into the history revoked
// (made when nil), stamp marking it revoked; a key written as null goes
// without history. It reports whether key was approved. Revoked records
// approve nothing: they are the next review's diff.
func Retire[T any](approved map[string]*T, revoked *map[string]*T, key string, stamp func(*T)) bool {
	ap, ok := approved[key]
	if !ok {
		return false
	}
	delete(approved, key)
	if ap != nil {
		if *revoked == nil {
			*revoked = map[string]*T{}
		}
		stamp(ap)
		(*revoked)[key] = ap
	}
	return true
}
