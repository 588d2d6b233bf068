package agents

import (
	"maps"
	"slices"
)

// Claims pairs a changed hook with an earlier approval of its place: the
// first approval there, in key order, that no hook has claimed yet. The
// index is built once (a search of every approval per changed hook was
// quadratic, and a map's order chose which of two approvals at one place
// was taken, and so the diff shown and what read as gone, from run to run).
type Claims[P comparable] struct {
	at      map[P][]string
	claimed map[string]bool
}

// ClaimsByPlace indexes the keys of approvals by place(approval), in key
// order; claimed is shared with the caller (an exact match it claimed
// before is never taken here, a key taken here is marked in it).
func ClaimsByPlace[P comparable, A any](approvals map[string]A, claimed map[string]bool, place func(A) P) *Claims[P] {
	c := &Claims[P]{at: map[P][]string{}, claimed: claimed}
	for _, k := range slices.Sorted(maps.Keys(approvals)) {
		if !claimed[k] {
			p := place(approvals[k])
			c.at[p] = append(c.at[p], k)
		}
	}
	return c
}

// Claim is the first unclaimed approval key of place p, now claimed, and
// false when every approval there is taken.
func (c *Claims[P]) Claim(p P) (string, bool) {
	ks := c.at[p]
	for len(ks) > 0 && c.claimed[ks[0]] {
		ks = ks[1:]
	}
	if len(ks) == 0 {
		delete(c.at, p)
		return "", false
	}
	k := ks[0]
	c.claimed[k], c.at[p] = true, ks[1:]
	return k, true
}
