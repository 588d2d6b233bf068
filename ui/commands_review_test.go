package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// A command the agent runs that is not a hook (here an MCP server of the
// workspace settings) is listed in the Review tab by its kind and what it
// runs, counts in the tab's badge, and is approved like a hook.
func TestReviewListsAnMCPServer(t *testing.T) {
	f := newReviewFixture(t, func(f *reviewFixture) {
		writeFile(t, filepath.Join(f.dir, ".gemini", "settings.json"),
			`{"mcpServers": {"db": {"command": "node", "args": ["srv.js"]}}}`)
	})
	want := "NEW MCP server db: node srv.js"
	if got := f.listed(); !slices.Contains(got, want) {
		t.Fatalf("list %q, want a row %q", got, want)
	}
	if got := f.v.tab.Text; got != "Review (1)" {
		t.Errorf("tab label %q, want the server counted", got)
	}
	f.selectLabel("MCP server db: node srv.js")
	test.Tap(f.v.approveButton)
	f.q.settle()
	if got := f.listed(); slices.Contains(got, want) {
		t.Errorf("after approving, the list still shows the server: %q", got)
	}
}

// The line above the list counts hooks and the commands that are not hooks
// apart, as audit does ("0 of 0 hooks and 1 of 1 commands need review"):
// it said "1 of 1 project hook need review." for a project that has no
// hook, only an MCP server.
func TestReviewSummaryCountsAnMCPServerAsNoHook(t *testing.T) {
	f := newReviewFixture(t, func(f *reviewFixture) {
		writeFile(t, filepath.Join(f.dir, ".gemini", "settings.json"),
			`{"mcpServers": {"db": {"command": "node", "args": ["srv.js"]}}}`)
	})
	got := f.v.summary.Text
	if !strings.Contains(got, "1 of 1 command that is not a hook need review") || strings.Contains(got, "1 of 1 "+f.v.reviewNoun()) {
		t.Errorf("summary %q, want no hook counted and the server counted as a command", got)
	}
}
