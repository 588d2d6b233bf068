package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"
)

// unwatchedWorkspace has a hook that runs a registry package (npx):
// approved, it is partly unwatched.
const unwatchedWorkspace = `{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [
  {"type": "command", "name": "fmt", "command": "npx prettier --write src/"},
  {"type": "command", "name": "lint", "command": "echo lint"}]}]}}`

// approveUnwatched writes unwatchedWorkspace into f's project and approves
// both of its hooks, accepting the unwatched parts (as `trust
// --accept-unwatched` and the window's second question do).
func approveUnwatched(f *reviewFixture) {
	f.t.Helper()
	writeFile(f.t, filepath.Join(f.dir, ".gemini", "settings.json"), unwatchedWorkspace)
	f.load()
	if err := approveIn(f.p, agents.ApproveRequest{All: true}); err != nil {
		f.t.Fatal(err)
	}
}

// checkUnwatchedFixture fails unless the project's review reads the fmt
// hook as partly unwatched (as `audit` does) and nothing as needing review.
func checkUnwatchedFixture(t *testing.T, p *project) {
	t.Helper()
	if p.Review == nil {
		t.Fatal("no review")
	}
	unwatched := 0
	for _, h := range p.Review.Hooks {
		if h.NeedsReview() {
			t.Fatalf("%s still needs review: %s", h.Label, h.Status)
		}
		if h.Status == trust.StatusPartlyUnwatched {
			unwatched++
		}
	}
	if unwatched != 1 {
		t.Fatalf("%d hooks read %s, want 1", unwatched, trust.StatusPartlyUnwatched)
	}
}

// The Review tab never calls an approved but partly unwatched hook
// trusted: `audit` says "APPROVED, PARTLY UNWATCHED" and "1 hook(s)
// approved, partly unwatched", and the tab said "All 2 workspace hooks
// trusted. 2 trusted hidden." with the hook hidden behind "Show trusted
// hooks" and "Every workspace hook is trusted." in the detail.
func TestReviewNeverCallsAPartlyUnwatchedHookTrusted(t *testing.T) {
	f := newReviewFixture(t, approveUnwatched)
	checkUnwatchedFixture(t, f.p)
	if f.v.showTrusted.Checked {
		t.Fatal("trusted hooks are shown from the start")
	}
	summary := f.v.summary.Text
	if strings.Contains(summary, "trusted.") && !strings.Contains(summary, "1 trusted hidden") || strings.Contains(summary, "2 trusted hidden") {
		t.Errorf("the summary counts the partly unwatched hook as trusted: %q", summary)
	}
	if !strings.Contains(summary, "1 "+trust.PartlyUnwatchedLabel) {
		t.Errorf("the summary does not name the partly unwatched hook: %q", summary)
	}
	listed := strings.Join(f.listed(), " | ")
	if !strings.Contains(listed, "APPROVED, PARTLY UNWATCHED fmt") {
		t.Errorf("the partly unwatched hook is not listed with its state: %q", listed)
	}
	if strings.Contains(listed, "lint") {
		t.Errorf("the plainly trusted hook is listed with trusted hooks hidden: %q", listed)
	}
	for _, s := range textsOf(f.v.detail.scroll) {
		if strings.Contains(s, "is trusted") {
			t.Errorf("the detail says %q", s)
		}
	}
}

// The What runs tab's details pane says the trust state of an approved
// but partly unwatched hook, as its row, `list` and `audit` do; it showed
// only the run status ("RUNS") and the agent's "trusted; runs on …".
func TestHookDetailsSayPartlyUnwatched(t *testing.T) {
	f := newReviewFixture(t, approveUnwatched)
	checkUnwatchedFixture(t, f.p)
	v := newHooksView(hooksActions{})
	w := test.NewTempWindow(t, v.buildUI())
	w.Resize(fyne.NewSize(1024, 700))
	v.show(f.p, "", fyne.Position{})
	for _, name := range []string{"fmt", "lint"} {
		found := false
		for _, h := range f.p.proj.Hooks() {
			if h.Name == name {
				v.selectHook(h)
				found = true
			}
		}
		if !found {
			t.Fatalf("no hook %q", name)
		}
		texts := strings.Join(textsOf(v.details.buildUI()), " | ")
		has := strings.Contains(texts, "APPROVED, PARTLY UNWATCHED") && strings.Contains(texts, "1 part Hookwarden cannot watch")
		if want := name == "fmt"; has != want {
			t.Errorf("%s: the details say partly unwatched: %v, want %v: %q", name, has, want, texts)
		}
	}
	rowSays := false
	for _, g := range v.groups {
		for _, r := range g.rows {
			if r.hook.Name == "fmt" && r.unwatchedLine != nil && strings.Contains(r.unwatchedLine.Text, trust.PartlyUnwatchedLabel) {
				rowSays = true
			}
		}
	}
	if !rowSays {
		t.Error("the row of the partly unwatched hook does not say what it means")
	}
}
