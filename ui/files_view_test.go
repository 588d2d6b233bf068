package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

func TestFilesViewListsEachLayerWithItsState(t *testing.T) {
	app := &recordingApp{App: test.NewTempApp(t)}
	m, _ := newTestWindowOn(t, app, nil)
	m.opts = isolatedOptions(t)
	dir := t.TempDir()
	ws := filepath.Join(dir, ".gemini", "settings.json")
	writeFile(t, ws, "{\n  \"hooks\": {\n    \"BeforeTool\": [,]\n  }\n}")
	user := filepath.Join(m.opts.Home, ".gemini", "settings.json")
	writeFile(t, user, sessionHook)
	writeFile(t, filepath.Join(m.opts.Home, ".gemini", "trusted_hooks.json"), "{ not json")
	m.open(dir)

	tests := []struct {
		badge, title, status string
		canOpen              bool
	}{
		{"SYSTEM-DEFAULTS", filepath.Join(filepath.Dir(m.opts.Env.Get("GEMINI_CLI_SYSTEM_SETTINGS_PATH")), "system-defaults.json"),
			"missing — Gemini CLI treats it as empty", false},
		{"USER", filepath.FromSlash("~/.gemini/settings.json"), "exists · 1 hook", true},
		{"WORKSPACE", filepath.FromSlash("./.gemini/settings.json"), "error at line 3, column 20: ", true},
		{"SYSTEM", m.opts.Env.Get("GEMINI_CLI_SYSTEM_SETTINGS_PATH"), "missing — Gemini CLI treats it as empty", false},
		{"TRUST", "folder trust: " + filepath.FromSlash("~/.gemini/trustedFolders.json"), "missing — Gemini CLI treats it as empty", false},
		{"TRUST", "trusted hooks: " + filepath.FromSlash("~/.gemini/trusted_hooks.json"), "trusted_hooks.json", true},
	}
	if len(m.files.rows) != len(tests) {
		var got []string
		for _, r := range m.files.rows {
			got = append(got, r.path.Text)
		}
		t.Fatalf("%d files listed, want %d: %q", len(m.files.rows), len(tests), got)
	}
	for i, tt := range tests {
		r := m.files.rows[i]
		if r.kind.Text != tt.badge || r.path.Text != tt.title || !strings.HasPrefix(r.status.Text, tt.status) && !strings.Contains(r.status.Text, tt.status) {
			t.Errorf("row %d shows %s %q %q, want %s %q %q", i, r.kind.Text, r.path.Text, r.status.Text, tt.badge, tt.title, tt.status)
		}
		if r.open.Disabled() == tt.canOpen {
			t.Errorf("row %d (%s): open button enabled %v, want %v", i, tt.title, !r.open.Disabled(), tt.canOpen)
		}
	}

	test.Tap(m.files.rows[2].open)
	if want := "file://" + filepath.ToSlash(ws); len(app.urls) != 1 || app.urls[0] != want {
		t.Errorf("opened %v, want %s", app.urls, want)
	}
}

func TestFilesViewSaysWhyAFileIsIgnored(t *testing.T) {
	m, _ := newTestWindow(t)
	m.opts = isolatedOptions(t)
	// The home folder as the project: Gemini reads no workspace file there.
	writeFile(t, filepath.Join(m.opts.Home, ".gemini", "settings.json"), sessionHook)
	m.open(m.opts.Home)
	ws := m.files.rows[2]
	if ws.kind.Text != "WORKSPACE" || ws.path.Text != "(no file)" || !strings.HasPrefix(ws.status.Text, "no file: ") {
		t.Errorf("workspace row of the home folder: %s %q %q", ws.kind.Text, ws.path.Text, ws.status.Text)
	}
	if !ws.open.Disabled() {
		t.Error("the open button of a file that does not exist is enabled")
	}
}

func TestFilesViewOfTheDemoListsItsExtension(t *testing.T) {
	m, p := openDemoWindow(t)
	var ext *fileRow
	for _, r := range m.files.rows {
		if r.kind.Text == "EXTENSION" {
			ext = r
		}
	}
	if ext == nil {
		t.Fatal("the demo's extension is not listed")
	}
	want := "secret-guard: " + filepath.FromSlash("~/.gemini/extensions/secret-guard/hooks/hooks.json")
	if ext.path.Text != want || ext.status.Text != "exists · 2 hooks" {
		t.Errorf("extension row %q %q, want %q \"exists · 2 hooks\"", ext.path.Text, ext.status.Text, want)
	}
	_ = p
}
