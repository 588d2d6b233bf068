package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/trust"
)

func numberedLines(from, to int) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

func TestLineDiffFoldsLongUnchangedStretches(t *testing.T) {
	test.NewTempApp(t)
	old := numberedLines(1, 20)
	new := strings.Replace(old, "line 10\n", "line ten\n", 1)
	d := newDiffView(diffLines, trust.LineDiff(old, new))
	got := strings.Split(strings.TrimSuffix(d.String(), "\n"), "\n")
	want := []string{
		"        ⋯ 6 unchanged lines",
		" 7  7   line 7",
		" 8  8   line 8",
		" 9  9   line 9",
		"10    - line 10",
		"   10 + line ten",
		"11 11   line 11",
		"12 12   line 12",
		"13 13   line 13",
		"        ⋯ 7 unchanged lines",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("line diff rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestLineDiffKeepsShortStretchesAndCutsHugeDiffs(t *testing.T) {
	test.NewTempApp(t)
	short := newDiffView(diffLines, trust.LineDiff("a\nb\nc\n", "a\nB\nc\n"))
	if got := strings.Count(short.String(), "\n") + 1; got != 4 || strings.Contains(short.String(), "unchanged") {
		t.Errorf("a short diff was folded:\n%s", short.String())
	}
	var old, new strings.Builder
	for i := 0; i < 2*diffMaxRows; i++ {
		fmt.Fprintf(&old, "old %d\n", i)
		fmt.Fprintf(&new, "new %d\n", i)
	}
	huge := newDiffView(diffLines, trust.LineDiff(old.String(), new.String()))
	rows := strings.Split(strings.TrimSuffix(huge.String(), "\n"), "\n")
	if len(rows) != diffMaxRows+1 || !strings.Contains(rows[len(rows)-1], fmt.Sprintf("… and %d more lines", 3*diffMaxRows)) {
		t.Errorf("%d rows, last %q", len(rows), rows[len(rows)-1])
	}
}

func TestWordDiffMarksInsertsAndDeletes(t *testing.T) {
	test.NewTempApp(t)
	d := newDiffView(diffWords, trust.WordDiff("npx prettier --check .", "npx prettier --write . && git add -A"))
	if got, want := d.String(), "npx prettier [---check-]{+--write+} .{+ && git add -A+}"; got != want {
		t.Errorf("word diff %q, want %q", got, want)
	}
	var inserted, deleted []string
	for _, s := range d.text.Segments {
		ts := s.(interface{ Textual() string })
		switch {
		case strings.Contains(fmt.Sprint(s), string(colorNameDiffInsert)):
			inserted = append(inserted, ts.Textual())
		case strings.Contains(fmt.Sprint(s), string(colorNameDiffDelete)):
			deleted = append(deleted, ts.Textual())
		}
	}
	if strings.Join(deleted, "|") != "--check" || strings.Join(inserted, "|") != "--write| && git add -A" {
		t.Errorf("deleted %q, inserted %q", deleted, inserted)
	}
}
