package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/hookwarden/hookwarden/settingsio"
)

// FingerprintCacheFile is the fingerprint cache's file in Hookwarden's
// folder, beside the store.
const FingerprintCacheFile = "fingerprints.json"

// fingerprintSealSection is the store's section that seals the cache: the
// sha256 of the cache file's bytes as Hookwarden last wrote them.
const fingerprintSealSection = "fingerprint_cache"

// fingerprintCacheVersion is the cache's format version.
const fingerprintCacheVersion = 1

// racyMargin is how long before the fingerprint a file must have last
// changed for its fingerprint to be cached. A write that lands in the same
// timestamp tick as the read (or within a file system's coarser time
// granularity, two seconds on FAT) leaves size, mtime and ctime as they
// were: such a file is read again next time instead.
const racyMargin = 3 * time.Second

// FileKey is what the kernel changes on any write to a file: the device
// and inode (a file replaced by a rename, a symbolic link retargeted), the
// size, and the modification and change times in nanoseconds. The change
// time cannot be set from user space (touch -d restores mtime, never
// ctime), so a file whose key is unchanged still has the content it had.
type FileKey struct {
	Dev     uint64 `json:"dev"`
	Ino     uint64 `json:"ino"`
	Size    int64  `json:"size"`
	MtimeNS int64  `json:"mtime_ns"`
	CtimeNS int64  `json:"ctime_ns"`
}

// fingerprintEntry is one cached fingerprint: the key of the file the
// path opened (links followed) when it was read, and its content's hash.
type fingerprintEntry struct {
	Key    FileKey `json:"key"`
	SHA256 string  `json:"sha256"`
}

// fingerprintFile is the cache file.
type fingerprintFile struct {
	Version int                         `json:"version"`
	Entries map[string]fingerprintEntry `json:"entries"`
}

// fingerprintSeal is the store's section that vouches for the cache file.
type fingerprintSeal struct {
	SHA256 string `json:"sha256"`
}

// EachScripts: the seal holds no scripts.
func (*fingerprintSeal) EachScripts(func([]ScriptSnapshot)) {}

// FingerprintCache keeps, across runs, the content hash of each script a
// review fingerprinted, under the FileKey of the file it read, so that a
// check of unchanged scripts (the git guard after every pull) does not read
// and hash them again.
//
// What the cache may be trusted for: only to say that a file whose key is
// unchanged still has the hash Hookwarden computed, and only as far as the
// store is trusted. The key alone does not protect the cache file: whoever
// can write it can write the current key of a changed script next to the
// approved hash. So the cache is sealed by the store it serves (the store's
// "fingerprint_cache" section holds the sha256 of the file's bytes, written
// under the store's lock): an edited, replaced, truncated or foreign cache
// does not match its seal and is ignored as a whole, and the review reads
// every script again. A missing or corrupt cache is an empty one.
//
// A hit only ever replaces reading a file with its hash: the review still
// compares that hash with the approval, and reads the file whenever the
// hash is not the approved one (the review then needs its text anyway).
// Approvals never use the cache: they fingerprint what they read.
// It is safe for concurrent use.
type FingerprintCache struct {
	mu  sync.Mutex
	dir string
	// entries are the sealed entries read from the file; fresh the ones
	// taken in this run (written by Save).
	entries map[string]fingerprintEntry
	fresh   map[string]fingerprintEntry
	// Ignored says why the file's entries were not used ("" when they
	// were, or when there was no file).
	Ignored string
	// sealable: the store exists (a check never creates one).
	sealable bool
	// now is the clock the racy margin is measured with.
	now func() time.Time
	// hits and misses count lookups (tests, benchmarks).
	hits, misses int
}

// LoadFingerprintCache reads the fingerprint cache of the store's folder,
// trusting its entries only when data (the store as read) seals the file's
// bytes. It never fails: a cache it cannot use is empty (Ignored says why).
func LoadFingerprintCache(store Store, data *StoreData) *FingerprintCache {
	c := &FingerprintCache{dir: store.Dir, entries: map[string]fingerprintEntry{}, fresh: map[string]fingerprintEntry{}, now: time.Now,
		sealable: data != nil && data.path != "" && store.Dir != ""}
	raw, err := settingsio.ReadRegularFile(c.path())
	if errors.Is(err, fs.ErrNotExist) {
		return c
	}
	if err != nil {
		c.Ignored = "unreadable: " + err.Error()
		return c
	}
	seal, err := Section[fingerprintSeal](data, fingerprintSealSection)
	if err != nil || seal == nil {
		c.Ignored = "not sealed by the store"
		return c
	}
	sum := sha256.Sum256(raw)
	if hex.EncodeToString(sum[:]) != seal.SHA256 {
		c.Ignored = "changed since Hookwarden wrote it (its seal in the store does not match)"
		return c
	}
	var f fingerprintFile
	if err := json.Unmarshal(raw, &f); err != nil || f.Version != fingerprintCacheVersion {
		c.Ignored = "unreadable or of another version"
		return c
	}
	for p, e := range f.Entries {
		if len(e.SHA256) == sha256.Size*2 {
			c.entries[p] = e
		}
	}
	return c
}

func (c *FingerprintCache) path() string { return filepath.Join(c.dir, FingerprintCacheFile) }

// lookup returns the cached hash of path when key is the key it was
// cached under.
func (c *FingerprintCache) lookup(path string, key FileKey) (string, bool) {
	if c == nil {
		return "", false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.fresh[path]
	if !ok {
		e, ok = c.entries[path]
	}
	if ok && e.Key == key {
		c.hits++
		return e.SHA256, true
	}
	c.misses++
	return "", false
}

// remember caches the hash of the file path read, when the key of the file
// before and after the read is the same and the file last changed at least
// racyMargin before now (see racyMargin).
func (c *FingerprintCache) remember(path string, before, after FileKey, sum string) {
	if c == nil || before != after {
		return
	}
	limit := c.now().Add(-racyMargin).UnixNano()
	if after.CtimeNS >= limit || after.MtimeNS >= limit {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[path]; ok && e.Key == after && e.SHA256 == sum {
		return // already sealed as it is
	}
	c.fresh[path] = fingerprintEntry{Key: after, SHA256: sum}
}

// Counts returns how many lookups hit and missed.
func (c *FingerprintCache) Counts() (hits, misses int) {
	if c == nil {
		return 0, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}

// Save writes the fingerprints taken in this run into the cache file (0600,
// atomic) and seals it in the store, both under the store's lock. Nothing
// is written when nothing new was fingerprinted.
func (c *FingerprintCache) Save() error {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.fresh) == 0 || !c.sealable {
		return nil
	}
	f := fingerprintFile{Version: fingerprintCacheVersion, Entries: make(map[string]fingerprintEntry, len(c.entries)+len(c.fresh))}
	for p, e := range c.entries {
		f.Entries[p] = e
	}
	for p, e := range c.fresh {
		f.Entries[p] = e
	}
	raw, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("encoding the fingerprint cache: %w", err)
	}
	sum := sha256.Sum256(raw)
	store := Store{Dir: c.dir}
	err = store.Update(func(d *StoreData) error {
		// Under the store's lock: the file and its seal change together
		// (a writer that interleaves leaves a mismatch, which reads as no
		// cache).
		if err := settingsio.WriteFileAtomic(c.path(), raw, 0o600); err != nil {
			return fmt.Errorf("writing the fingerprint cache: %w", err)
		}
		d.SetSection(fingerprintSealSection, &fingerprintSeal{SHA256: hex.EncodeToString(sum[:])})
		return nil
	})
	if err != nil {
		return err
	}
	c.entries, c.fresh = f.Entries, map[string]fingerprintEntry{}
	return nil
}

// UseFingerprintCache loads the fingerprint cache of store, sealed by d,
// and attaches it to d: the reviews that read d then take unchanged
// scripts' hashes from it (Fingerprints). For read-only checks only
// (agents.Check); approvals read the store anew and never see it.
func (d *StoreData) UseFingerprintCache(store Store) *FingerprintCache {
	if d == nil {
		return nil
	}
	d.fingerprints = LoadFingerprintCache(store, d)
	return d.fingerprints
}

// Fingerprints is the cache attached by UseFingerprintCache (nil: none).
func (d *StoreData) Fingerprints() *FingerprintCache {
	if d == nil {
		return nil
	}
	return d.fingerprints
}

// fileKeyOf is the FileKey of an open file's status (false where the
// platform does not give one).
func fileKeyOf(fi os.FileInfo) (FileKey, bool) { return platformFileKey(fi) }
