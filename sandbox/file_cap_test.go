package sandbox

import (
	"fmt"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/risk/vocab"
)

// TestCapFilesNeverHidesWhatMatters: crowded folders are shown by a few
// and a count, critical writes are listed first and never collapsed, and
// whatever is left out is counted with its worst level in few groups.
func TestCapFilesNeverHidesWhatMatters(t *testing.T) {
	home, project := "/h", "/h/p"
	var files []FileChange
	for i := 0; i < 12; i++ {
		files = append(files, FileChange{Path: fmt.Sprintf("/h/.cache/x/f%02d", i), Change: Created})
	}
	files = append(files, FileChange{Path: "/h/.config/autostart/evil.desktop", Change: Created})
	for i := 0; i < 700; i++ { // one per folder: nothing crowded, the plain cap
		files = append(files, FileChange{Path: fmt.Sprintf("/h/p/d%03d/f", i), Change: Created, InProject: true})
	}
	r := &Report{Files: files}
	capFiles(r, home, project, nil)
	if len(r.Files) != maxFiles {
		t.Fatalf("%d files listed, want %d", len(r.Files), maxFiles)
	}
	if r.Files[0].Path != "/h/.config/autostart/evil.desktop" || r.Files[0].Level != vocab.LevelCritical {
		t.Errorf("the critical write is not first: %+v", r.Files[0])
	}
	shown := 0
	for _, f := range r.Files {
		if strings.HasPrefix(f.Path, "/h/.cache/x/") {
			shown++
		}
	}
	if shown != crowdedShown {
		t.Errorf("%d files of the crowded folder shown, want %d", shown, crowdedShown)
	}
	total := 0
	var sums []string
	for _, g := range r.FilesLeftOut {
		total += g.Count
		sums = append(sums, g.Summary)
	}
	if total != len(files)-maxFiles {
		t.Errorf("%d files counted as left out, want %d: %q", total, len(files)-maxFiles, sums)
	}
	if len(r.FilesLeftOut) > maxLeftOutGroups+1 {
		t.Errorf("%d groups of files left out: %q", len(r.FilesLeftOut), sums)
	}
	if !strings.Contains(strings.Join(sums, "\n"), "and 9 more files under ~/.cache/x (the worst of them: review)") {
		t.Errorf("the crowded folder's count is missing: %q", sums)
	}

	// more critical writes than the cap: the rest are counted as critical
	files = nil
	for i := 0; i < maxFiles+5; i++ {
		files = append(files, FileChange{Path: fmt.Sprintf("/h/.config/autostart/e%03d.desktop", i), Change: Created})
	}
	r = &Report{Files: files}
	capFiles(r, home, project, nil)
	if len(r.FilesLeftOut) != 1 || r.FilesLeftOut[0].Count != 5 || r.FilesLeftOut[0].Level != vocab.LevelCritical {
		t.Errorf("critical writes past the cap: %+v", r.FilesLeftOut)
	}
	judge(r, home, project, nil)
	if r.Level != vocab.LevelCritical {
		t.Errorf("report level %v", r.Level)
	}
}
