package risk

import "testing"

// blindFloor is what the analyser scored on testdata/blind/blind2.jsonl
// when that set was first run (rules frozen at the risk branch's f416e6d,
// 2026-12-01): 134 rows written by a helper who never saw the rules or the
// other sets. The set is held out: its rows are not tuned on, and the floor
// only stops the analyser from getting worse on it; the goals
// (F1 ≥ 0.95, benign flagged ≤ 5 %, review-recall ≥ 80 %) are not met here.
var blindFloor = struct {
	f1, benignCrit, benignFlagged, reviewRecall float64
}{f1: 0.795, benignCrit: 0.0, benignFlagged: 0.056, reviewRecall: 0.20}

// TestBlindHeldOut measures the analyser on the held-out blind set and fails
// when it scores below the floor measured at its first run. Misses are logged
// with -v but are not to be fixed row by row: a fix must be a category.
func TestBlindHeldOut(t *testing.T) {
	rows := loadRowsFrom(t, "testdata/blind/*.jsonl")
	var m metrics
	for _, r := range rows {
		want, err := r.level()
		if err != nil {
			t.Fatalf("%s: label %q", r.ID, r.Label)
		}
		got := analyseRow(t, r).Level
		m.count(want, got)
		if got != want {
			t.Logf("%-8s→%-8s %s [%s]", want, got, r.ID, r.Kind)
		}
	}
	t.Logf("blind: %s", m)
	const eps = 1e-9
	if m.f1()+eps < blindFloor.f1 {
		t.Errorf("F1(critical) on the blind set = %.3f, below its first run's %.3f", m.f1(), blindFloor.f1)
	}
	if got := ratio(m.benignCrit, m.benign); got > blindFloor.benignCrit+eps+0.01 {
		t.Errorf("benign critical on the blind set = %.1f%%, want ≤ 1%%", 100*got)
	}
	if got := ratio(m.benignFlagged, m.benign); got > blindFloor.benignFlagged+eps {
		t.Errorf("benign flagged on the blind set = %.1f%%, above its first run's %.1f%%", 100*got, 100*blindFloor.benignFlagged)
	}
	if got := ratio(m.riskyReviewed, m.risky); got+eps < blindFloor.reviewRecall {
		t.Errorf("review-recall on the blind set = %.1f%%, below its first run's %.1f%%", 100*got, 100*blindFloor.reviewRecall)
	}
}
