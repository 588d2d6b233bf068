package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// The details pane shows an extension hook's command as it runs, where
// each ${NAME} came from, and why the project decides the hook.
func TestDetailsPaneShowsHydrationSources(t *testing.T) {
	test.NewTempApp(t)
	d := newDetailsPane(nil)
	d.proj = geminiDetails()
	h := &hooks.Hook{Event: "BeforeAgent", Type: "command", Name: "fmt",
		Command: "gofmt --check", RawCommand: "${FORMATTER} --check",
		Origin: hooks.Origin{Layer: settingsio.LayerExtension, File: "/h/.gemini/extensions/x/hooks/hooks.json", Extension: "x"},
		Ext: &gemini.HookFacts{
			Hydrated:          []trust.Hydration{{Name: "FORMATTER", Value: "gofmt", File: "/p/.env", Line: 2, Workspace: true}},
			ProjectControlled: "it takes ${FORMATTER} (/p/.env:2) from the project's .env file"}}
	d.show(h, pathNamer{})
	text := d.command.Text
	for _, want := range []string{"gofmt --check", "(as written: ${FORMATTER} --check)",
		"${FORMATTER} = gofmt from /p/.env:2 (the project's .env)", "Project hook: it takes ${FORMATTER}"} {
		if !strings.Contains(text, want) {
			t.Errorf("details command %q lacks %q", text, want)
		}
	}
}
