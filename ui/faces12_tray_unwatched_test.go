package ui

import (
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"
)

// A project whose entries are all approved but some partly unwatched
// needs no review, but is not plainly clean either: the tray says so, as
// audit ends with its "approved, partly unwatched" line and the Review
// tab counts them. On main the entry read "nothing to review", as for a
// project whose every entry is fully watched.
func TestTrayNamesPartlyUnwatchedEntries(t *testing.T) {
	test.NewTempApp(t)
	projects := []trayProject{
		{dir: filepath.FromSlash("/work/tidy"), count: 0},
		{dir: filepath.FromSlash("/work/perl-srv"), count: 0, unwatched: 2},
		{dir: filepath.FromSlash("/work/both"), count: 1, unwatched: 1},
	}
	got := trayLabels(trayMenu(projects, func(string) {}))
	want := []string{
		"1 project needs review",
		"---",
		"tidy — nothing to review",
		"perl-srv — nothing to review; 2 approved, partly unwatched",
		"both — 1 needs review; 1 approved, partly unwatched",
	}
	if !slices.Equal(got[:len(want)], want) {
		t.Errorf("tray menu %q, want it to start %q", got, want)
	}
}
