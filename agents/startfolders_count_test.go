package agents

import (
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// TestAStartFolderIsCleanOnlyWhenItsReviewIs: a start folder's Count
// (what audit, the guard and the window decide from) is never 0 when its
// review needs review: each entry, unreadable file, critical finding and
// unusable trust file counts, and a review that needs review for a reason
// none of them says counts one. ReviewCount does the same for a review.
// The critical finding was not counted before (audit at the top exited 0
// for a start folder whose .env set LD_PRELOAD).
func TestAStartFolderIsCleanOnlyWhenItsReviewIs(t *testing.T) {
	crit := []hooks.Diagnostic{{File: "/top/sub/.env", Severity: hooks.SeverityCritical, Message: "sets LD_PRELOAD"}}
	for name, c := range map[string]struct {
		f    StartFolder
		want int
	}{
		"clean":                {StartFolder{Review: &Review{}}, 0},
		"an entry":             {StartFolder{NeedsReview: []StartFolderEntry{{Status: "new"}}}, 1},
		"an unreadable file":   {StartFolder{Unreadable: []settingsio.FileError{{Path: "/top/sub/x.json"}}}, 1},
		"a trust file":         {StartFolder{StoreError: "locked"}, 1},
		"a critical finding":   {StartFolder{Critical: crit, Review: &Review{NeedsReview: true, Critical: crit}}, 1},
		"a reason none states": {StartFolder{Review: &Review{NeedsReview: true}}, 1},
	} {
		if got := c.f.Count(); got != c.want || c.f.Clean() != (c.want == 0) {
			t.Errorf("%s: Count %d (clean %v), want %d", name, got, c.f.Clean(), c.want)
		}
		if got := (StartFolders{Folders: []StartFolder{c.f}}).NeedingReview(); got != c.want {
			t.Errorf("%s: StartFolders.NeedingReview %d, want %d", name, got, c.want)
		}
	}
	for name, c := range map[string]struct {
		r    *Review
		want int
	}{
		"nil":                  {nil, 0},
		"clean":                {&Review{}, 0},
		"a critical finding":   {&Review{NeedsReview: true, Critical: crit}, 1},
		"a reason none states": {&Review{NeedsReview: true}, 1},
		"an unreadable file":   {&Review{Unreadable: []settingsio.FileError{{Path: "/top/x.json"}}}, 1},
	} {
		if got := ReviewCount(c.r); got != c.want {
			t.Errorf("ReviewCount, %s: %d, want %d", name, got, c.want)
		}
	}
}
