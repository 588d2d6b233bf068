package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// The counts at the end of the header's second row ("1 hook: 1
// blocked-untrusted-folder · 1 other command: 1 blocked-untrusted-folder",
// a Gemini CLI folder not yet trusted that has a hook and an MCP server)
// no longer make the window wider than 800 pixels: the row needed 918, the
// window could not be made 800 wide, and while it was, the folder trust,
// the hooks switch and the counts were drawn over one another.
func TestHeaderCountsFitAn800PixelWindow(t *testing.T) {
	opts := isolatedOptions(t)
	opts.Env = slices.DeleteFunc(opts.Env, func(e string) bool { return strings.HasPrefix(e, "GEMINI_CLI_TRUST_WORKSPACE=") })
	dir := filepath.Join(t.TempDir(), "g")
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), `{
  "mcpServers": {"fmt": {"command": "node", "args": ["server.js"]}},
  "hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [{"type": "command", "name": "chk", "command": "echo check"}]}]}}`)
	m, _ := newTestWindow(t)
	m.opts = opts
	p, err := openProject(opts, dir, false)
	if err != nil {
		t.Fatal(err)
	}
	m.window.Resize(fyne.NewSize(1400, 900))
	m.show(p, nil)
	full := (&widget.Label{Text: m.header.counts.Text, TextStyle: m.header.counts.TextStyle}).MinSize().Width
	if got := m.header.counts.Size().Width; got+0.5 < full {
		t.Errorf("at 1400x900 the counts %q got %.0f of the %.0f pixels they need: cut although there is room", m.header.counts.Text, got, full)
	}
	if !strings.Contains(m.header.counts.Text, "other command") {
		t.Fatalf("the counts read %q; the test wants a hook and an MCP server", m.header.counts.Text)
	}
	m.window.Resize(fyne.NewSize(800, 600))
	if got := m.window.Content().MinSize().Width; got > 800 {
		t.Errorf("the window needs %.0f pixels (counts %q need %.0f)", got, m.header.counts.Text, m.header.counts.MinSize().Width)
	}
	m.header.toggleDetails()
	if !slices.Contains(visibleTexts(m.header.details), m.header.counts.Text) {
		t.Errorf("the unfolded details do not have the counts in full: %q", visibleTexts(m.header.details))
	}
	for _, o := range []fyne.CanvasObject{m.header.trustLine, m.header.enabledLine} {
		if o.Size().Width < 20 {
			t.Errorf("a fact of the header got %.0f pixels beside the counts", o.Size().Width)
		}
	}
}
