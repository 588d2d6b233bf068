package agents

import (
	"slices"
	"testing"
)

// TestClaimsTakeTheFirstUnclaimedApprovalOfAPlace: in key order, never one
// claimed before the index was built or by an earlier Claim, and the same
// every time (not map order).
func TestClaimsTakeTheFirstUnclaimedApprovalOfAPlace(t *testing.T) {
	approvals := map[string]string{"k3": "a", "k1": "a", "k2": "a", "k4": "b", "k0": "b"}
	for range 20 {
		claimed := map[string]bool{"k1": true}
		c := ClaimsByPlace(approvals, claimed, func(p string) string { return p })
		claimed["k2"] = true // an exact match claimed after the index was built
		var got []string
		for _, p := range []string{"a", "a", "b", "b", "b", "c"} {
			k, ok := c.Claim(p)
			if ok != (k != "") {
				t.Fatalf("Claim(%q) = %q, %v", p, k, ok)
			}
			got = append(got, k)
		}
		if want := []string{"k3", "", "k0", "k4", "", ""}; !slices.Equal(got, want) {
			t.Fatalf("claims = %q, want %q", got, want)
		}
		if !claimed["k3"] || !claimed["k0"] || !claimed["k4"] {
			t.Fatalf("claims not recorded in the shared set: %v", claimed)
		}
	}
}
