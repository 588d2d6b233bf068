package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// openDemoWindow shows a fresh copy of the demo project (its own home,
// system files and trust files) in a test window.
func openDemoWindow(t *testing.T) (*mainWindow, *project) {
	t.Helper()
	m, _ := newTestWindow(t)
	m.opts = isolatedOptions(t)
	p, err := openProject(m.opts, t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	if p.Demo == nil {
		t.Fatal("an empty folder did not bring up the demo")
	}
	m.show(p, nil)
	return m, p
}

// rowNamed returns the row of the hook named name in layer.
func rowNamed(t *testing.T, m *mainWindow, name string, layer settingsio.Layer) *hookRow {
	t.Helper()
	for _, r := range m.hooks.rows() {
		if r.hook.DisplayName() == name && r.hook.Origin.Layer == layer {
			return r
		}
	}
	t.Fatalf("no %s row for hook %q", layer, name)
	return nil
}

func readText(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestToggleWritesTheWorkspaceFileKeepingItsComments(t *testing.T) {
	m, p := openDemoWindow(t)
	ws := filepath.Join(p.Dir, ".gemini", "settings.json")
	before := readText(t, ws)

	row := rowNamed(t, m, "security-check", settingsio.LayerWorkspace)
	if row.toggle == nil || !row.toggle.Checked {
		t.Fatal("security-check runs, yet its switch is not on")
	}
	test.Tap(row.toggle) // off: Gemini's /hooks disable security-check

	after := readText(t, ws)
	if !strings.Contains(after, `"disabled": ["prettier-on-save", "security-check"]`) {
		t.Errorf("the workspace list was not extended in place:\n%s", after)
	}
	for _, comment := range []string{
		"// Workspace settings of the demo project.",
		"/* Switch a hook off without deleting it: Gemini matches its name. */",
		"// Every file write or edit goes through the security check first.",
	} {
		if !strings.Contains(after, comment) {
			t.Errorf("comment %q was lost", comment)
		}
	}
	if len(after)-len(before) != len(`, "security-check"`) {
		t.Errorf("more than the list changed: %d bytes before, %d after", len(before), len(after))
	}
	// The view was reloaded: the row is a new one showing the new state.
	row = rowNamed(t, m, "security-check", settingsio.LayerWorkspace)
	if row.toggle.Checked || row.status.Text != statusText(hooks.StatusDisabled) {
		t.Errorf("after the write the row shows switch %v, status %s", row.toggle.Checked, row.status.Text)
	}
	if got := m.hooks.status.Text; !strings.Contains(got, `Hook "security-check" disabled by adding it to the disabled list in workspace`) {
		t.Errorf("status line %q does not give Gemini's feedback", got)
	}

	test.Tap(row.toggle) // on again: /hooks enable security-check
	if got := readText(t, ws); got != before {
		t.Errorf("enable did not restore the file byte for byte:\n%s", got)
	}
	if row = rowNamed(t, m, "security-check", settingsio.LayerWorkspace); !row.toggle.Checked {
		t.Error("after enabling, the switch is off")
	}
}

func TestToggleInTheUserScope(t *testing.T) {
	m, p := openDemoWindow(t)
	user := filepath.Join(p.Home, ".gemini", "settings.json")
	m.hooks.scope.SetSelected(scopeLabel("user"))

	test.Tap(rowNamed(t, m, "inject-project-context", settingsio.LayerWorkspace).toggle)

	if got := readText(t, user); !strings.Contains(got, `"inject-project-context"`) {
		t.Errorf("the user settings do not list the hook:\n%s", got)
	}
	if r := rowNamed(t, m, "inject-project-context", settingsio.LayerWorkspace); r.toggle.Checked {
		t.Error("the hook disabled in the user settings still shows as enabled")
	}
}

func TestToggleNeverWritesAFileThatDoesNotParse(t *testing.T) {
	m, _ := newTestWindow(t)
	m.opts = isolatedOptions(t)
	dir := t.TempDir()
	ws := filepath.Join(dir, ".gemini", "settings.json")
	user := filepath.Join(m.opts.Home, ".gemini", "settings.json")
	writeFile(t, user, `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "greet", "command": "echo hi"}]}]}}`)
	broken := "{\n  // half edited\n  \"hooksConfig\": {\"disabled\": [\"x\",]\n}\n"
	writeFile(t, ws, broken)
	p, err := openProject(m.opts, dir, true)
	if err != nil {
		t.Fatal(err)
	}
	m.show(p, nil)

	test.Tap(rowNamed(t, m, "greet", settingsio.LayerUser).toggle)

	if got := readText(t, ws); got != broken {
		t.Errorf("the broken workspace file was written:\n%s", got)
	}
	if got := m.hooks.status.Text; !strings.HasPrefix(got, "Nothing was written: ") || !strings.Contains(got, ws) {
		t.Errorf("status %q does not say that nothing was written to %s", got, ws)
	}
	if r := rowNamed(t, m, "greet", settingsio.LayerUser); !r.toggle.Checked {
		t.Error("after the failed write the switch shows the hook disabled")
	}
}

func TestALockedHookCannotBeSwitchedOn(t *testing.T) {
	m, _ := newTestWindow(t)
	p := handBuiltProject()
	sys := filepath.FromSlash("/etc/gemini-cli/settings.json")
	geminiRegistry(p).Disabled = []gemini.DisabledEntry{{Value: "guard", Layers: []settingsio.Layer{settingsio.LayerSystem}, Files: []string{sys}, Lines: []int{5}}}
	m.show(p, nil)
	r := rowNamed(t, m, "guard", settingsio.LayerWorkspace)
	if !r.toggle.Disabled() || r.toggle.Checked {
		t.Errorf("the switch of a hook the system file disables is enabled=%v checked=%v", !r.toggle.Disabled(), r.toggle.Checked)
	}
	if r.lock == nil || !strings.Contains(r.lock.Text, "Locked: disabled by the system settings "+sys+":5") {
		t.Errorf("the row does not say why the hook is locked: %v", r.lock)
	}
}
