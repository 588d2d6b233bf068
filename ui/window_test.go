package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// newTestWindow builds the main window on the test app without starting a
// load; the test calls m.show itself. Work the window hands to a thread
// runs inline on the test goroutine, and it watches no files.
func newTestWindow(t *testing.T) (*mainWindow, fyne.Window) {
	t.Helper()
	return newTestWindowOn(t, test.NewTempApp(t), nil)
}

// newTestWindowOn is newTestWindow on the given app, watching files with
// watch (nil: not at all).
func newTestWindowOn(t *testing.T, a fyne.App, watch watchFunc) (*mainWindow, fyne.Window) {
	t.Helper()
	w := test.NewTempWindow(t, nil)
	m := newMainWindowOn(a, w, Options{Agents: testAgents(), DemoDir: func() (string, error) { return t.TempDir(), nil }, DemoWhenEmpty: true}, sameGoroutine{}, watch)
	m.review.arm = func(f func()) { f() } // no timer goroutine; tests that need the pause replace it
	w.SetContent(m.buildUI())
	w.Resize(fyne.NewSize(1120, 760))
	t.Cleanup(m.close)
	return m, w
}

// sameGoroutine runs a window's background work and its UI updates on the
// calling goroutine: tests see the result as soon as the call returns, and
// the race detector sees no second goroutine touching widgets.
type sameGoroutine struct{}

func (sameGoroutine) Go(work func())   { work() }
func (sameGoroutine) Do(update func()) { update() }

// handBuiltProject is a project whose registry has one hook of each kind
// the hooks view must tell apart, and a settings file that does not parse.
func handBuiltProject() *project {
	dir := filepath.FromSlash("/work/proj")
	home := filepath.FromSlash("/home/ana")
	ws := filepath.Join(dir, ".gemini", "settings.json")
	user := filepath.Join(home, ".gemini", "settings.json")
	sys := filepath.FromSlash("/etc/gemini-cli/settings.json")
	return geminiBuilt(&project{Dir: dir, Home: home, Requested: dir}, &gemini.Registry{
		Snapshot: &gemini.Project{ProjectDir: dir, FolderTrust: gemini.FolderTrust{
			State: gemini.FolderTrusted, Reason: "trustedFolders.json trusts /work"}},
		HooksEnabled: true,
		Hooks: []*hooks.Hook{
			{ID: "a", Event: "SessionStart", Type: "command", Name: "greet", Command: "echo hi",
				Origin: hooks.Origin{Layer: settingsio.LayerUser, File: user, Line: 7, Column: 9},
				Status: hooks.StatusRuns, Reason: "runs on startup"},
			{ID: "b", Event: "BeforeTool", Matcher: "write_file", HasMatcher: true, Type: "command",
				Name: "guard", Command: "./guard.sh", TimeoutMS: 5000, HasTimeout: true,
				Origin: hooks.Origin{Layer: settingsio.LayerWorkspace, File: ws, Line: 12, Column: 11},
				Status: hooks.StatusDisabled, Reason: "listed in hooksConfig.disabled"},
			{ID: "c", Event: "PreToolUse", Type: "command", Command: "echo checking",
				Origin: hooks.Origin{Layer: settingsio.LayerWorkspace, File: ws, Line: 30, Column: 11},
				Status: hooks.StatusInvalid, Reason: `"PreToolUse" is not a hook event`,
				Diagnostics: []hooks.Diagnostic{{File: ws, Line: 28, Column: 5, Severity: hooks.SeverityWarning,
					Message: `Invalid hook event name: "PreToolUse"`, HookID: "c"}}},
		},
		Diagnostics: []hooks.Diagnostic{{File: sys, Line: 3, Column: 14, Severity: hooks.SeverityFatal,
			Message: "unexpected character '}'"}},
	})
}

func TestHooksViewShowsStatusesOriginsAndDiagnostics(t *testing.T) {
	m, w := newTestWindow(t)
	m.show(handBuiltProject(), nil)

	if got, want := w.Title(), "Hookwarden — proj"; got != want {
		t.Errorf("title %q, want %q", got, want)
	}
	var events []hooks.Event
	for _, g := range m.hooks.groups {
		events = append(events, g.event)
	}
	if want := []hooks.Event{"BeforeTool", "SessionStart", "PreToolUse"}; !slices.Equal(events, want) {
		t.Errorf("groups %v, want Gemini's event order with unknown events last %v", events, want)
	}
	rows := rowsByName(m.hooks)
	tests := []struct {
		name, status, layer, origin, reason string
	}{
		{"greet", "RUNS", "USER", filepath.FromSlash("~/.gemini/settings.json:7:9"), "runs on startup"},
		{"guard", "DISABLED", "WORKSPACE", filepath.FromSlash("./.gemini/settings.json:12:11"), "listed in hooksConfig.disabled"},
		{"echo checking", "INVALID", "WORKSPACE", filepath.FromSlash("./.gemini/settings.json:30:11"), `"PreToolUse" is not a hook event`},
	}
	for _, tt := range tests {
		r, ok := rows[tt.name]
		if !ok {
			t.Errorf("no row named %q (rows: %v)", tt.name, keys(rows))
			continue
		}
		got := []string{r.status.Text, r.layer.Text, r.origin.String(), r.reason.Text}
		want := []string{tt.status, tt.layer, tt.origin, tt.reason}
		if !slices.Equal(got, want) {
			t.Errorf("row %q shows %q, want %q", tt.name, got, want)
		}
	}
	if d := rows["echo checking"].diags; len(d) != 1 || !strings.Contains(d[0].label.Text, `./.gemini/settings.json:28:5: Invalid hook event name`) {
		t.Errorf("diagnostic next to the invalid hook: %v", diagTexts(d))
	}
	if got := rows["guard"].details.String(); got != "matcher write_file · timeout 5 s" {
		t.Errorf("guard details %q", got)
	}
	all := visibleTexts(w.Content())
	for _, want := range []string{
		"Problems in settings files (1 error)",
		filepath.FromSlash("/etc/gemini-cli/settings.json:3:14") + ": unexpected character '}'",
		"trusted — trustedFolders.json trusts /work",
		"3 hooks: 1 runs, 1 disabled, 1 invalid",
	} {
		if !slices.Contains(all, want) {
			t.Errorf("window does not show %q", want)
		}
	}
	if slices.Contains(all, "DEMO") {
		t.Error("a real project is labelled DEMO")
	}
}

func TestHeaderSaysWhenHooksCannotRun(t *testing.T) {
	m, w := newTestWindow(t)
	p := handBuiltProject()
	geminiRegistry(p).HooksEnabled = false
	geminiRegistry(p).HooksEnabledBy = filepath.Join(p.Dir, ".gemini", "settings.json")
	geminiRegistry(p).Snapshot.FolderTrust = gemini.FolderTrust{State: gemini.FolderUndecided, Reason: "no rule matches"}
	m.show(p, nil)
	all := visibleTexts(w.Content())
	for _, want := range []string{
		"off — hooksConfig.enabled in " + filepath.FromSlash("./.gemini/settings.json"),
		"undecided — no rule matches. Gemini CLI runs no settings hooks here, only extension hooks.",
	} {
		if !slices.Contains(all, want) {
			t.Errorf("window does not show %q; it shows %q", want, all)
		}
	}
}

func rowsByName(v *hooksView) map[string]*hookRow {
	out := map[string]*hookRow{}
	for _, g := range v.groups {
		for _, r := range g.rows {
			out[r.name.String()] = r
		}
	}
	return out
}

func keys(m map[string]*hookRow) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func diagTexts(ds []*diagnosticLine) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.label.Text)
	}
	return out
}

// visibleTexts collects the text of every visible label, badge and button
// under o, walking into containers, scrolls and the selected tab.
func visibleTexts(o fyne.CanvasObject) []string {
	if o == nil || !o.Visible() {
		return nil
	}
	switch o := o.(type) {
	case *fyne.Container:
		var out []string
		for _, c := range o.Objects {
			out = append(out, visibleTexts(c)...)
		}
		return out
	case *container.Scroll:
		return visibleTexts(o.Content)
	case *container.Split:
		return append(visibleTexts(o.Leading), visibleTexts(o.Trailing)...)
	case *selectableBox:
		return visibleTexts(o.content)
	case *widget.RadioGroup:
		return []string{o.Selected}
	case *widget.Select:
		return []string{o.Selected}
	case *container.AppTabs:
		if sel := o.Selected(); sel != nil {
			return append([]string{sel.Text}, visibleTexts(sel.Content)...)
		}
	case *widget.Label:
		return []string{o.Text}
	case *widget.Accordion:
		var out []string
		for _, it := range o.Items {
			out = append(out, it.Title)
			if it.Open {
				out = append(out, visibleTexts(it.Detail)...)
			}
		}
		return out
	case *widget.RichText:
		return []string{o.String()}
	case *widget.Button:
		return []string{o.Text}
	case *keyButton:
		return []string{o.Text}
	case *badge:
		return []string{o.Text}
	}
	return nil
}

// The "Open folder…" button and Ctrl+O used to crash the app every time
// (FileDialog.Resize before Show dereferenced its missing window).
func TestOpenFolderShowsTheDialog(t *testing.T) {
	m, w := newTestWindow(t)
	m.addShortcuts()
	m.show(handBuiltProject(), nil)
	test.Tap(m.openButton)
	if m.folderDialog == nil {
		t.Fatal("Open folder… showed no dialog")
	}
	if !dialogOnTop(w) {
		t.Error("no dialog on the window's overlays after Open folder…")
	}
	m.folderDialog.Hide()
	m.folderDialog = nil
	if !m.runShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}) {
		t.Fatal("Ctrl+O is not a shortcut of the window")
	}
	if m.folderDialog == nil {
		t.Fatal("Ctrl+O showed no dialog")
	}
	if !dialogOnTop(w) {
		t.Error("no dialog on the window's overlays after Ctrl+O")
	}
}

// dialogOnTop reports whether a dialog is shown over w's content.
func dialogOnTop(w fyne.Window) bool { return w.Canvas().Overlays().Top() != nil }
