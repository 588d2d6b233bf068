package agents

import (
	"fmt"
	"maps"
	"reflect"
	"testing"

	"github.com/hookwarden/hookwarden/trust"
)

// applyBefore is PreparedSpecs.Apply as it was: each record looked
// through every approval for one of its place (the baseline of
// TestApplyIsTheScanItReplaced and BenchmarkApplySpecs).
func applyBefore(p *CommandsProject, recs []specRecord) []string {
	var keys []string
	for _, r := range recs {
		for k, old := range p.Approved {
			if k != r.key && old.Kind == r.ap.Kind && old.Name == r.ap.Name && old.File == r.ap.File {
				delete(p.Approved, k)
			}
		}
		p.Approved[r.key] = r.ap
		delete(p.Revoked, r.key)
		keys = append(keys, r.key)
	}
	return keys
}

// applyFixture is a store project with approvals of which some share a
// place (kind, name, file), and records that replace some of them, share
// places among themselves, repeat a key, and re-use a key approved at
// another place.
func applyFixture(n int) (*trust.StoreData, *PreparedSpecs) {
	d := &trust.StoreData{Projects: map[string]*trust.StoreProject{}}
	p, err := specsProject(d, "sec", "agent", "/p", true)
	if err != nil {
		panic(err)
	}
	p.Revoked = map[string]*CommandApproval{}
	for i := range n {
		a := &CommandApproval{Kind: "mcp", Name: fmt.Sprintf("s%d", i%(n/3+1)), File: fmt.Sprintf("f%d", i%2), Label: fmt.Sprintf("old %d", i)}
		p.Approved[fmt.Sprintf("k%d", i)] = a
		if i%7 == 0 {
			p.Revoked[fmt.Sprintf("n%d", i)] = a
		}
	}
	ps := &PreparedSpecs{section: "sec", agent: "agent", project: "/p"}
	for i := range n {
		key := fmt.Sprintf("n%d", i)
		switch {
		case i%13 == 0:
			key = fmt.Sprintf("k%d", i+1) // a key approved at another place
		case i%17 == 0 && i > 0:
			key = fmt.Sprintf("n%d", i-1) // the same key twice
		}
		ps.recs = append(ps.recs, specRecord{key, &CommandApproval{Kind: "mcp", Name: fmt.Sprintf("s%d", i%(n/2+1)), File: fmt.Sprintf("f%d", i%3), Label: fmt.Sprintf("new %d", i)}})
	}
	return d, ps
}

// TestApplyIsTheScanItReplaced: Apply with its index writes exactly what
// the scan over every approval per record wrote.
func TestApplyIsTheScanItReplaced(t *testing.T) {
	for _, n := range []int{1, 2, 5, 40, 301} {
		d, ps := applyFixture(n)
		want, _ := applyFixture(n)
		wp, _ := specsProject(want, "sec", "agent", "/p", false)
		wantKeys := applyBefore(wp, ps.recs)
		if err := ps.Apply(d); err != nil {
			t.Fatal(err)
		}
		p, _ := specsProject(d, "sec", "agent", "/p", false)
		if !reflect.DeepEqual(p.Approved, wp.Approved) {
			t.Fatalf("n=%d: approved %v, the scan: %v", n, keysOf(p.Approved), keysOf(wp.Approved))
		}
		if !reflect.DeepEqual(p.Revoked, wp.Revoked) {
			t.Fatalf("n=%d: revoked %v, the scan: %v", n, keysOf(p.Revoked), keysOf(wp.Revoked))
		}
		if !reflect.DeepEqual(ps.Keys, wantKeys) {
			t.Fatalf("n=%d: keys %v, the scan: %v", n, ps.Keys, wantKeys)
		}
	}
}

func keysOf(m map[string]*CommandApproval) []string {
	var out []string
	for k, a := range m {
		out = append(out, k+"="+a.Label)
	}
	return out
}

// BenchmarkApplySpecs: writing n approvals into a project that has n
// (trust --all of 10,000 Copilot CLI hooks spent 2 of 7 CPU-s, and most
// of 100,000 hooks' time, in the scan Apply did per record).
func BenchmarkApplySpecs(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		for _, impl := range []string{"before", "now"} {
			b.Run(fmt.Sprintf("%s-%d", impl, n), func(b *testing.B) {
				for range b.N {
					b.StopTimer()
					d, ps := applyFixture(n)
					p, _ := specsProject(d, "sec", "agent", "/p", false)
					p.Approved = maps.Clone(p.Approved)
					b.StartTimer()
					if impl == "before" {
						applyBefore(p, ps.recs)
					} else if err := ps.Apply(d); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
