package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"
)

// An MCP server whose discovery is incomplete (perl: its require is not
// read), approved knowingly, is listed in the Review tab as approved,
// partly unwatched, with its risk at least review, and the line above
// the list counts it with the commands that are not hooks, not with the
// hooks. On main the server read plain trusted (hidden, "All … trusted");
// with the review fixed, the line said "All 1 workspace hook approved; 1
// approved, partly unwatched …" of a hook that is plainly trusted.
func TestReviewShowsAPartlyUnwatchedMCPServerAsACommand(t *testing.T) {
	f := newReviewFixture(t, func(f *reviewFixture) {
		writeFile(t, filepath.Join(f.dir, ".gemini", "settings.json"),
			`{"mcpServers": {"docs": {"command": "perl", "args": ["srv.pl"]}},
  "hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "lint", "command": "echo lint"}]}]}}`)
		writeFile(t, filepath.Join(f.dir, "srv.pl"), "require './helper.pl';\n")
		writeFile(t, filepath.Join(f.dir, "helper.pl"), "1;\n")
		f.load()
		if err := approveIn(f.p, agents.ApproveRequest{All: true}); err != nil {
			t.Fatal(err)
		}
	})
	var server *agents.HookReview
	for i, h := range f.p.Review.Hooks {
		if h.Kind != "" {
			server = &f.p.Review.Hooks[i]
		}
	}
	if server == nil || server.Status != trust.StatusPartlyUnwatched || server.Risk.Level.String() == "none" {
		t.Fatalf("the server's review: %+v", server)
	}
	listed := strings.Join(f.listed(), " | ")
	if !strings.Contains(listed, "APPROVED, PARTLY UNWATCHED MCP server docs: perl srv.pl") {
		t.Errorf("the server is not listed as partly unwatched: %q", listed)
	}
	got := f.v.summary.Text
	if !strings.Contains(got, "All 1 "+f.v.reviewNoun()+" trusted") {
		t.Errorf("summary %q: the plainly trusted hook is not said trusted", got)
	}
	if !strings.Contains(got, "0 of 1 command that is not a hook need review, 1 "+trust.PartlyUnwatchedLabel) {
		t.Errorf("summary %q: the partly unwatched server is not counted with the commands", got)
	}
}

// Approving an MCP server whose discovery is incomplete from the Review
// tab asks its own question, naming what cannot be watched, as for a
// hook; once answered, the server reads approved, partly unwatched.
func TestApprovingAPartlyUnwatchedMCPServerAsksFirst(t *testing.T) {
	f := newReviewFixture(t, func(f *reviewFixture) {
		writeFile(t, filepath.Join(f.dir, ".gemini", "settings.json"), `{"mcpServers": {"docs": {"command": "perl", "args": ["srv.pl"]}}}`)
		writeFile(t, filepath.Join(f.dir, "srv.pl"), "require './helper.pl';\n")
		writeFile(t, filepath.Join(f.dir, "helper.pl"), "1;\n")
	})
	f.selectLabel("MCP server docs: perl srv.pl")
	test.Tap(f.v.approveButton)
	f.q.settle()
	top := f.w.Canvas().Overlays().Top()
	if top == nil || findButton(top, "Approve partly unwatched") == nil || !anyContains(textsOf(top), "srv.pl") {
		t.Fatalf("approving the server asked no question naming srv.pl: %q", textsOf(top))
	}
	tapDialogButton(t, f.w, "Approve partly unwatched")
	f.q.settle()
	if listed := strings.Join(f.listed(), " | "); !strings.Contains(listed, "APPROVED, PARTLY UNWATCHED MCP server docs") {
		t.Errorf("after the answer the server is not listed as approved, partly unwatched: %q", listed)
	}
}
