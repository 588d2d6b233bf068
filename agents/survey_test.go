package agents

import "testing"

func TestFirstToReviewPrefersHooksThatNeedReview(t *testing.T) {
	c := func(name string, hooks, reviewed, need int) FolderCount {
		return FolderCount{Agent: Info{Name: name}, Hooks: hooks, Reviewed: reviewed, NeedReview: need}
	}
	for _, tt := range []struct {
		name   string
		counts []FolderCount
		want   string
	}{
		{"none", []FolderCount{c("a", 0, 0, 0), c("b", 0, 0, 0)}, ""},
		{"user hooks only do not count", []FolderCount{c("a", 3, 0, 0), c("b", 0, 0, 0)}, ""},
		{"needing review beats reviewed", []FolderCount{c("a", 2, 2, 0), c("b", 2, 2, 1)}, "b"},
		{"the first needing review", []FolderCount{c("a", 2, 2, 0), c("b", 1, 1, 1), c("c", 5, 5, 5)}, "b"},
		{"else the first with project hooks", []FolderCount{c("a", 4, 0, 0), c("b", 1, 1, 0)}, "b"},
	} {
		if got := FirstToReview(tt.counts); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
