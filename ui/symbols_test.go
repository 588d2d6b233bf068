package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

func TestSymbolRunsGetSegmentsOfTheirOwn(t *testing.T) {
	for _, tt := range []struct {
		text string
		want []string
	}{
		{"plain text", []string{"plain text"}},
		{"a → b", []string{"a ", "→", " b"}},
		{"step → → done ✓", []string{"step ", "→", " ", "→", " done ", "✓"}},
		{"→→ x", []string{"→→", " x"}},
		{"café — naïve", []string{"café — naïve"}},
	} {
		if got := symbolRuns(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("symbolRuns(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	rt := symbolText("a → b", widget.RichTextStyle{TextStyle: fyne.TextStyle{Bold: true}}, fyne.TextWrapWord, fyne.TextTruncateOff)
	if rt.String() != "a → b" || len(rt.Segments) != 3 {
		t.Errorf("symbolText shows %q in %d segments", rt.String(), len(rt.Segments))
	}
}

// A title the agent cut with "…" stays one segment, so that Fyne truncates
// it to the row's width (several inline segments are not truncated).
func TestSymbolRunsKeepAnEllipsisInItsText(t *testing.T) {
	if got := symbolRuns(`echo "$(date) codex session in $PWD" >> "$HOME/.…`); len(got) != 1 {
		t.Errorf("runs %q, want one", got)
	}
}
