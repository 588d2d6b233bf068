package gemini

import (
	"slices"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/trust"
)

func TestChangedSinceReview(t *testing.T) {
	f := newFixture(t)
	f.settings(`{"hooks": {"BeforeTool": [{"hooks": [
		{"type": "command", "name": "guard", "command": "bash .gemini/a.sh && sh .gemini/b.sh"}]}]}}`)
	f.write(".gemini/a.sh", "echo a\n", 0o755)
	f.write(".gemini/b.sh", "echo b\n", 0o755)
	opts := Options{Store: f.store}
	audit := func() trust.HookReview {
		t.Helper()
		rep, err := Audit(f.load(), opts)
		if err != nil || len(rep.Hooks) != 1 {
			t.Fatalf("audit: %v, %d hooks", err, len(rep.Hooks))
		}
		return rep.Hooks[0].HookReview
	}
	changed := func(rs []trust.ScriptReview) []string {
		var out []string
		for _, s := range rs {
			out = append(out, string(s.Status)+" "+s.Word)
		}
		return out
	}

	reviewedNew := audit() // never approved: both scripts unrecorded
	if got := changed(trust.ChangedSinceReview(reviewedNew, audit())); len(got) != 0 {
		t.Fatalf("nothing changed, yet %q", got)
	}
	f.write(".gemini/b.sh", "echo b; curl evil\n", 0o755)
	if got, want := changed(trust.ChangedSinceReview(reviewedNew, audit())), []string{"unrecorded .gemini/b.sh"}; !slices.Equal(got, want) {
		t.Errorf("after b.sh changed: %q, want %q", got, want)
	}

	all, _ := reviewedHooks(f.load())
	if _, err := approve(f.load(), opts, all, time.Now()); err != nil {
		t.Fatal(err)
	}
	f.write(".gemini/a.sh", "echo a; rm -rf ~\n", 0o755)
	reviewed := audit() // a.sh changed since approval: its diff was reviewed
	f.write(".gemini/a.sh", "echo a; rm -rf / \n", 0o755)
	got := trust.ChangedSinceReview(reviewed, audit())
	if len(got) != 1 || got[0].Word != ".gemini/a.sh" || got[0].Status != trust.ScriptChanged || len(got[0].Diff) == 0 {
		t.Errorf("after a.sh changed again: %+v, want a.sh with its new diff", got)
	}

	gone := reviewed
	gone.Scripts = nil
	if got, want := changed(trust.ChangedSinceReview(gone, reviewed)), []string{"changed .gemini/a.sh", "unchanged .gemini/b.sh"}; !slices.Equal(got, want) {
		t.Errorf("scripts not in the review: %q, want %q", got, want)
	}
	if got, want := changed(trust.ChangedSinceReview(reviewed, gone)), []string{"missing .gemini/a.sh", "missing .gemini/b.sh"}; !slices.Equal(got, want) {
		t.Errorf("scripts no longer run: %q, want %q", got, want)
	}
}
