package risk

import "testing"

// TestWritten12RowsAtTheirLabel: every row of testdata/written12.jsonl
// (risk9: NODE_OPTIONS written into start-up files from JavaScript through
// a home folder read in a variable or a template literal, Gemini
// BeforeModel rewrites of the request, the whole project copied to a
// temporary folder and uploaded with curl -T, and orders to the model in
// words — download and run, force-push, a command after a label, a
// dependency the hook chooses — with benign rows next to each) reads at
// its label. On the rules before risk9, 15 of its attack rows read none
// or review.
func TestWritten12RowsAtTheirLabel(t *testing.T) {
	for _, r := range loadRowsFrom(t, "testdata/written12.jsonl") {
		want, err := r.level()
		if err != nil {
			t.Fatalf("%s: label %q", r.ID, r.Label)
		}
		rep := analyseRow(t, r)
		if rep.Level != want {
			first, _ := rep.First()
			t.Errorf("%s: %s, want %s (%s: %s)", r.ID, rep.Level, want, first.Category, first.Summary)
		}
	}
}
