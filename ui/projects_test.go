package ui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/settingsio"
)

// projectWithHooks makes a project folder whose workspace settings have the
// named SessionStart hooks.
func projectWithHooks(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	var hs []string
	for _, n := range names {
		hs = append(hs, fmt.Sprintf(`{"type": "command", "name": %q, "command": "echo %s"}`, n, n))
	}
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"),
		`{"hooks": {"SessionStart": [{"hooks": [`+strings.Join(hs, ",")+`]}]}}`)
	return dir
}

func TestRecentProjectsAreRememberedNewestFirst(t *testing.T) {
	m, _ := newTestWindow(t)
	m.opts = isolatedOptions(t)
	a, b := projectWithHooks(t, "a1"), projectWithHooks(t, "b1")
	m.open(a)
	m.open(b)
	m.open(a)
	m.onOpenDemo() // the demo, which is not remembered

	if got, want := recentProjects(m.app.Preferences()), []string{a, b}; !slices.Equal(got, want) {
		t.Errorf("recent projects %v, want %v", got, want)
	}
	menu := m.recentMenu()
	if len(menu.Items) != 4 || !strings.HasSuffix(menu.Items[0].Label, a) || !strings.HasSuffix(menu.Items[1].Label, b) {
		t.Fatalf("recent menu %v", menuLabels(menu))
	}
	menu.Items[1].Action()
	if m.current.Dir != b {
		t.Errorf("the menu opened %s, want %s", m.current.Dir, b)
	}
	m.recentMenu().Items[3].Action() // Clear the list
	if got := m.recentMenu().Items; len(got) != 1 || !got[0].Disabled {
		t.Errorf("after clearing, the menu is %v", menuLabels(m.recentMenu()))
	}
}

func TestRecentProjectsKeepAtMostTen(t *testing.T) {
	prefs := test.NewTempApp(t).Preferences()
	for i := range 12 {
		rememberProject(prefs, fmt.Sprintf("/p%d", i))
	}
	got := recentProjects(prefs)
	if len(got) != maxRecentProjects || got[0] != "/p11" || got[9] != "/p2" {
		t.Errorf("recent list %v", got)
	}
}

func TestSwitchingProjectsKeepsEachOnesTabAndSelection(t *testing.T) {
	m, _ := newTestWindow(t)
	m.opts = isolatedOptions(t)
	a, b := projectWithHooks(t, "a1", "a2"), projectWithHooks(t, "b1", "b2")

	m.open(a)
	m.hooks.selectID(rowNamed(t, m, "a2", settingsio.LayerWorkspace).hook.ID)
	files := m.tabs.Items[len(m.tabs.Items)-1]
	m.tabs.Select(files)

	m.open(b)
	if m.hooks.selectedID != "" {
		t.Errorf("project b opened with hook %q selected", m.hooks.selectedID)
	}
	m.hooks.selectID(rowNamed(t, m, "b1", settingsio.LayerWorkspace).hook.ID)
	m.tabs.SelectIndex(0)

	m.open(a)
	if m.tabs.Selected() != files || m.hooks.details.hook == nil || m.hooks.details.hook.Name != "a2" {
		t.Errorf("back in a: tab %q, details of %v; want Files and a2", m.tabs.Selected().Text, m.hooks.details.hook)
	}
	if !rowNamed(t, m, "a2", settingsio.LayerWorkspace).selectable.selected {
		t.Error("the row of the selected hook is not highlighted")
	}
	m.open(b)
	if m.tabs.SelectedIndex() != 0 || m.hooks.details.hook == nil || m.hooks.details.hook.Name != "b1" {
		t.Errorf("back in b: tab %q, details of %v; want Hooks and b1", m.tabs.Selected().Text, m.hooks.details.hook)
	}
}

func TestDetailsPaneShowsTheConfigAsWritten(t *testing.T) {
	m, _ := openDemoWindow(t)
	r := rowNamed(t, m, "security-check", settingsio.LayerWorkspace)
	test.Tap(r.selectable)
	d := m.hooks.details
	if d.hook != r.hook || !r.selectable.selected {
		t.Fatal("tapping the row did not select it")
	}
	want := `{
  "type": "command",
  "name": "security-check",
  "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/security-check.sh",
  "description": "Blocks writes that contain secrets or touch .env files",
  "timeout": 5000
}`
	if d.config.Text != want {
		t.Errorf("config shown:\n%s\nwant:\n%s", d.config.Text, want)
	}
	if got := d.place.Text; got != filepath.FromSlash("./.gemini/settings.json:14:11") {
		t.Errorf("place %q", got)
	}
	if d.jsonPath.Text != "hooks.BeforeTool[0].hooks[0]" || d.description.String() != "Blocks writes that contain secrets or touch .env files" {
		t.Errorf("path %q, description %q", d.jsonPath.Text, d.description.String())
	}
	// $GEMINI_PROJECT_DIR is set when the hook runs, not expanded at load.
	if d.command.Text != "$GEMINI_PROJECT_DIR/.gemini/hooks/security-check.sh" {
		t.Errorf("command %q", d.command.Text)
	}
	// Selecting another hook moves the highlight.
	other := rowNamed(t, m, "desktop-notify", settingsio.LayerUser)
	test.Tap(other.selectable)
	if r.selectable.selected || !other.selectable.selected || d.hook != other.hook {
		t.Error("the selection did not move to the tapped row")
	}
}

func menuLabels(m *fyne.Menu) []string {
	var out []string
	for _, it := range m.Items {
		out = append(out, it.Label)
	}
	return out
}
