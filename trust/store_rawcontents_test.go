package trust

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand"
	"os"
	"strings"
	"testing"
)

// keepRawContentsByScan is keepRawContents as it was: one scan of every
// undecoded section for every text of old (a store of 1,000 approvals and
// 100 scripts scanned its 1.5 MB of sections 100 times on every write).
func keepRawContentsByScan(d *StoreData, old map[string]string) {
	for _, raw := range d.raw {
		for sum, text := range old {
			if bytes.Contains(raw, []byte(`"`+sum+`"`)) {
				d.Contents[sum] = text
			}
		}
	}
}

// TestKeepRawContentsIsTheScan: keepRawContents keeps exactly the texts
// the scan of each section for each text kept: sums quoted in records, at
// a section's first and last bytes, behind an escaped quote, overlapping,
// cut short at the end; sums of other lengths, empty, holding quotes; and
// 500 random stores. (A refactor: it passes on main; a lookup that misses
// a length, the last position or an overlap makes it fail.)
func TestKeepRawContentsIsTheScan(t *testing.T) {
	sum := func(c byte) string { return strings.Repeat(string(c), 64) }
	fixed := []struct {
		raw []string
		old []string
	}{
		{[]string{`{"a":{"sha256":"` + sum('a') + `"}}`}, []string{sum('a'), sum('b')}},
		{[]string{`"` + sum('a') + `"`}, []string{sum('a')}},
		{[]string{`"` + sum('a')}, []string{sum('a')}},
		{[]string{`{"x":"\"` + sum('c') + `\""}`}, []string{sum('c')}},
		{[]string{`"a"a"`}, []string{"a", `a"a`, ""}},
		{[]string{`{"":1}`, `[]`}, []string{"", "x"}},
		{[]string{`{"k":"ab"}`, `{"k":"abc"}`}, []string{"ab", "abc", "b", "k"}},
		{nil, []string{sum('a')}},
		{[]string{`{"s":"` + sum('d') + `"}`}, nil},
	}
	rng := rand.New(rand.NewSource(28))
	alphabet := []byte(`"ab\:{}`)
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		return string(b)
	}
	for range 500 {
		var raws, old []string
		for range rng.Intn(4) {
			raws = append(raws, word(rng.Intn(200)))
		}
		for range rng.Intn(12) {
			old = append(old, word(rng.Intn(5)))
		}
		fixed = append(fixed, struct {
			raw []string
			old []string
		}{raws, old})
	}
	for _, c := range fixed {
		d := &StoreData{raw: map[string]json.RawMessage{}}
		for i, r := range c.raw {
			d.raw[string(rune('a'+i))] = json.RawMessage(r)
		}
		old := map[string]string{}
		for _, s := range c.old {
			old[s] = "text of " + s
		}
		want := &StoreData{raw: d.raw, Contents: map[string]string{}}
		keepRawContentsByScan(want, old)
		d.Contents = map[string]string{}
		d.keepRawContents(old)
		if !maps.Equal(d.Contents, want.Contents) {
			t.Fatalf("sections %q, texts of %q: kept %q, the scan kept %q", c.raw, c.old, d.Contents, want.Contents)
		}
	}
}

// BenchmarkStoreUpdateUndecodedSections is one write (Store.Update) of a
// store whose two agents' sections hold records over script texts
// (1,000 records and 100 texts; 10,000 and 1,000), neither section decoded
// by the writer: what the fingerprint cache's save pays after a check (it
// seals the cache in the store), and any approval for a third agent.
func BenchmarkStoreUpdateUndecodedSections(b *testing.B) {
	for _, size := range []struct{ records, texts int }{{1000, 100}, {10000, 1000}} {
		b.Run(fmt.Sprintf("%d-%d", size.records, size.texts), func(b *testing.B) {
			var contents, records []string
			for i := range size.texts {
				contents = append(contents, fmt.Sprintf(`"%064x": %q`, i, strings.Repeat(fmt.Sprintf("echo \"script %d\" >/dev/null\n", i), 20)))
			}
			for i := range size.records {
				records = append(records, fmt.Sprintf(`"%064x": {"label": "bash hooks/s%03d.sh %d", "scripts": [{"path": "/p/hooks/s%03d.sh", "sha256": "%064x", "size": 720}]}`,
					size.texts+i, i%size.texts, i, i%size.texts, i%size.texts))
			}
			section := `{"projects": {"/p": {"hooks": {` + strings.Join(records, ",") + `}}}}`
			text := `{"version": 1, "projects": {}, "contents": {` + strings.Join(contents, ",") + `}, "agent-a": ` + section + `, "agent-b": ` + section + `}`
			store := Store{Dir: b.TempDir()}
			if err := os.WriteFile(store.Path(), []byte(text), 0o600); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := store.Update(func(*StoreData) error { return nil }); err != nil {
					b.Fatal(err)
				}
			}
			d, err := store.Load()
			if err != nil || len(d.Contents) != size.texts {
				b.Fatalf("after the writes the store holds %d texts (%v), not %d", len(d.Contents), err, size.texts)
			}
		})
	}
}
