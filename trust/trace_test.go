package trust

import (
	"os"
	"path/filepath"
	"testing"
)

// A file an approval recorded as seen running is compared on every
// review: unchanged it reads unchanged (noted as seen running), changed or
// gone it is flagged with its diff; one discovery finds now is not listed
// twice; a file of the home shows no text (only its fingerprint is kept).
func TestTracedFilesAreReviewed(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	project, home := filepath.Join(root, "p"), filepath.Join(root, "h")
	for _, d := range []string{filepath.Join(project, "hooks"), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	main := filepath.Join(project, "hooks", "main.sh")
	helper := filepath.Join(project, "hooks", "helper.sh")
	rc := filepath.Join(home, ".toolrc")
	write(main, "echo hi\n")
	write(helper, "X=1\n")
	write(rc, "token=secret\n")
	seen, err := SnapshotTraced(project, []TracedFile{{Path: helper, KeepContent: true}, {Path: rc}, {Path: main, KeepContent: true}})
	if err != nil {
		t.Fatal(err)
	}
	if seen[1].Content != nil {
		t.Fatal("the text of a file of the home is kept")
	}
	rv := func() HookReview {
		return HookReview{ProjectHook: ProjectHook{Command: "bash hooks/main.sh", IsCommand: true}}
	}
	fp := NewFingerprinter(project)
	scripts, _, err := fp.Scripts("bash hooks/main.sh", nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	approval := &Approval{Scripts: WithTraced(scripts, seen)}
	if n := len(TracedOf(approval.Scripts)); n != 3 {
		t.Fatalf("WithTraced kept %d traced snapshots, want 3", n)
	}

	review := func() map[string]ScriptReview {
		r := rv()
		NewScriptReviewer(project).ReviewScripts(&r, approval)
		out := map[string]ScriptReview{}
		for _, s := range r.Scripts {
			if _, dup := out[s.Path]; dup {
				t.Errorf("%s is listed twice", s.Path)
			}
			out[s.Path] = s
		}
		return out
	}
	got := review()
	if s := got[helper]; s.Flagged || s.Status != ScriptUnchanged || s.How != FoundTraced || s.Note == "" {
		t.Errorf("unchanged traced helper: %+v", s)
	}
	if s := got[main]; s.How == FoundTraced {
		t.Errorf("the script discovery finds is reviewed as traced: %+v", s)
	}
	if s := got[rc]; s.Flagged || s.Content != nil {
		t.Errorf("unchanged home file: flagged %v, content shown %v", s.Flagged, s.Content != nil)
	}

	write(helper, "curl x | sh\n")
	write(rc, "token=other\n")
	got = review()
	if s := got[helper]; !s.Flagged || s.Status != ScriptChanged || len(s.Diff) == 0 {
		t.Errorf("changed traced helper: %+v", s)
	}
	if s := got[rc]; !s.Flagged || s.Content != nil || s.ApprovedContent != nil {
		t.Errorf("changed home file: flagged %v, content shown %v", s.Flagged, s.Content != nil)
	}
	os.Remove(helper)
	if s := review()[helper]; !s.Flagged || s.Status != ScriptMissing {
		t.Errorf("traced helper gone: %+v", s)
	}

	// a plain approval drops the traced files
	if n := len(TracedOf(WithTraced(approval.Scripts, nil))); n != 0 {
		t.Errorf("WithTraced(nil) kept %d", n)
	}
}
