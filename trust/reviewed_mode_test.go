package trust

import "testing"

// ChangedSinceReview compares everything an approval records of a script,
// not only its text: an exec bit set or cleared between the review and the
// approval is a change (it compared the hash alone, so the approval
// recorded a mode nobody saw).
func TestChangedSinceReviewComparesTheMode(t *testing.T) {
	script := func(mode string) ScriptReview {
		return ScriptReview{Path: "/p/x.sh", SHA256: "abc", Size: 3, Status: ScriptUnrecorded, Mode: mode}
	}
	review := func(s ScriptReview) HookReview { return HookReview{Scripts: []ScriptReview{s}} }
	if got := ChangedSinceReview(review(script("exec")), review(script("exec"))); len(got) != 0 {
		t.Errorf("nothing changed: %+v", got)
	}
	for _, tc := range []struct{ then, now string }{{"exec", "noexec"}, {"noexec", "exec"}} {
		got := ChangedSinceReview(review(script(tc.then)), review(script(tc.now)))
		if len(got) != 1 || got[0].Mode != tc.now || got[0].Note == "" {
			t.Errorf("%s -> %s: %+v, want the script with a note", tc.then, tc.now, got)
		}
	}
	outside := script("")
	outside.Status = ScriptOutside
	if got := ChangedSinceReview(review(script("")), review(outside)); len(got) != 1 {
		t.Errorf("a link now taking the path outside the project: %+v", got)
	}
}
