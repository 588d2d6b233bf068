package agents

import (
	"fmt"
	"testing"
)

// TestHooksByIDIsReviewHook: the index Approve picks with gives each ID
// the review r.Hook gives it (the first of a repeated ID), nil for none.
func TestHooksByIDIsReviewHook(t *testing.T) {
	r := &Review{}
	for i := range 50 {
		r.Hooks = append(r.Hooks, HookReview{HookID: fmt.Sprintf("h%d", i%40), Label: fmt.Sprint(i)})
	}
	idx := r.HooksByID()
	for i := range 45 {
		id := fmt.Sprintf("h%d", i)
		if got, want := idx[id], r.Hook(id); got != want {
			t.Errorf("%s: index %p, Review.Hook %p", id, got, want)
		}
	}
}

// BenchmarkPickAll picks every one of 20,000 reviewed hooks as trust --all
// does: "index" (Review.HooksByID, as now) against its baseline in the same
// run, "scan" (r.Hook per hook, as before: quadratic; at 100,000 hooks
// over half of trust --all's CPU, pprof).
func BenchmarkPickAll(b *testing.B) {
	const n = 20000
	r := &Review{}
	for i := range n {
		r.Hooks = append(r.Hooks, HookReview{HookID: fmt.Sprintf("copilot:project:/p/.github/hooks/hooks.json#/hooks/preToolUse/%d", i)})
	}
	for _, variant := range []string{"index", "scan"} {
		b.Run(variant, func(b *testing.B) {
			for range b.N {
				found := 0
				if variant == "index" {
					idx := r.HooksByID()
					for i := range r.Hooks {
						if idx[r.Hooks[i].HookID] != nil {
							found++
						}
					}
				} else {
					for i := range r.Hooks {
						if r.Hook(r.Hooks[i].HookID) != nil {
							found++
						}
					}
				}
				if found != n {
					b.Fatal(found)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/hook")
		})
	}
}
