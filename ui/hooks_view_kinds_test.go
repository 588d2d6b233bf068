package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/hooks"
)

// The What runs tab (once "Hooks") groups what the project makes the agent
// run: hooks under their events, and MCP servers and helper commands as
// what they are, never as "hooks" of an unknown event.
func TestWhatRunsNamesCommandsAsWhatTheyAre(t *testing.T) {
	opts := isolatedOptions(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), `{
  "mcpServers": {"db": {"command": "node", "args": ["srv.js"]}, "docs": {"httpUrl": "https://mcp.example/a"}},
  "tools": {"discoveryCommand": "./tools.sh"},
  "hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [{"type": "command", "name": "guard", "command": "./guard.sh"}]}]}
}`)
	p, err := openProject(opts, dir, false)
	if err != nil {
		t.Fatal(err)
	}
	test.NewTempApp(t)
	v := newHooksView(hooksActions{})
	test.NewTempWindow(t, v.buildUI())
	v.show(p, "", fyne.Position{})
	var titles, subtitles []string
	for _, g := range v.groups {
		titles = append(titles, g.title.Text)
		subtitles = append(subtitles, strings.Join(textsOf(g.subtitle), " "))
	}
	joined := strings.Join(titles, " | ")
	for _, want := range []string{"BeforeTool  ·  1 hook", "2 MCP servers", "1 tool command"} {
		if !strings.Contains(joined, want) {
			t.Errorf("group titles %q lack %q", titles, want)
		}
	}
	for i, s := range subtitles {
		if strings.Contains(s, "not a Gemini CLI event") {
			t.Errorf("group %q reads %q", titles[i], s)
		}
	}
}

// The header counts hooks as hooks and the other commands apart.
func TestHeaderCountsCommandsApartFromHooks(t *testing.T) {
	hs := []*hooks.Hook{{Status: hooks.StatusRuns}, {Kind: hooks.KindMCPServer, Status: hooks.StatusRuns},
		{Kind: hooks.KindHelper, Status: hooks.StatusBlockedUntrustedFolder}}
	if got, want := countsText(hs, nil), "1 hook: 1 runs · 2 other commands: 1 runs, 1 blocked-untrusted-folder"; got != want {
		t.Errorf("countsText = %q, want %q", got, want)
	}
}
