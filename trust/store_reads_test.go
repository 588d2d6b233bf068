package trust

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

func approveKey(t testing.TB, s Store, project, key string) {
	t.Helper()
	if err := s.Update(func(d *StoreData) error {
		d.Project(project).Hooks[key] = &Approval{Name: key, Command: "sh " + key}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestStoreReadsDecodesEachContentOnce: one command's reads of the store
// decode it once while the file holds the same bytes, and read what is
// there now as soon as anything changed it: another writer's update, an
// edit in place of the same size with its times put back (what a cache
// keyed by the file's size and times would miss), a corrupt file (an
// error, never the earlier data), a removed one (an empty store).
func TestStoreReadsDecodesEachContentOnce(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	approveKey(t, s, "/p", "aaaa")
	r := NewStoreReads()
	d1, err := r.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	d2, err := r.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	if d1 != d2 {
		t.Fatal("the same store file was decoded twice in one command")
	}

	// another process approves between two reads
	approveKey(t, Store{Dir: s.Dir}, "/p", "bbbb")
	d3, err := r.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	if d3 == d1 || d3.Approvals("/p")["bbbb"] == nil {
		t.Fatalf("a read after another writer's update does not see it: %v", d3.Approvals("/p"))
	}

	// an edit in place of the same size, its modification time put back
	st, err := os.Stat(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(s.Path())
	edited := bytes.ReplaceAll(text, []byte(`"bbbb"`), []byte(`"cccc"`))
	if len(edited) != len(text) || bytes.Equal(edited, text) {
		t.Fatal("the edit is not of the same size")
	}
	f, err := os.OpenFile(s.Path(), os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteAt(edited, 0); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if err := os.Chtimes(s.Path(), st.ModTime(), st.ModTime()); err != nil {
		t.Fatal(err)
	}
	d4, err := r.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	if d4.Approvals("/p")["cccc"] == nil || d4.Approvals("/p")["bbbb"] != nil {
		t.Fatalf("a read after an edit in place of the same size reads the earlier store: %v", d4.Approvals("/p"))
	}

	// corrupt: the error, not the data read before
	if err := os.WriteFile(s.Path(), []byte(`{"version": 1, "projects": {`), 0o600); err != nil {
		t.Fatal(err)
	}
	if d, err := r.Load(s); err == nil {
		t.Fatalf("a corrupt store read as %v", d.Approvals("/p"))
	}
	// removed: an empty store
	os.Remove(s.Path())
	d5, err := r.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	if len(d5.Approvals("/p")) != 0 {
		t.Fatalf("a removed store reads as %v", d5.Approvals("/p"))
	}

	// another store folder is its own file
	other := Store{Dir: t.TempDir()}
	approveKey(t, other, "/q", "dddd")
	d6, err := r.Load(other)
	if err != nil || d6.Approvals("/q")["dddd"] == nil {
		t.Fatalf("another store's read: %v, %v", err, d6)
	}
}

// TestStoreReadsHoldALargeStoreOnlyWhileAReaderDoes: above the size the
// reads keep alive, the decode is shared while a reader holds it and
// let go with the last reader (a command over a large store holds no more
// of it than when every read decoded it); at or below it, it is kept.
func TestStoreReadsHoldALargeStoreOnlyWhileAReaderDoes(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	approveKey(t, s, "/p", "aaaa")
	r := NewStoreReads()
	r.hold = 0 // every store is large
	first, err := r.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := r.Load(s); again != first || r.Decodes() != 1 {
		t.Fatalf("a decode a reader still holds was not shared (%d decodes)", r.Decodes())
	}
	runtime.KeepAlive(first)
	first = nil
	runtime.GC()
	runtime.GC()
	if r.last.Value() != nil {
		t.Fatal("the reads keep a large store's decode alive after its last reader let go")
	}
	if d, err := r.Load(s); err != nil || d.Approvals("/p")["aaaa"] == nil || r.Decodes() != 2 {
		t.Fatalf("read after the decode was let go: %v, %d decodes", err, r.Decodes())
	}

	small := NewStoreReads()
	if _, err := small.Load(s); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.GC()
	if _, err := small.Load(s); err != nil || small.Decodes() != 1 {
		t.Fatalf("a small store was decoded %d times (%v), want once", small.Decodes(), err)
	}
}

// TestStoreReadsAreNeverTheBaseOfAWrite: a store another process wrote
// between this command's read and its write keeps that process's
// entries: Update reads the file again under its lock, whatever the
// command read before.
func TestStoreReadsAreNeverTheBaseOfAWrite(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	approveKey(t, s, "/p", "mine-1")
	r := NewStoreReads()
	if _, err := r.Load(s); err != nil {
		t.Fatal(err)
	}
	approveKey(t, Store{Dir: s.Dir}, "/p", "theirs") // another process
	approveKey(t, s, "/p", "mine-2")
	d, err := r.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"mine-1", "theirs", "mine-2"} {
		if d.Approvals("/p")[k] == nil {
			t.Errorf("%s lost: %v", k, d.Approvals("/p"))
		}
	}
	fresh, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(fresh.Approvals("/p")) != 3 {
		t.Errorf("the file holds %d approvals, want 3", len(fresh.Approvals("/p")))
	}
}

// BenchmarkStoreLoad reads a store of 2,000 approvals with a script each
// (the size of guard.sh's: 1,000 hooks approved for two agents): a
// decode of the file (Store.Load, what each read of a command cost) and
// a command's later read of the same bytes (StoreReads.Load).
func BenchmarkStoreLoad(b *testing.B) {
	s := Store{Dir: b.TempDir()}
	text := strings.Repeat("echo \"script\" >/dev/null\n", 20)
	if err := s.Update(func(d *StoreData) error {
		p := d.Project("/tmp/hookwarden-perf/p1000")
		for i := range 2000 {
			cmd := fmt.Sprintf("bash hooks/s%03d.sh %d", i%100, i)
			c := fmt.Sprintf("%s %d", text, i%100)
			p.Hooks[fmt.Sprintf("hook-%d:%s", i, cmd)] = &Approval{Name: fmt.Sprintf("hook-%d", i), Command: cmd, ApprovedAt: time.Unix(0, 0).UTC().Format(time.RFC3339),
				Places: []Place{{Event: "BeforeTool", Matcher: fmt.Sprintf("tool_%d", i%10), Definition: i / 50, Index: i % 50, Fields: Definition{
					"command": JSONText(cmd), "event": `"BeforeTool"`, "matcher": JSONText(fmt.Sprintf("tool_%d", i%10)), "type": `"command"`}}},
				Scripts: []ScriptSnapshot{{Word: fmt.Sprintf("hooks/s%03d.sh", i%100), Path: fmt.Sprintf("/tmp/hookwarden-perf/p1000/hooks/s%03d.sh", i%100), Via: "bash", Exists: true, SHA256: fmt.Sprintf("%064x", i%100), Size: int64(len(c)), Content: &c}}}
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	b.Run("decode", func(b *testing.B) {
		for b.Loop() {
			if _, err := s.Load(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("read-again", func(b *testing.B) {
		r := NewStoreReads()
		held, err := r.Load(s)
		if err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			if _, err := r.Load(s); err != nil {
				b.Fatal(err)
			}
		}
		if r.Decodes() != 1 {
			b.Fatalf("%d decodes", r.Decodes())
		}
		runtime.KeepAlive(held)
	})
}
