package ui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
)

// "These 5 hooks start running here" listed a hook disabled in the user's
// settings: it stays off once the folder is trusted. The confirmation now
// lists only what really starts running and names the rest apart.
func TestTrustFolderListsOnlyWhatStartsRunning(t *testing.T) {
	opts := isolatedOptions(t)
	opts.Env = slices.DeleteFunc(opts.Env, func(kv string) bool { return kv == "GEMINI_CLI_TRUST_WORKSPACE=true" })
	dir := filepath.Join(t.TempDir(), "shop")
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), reviewWorkspace)
	writeFile(t, filepath.Join(dir, ".gemini", "guard.sh"), "#!/bin/sh\necho checking\nexit 0\n")
	writeFile(t, filepath.Join(opts.Home, ".gemini", "settings.json"), `{"hooksConfig": {"disabled": ["lint"]}}`)
	m, w := newTestWindow(t)
	m.opts = opts
	m.open(dir)
	m.showReviewTab()
	test.Tap(m.review.folder.button("trust"))
	s := m.review.lastSummary
	if s == nil {
		t.Fatal("Trust folder showed no summary")
	}
	texts := strings.Join(dialogTexts(w), "\n")
	if s.entries != 1 {
		t.Errorf("the summary lists %d hooks as starting to run, want 1 (guard):\n%s", s.entries, texts)
	}
	if !strings.Contains(texts, "still off once trusted (1)") || !strings.Contains(texts, `"lint" is in hooksConfig.disabled`) {
		t.Errorf("the summary does not say that lint stays off, and why:\n%s", texts)
	}
	s.dialog.Dismiss()
}

// A file in the user's home read like the project's when the project is
// the home folder (or holds it).
func TestPathNamesSayWhoseFileItIs(t *testing.T) {
	for _, tt := range []struct{ project, home, path, want string }{
		{"/home/a/shop", "/home/a", "/home/a/shop/.gemini/settings.json", "./.gemini/settings.json"},
		{"/home/a/shop", "/home/a", "/home/a/.gemini/settings.json", "~/.gemini/settings.json"},
		{"/home/a", "/home/a", "/home/a/.gemini/settings.json", "~/.gemini/settings.json"},
		{"/home", "/home/a", "/home/a/.gemini/settings.json", "~/.gemini/settings.json"},
		{"/home", "/home/a", "/home/b/x", "./b/x"},
		{"/p", "/home/a", "/etc/gemini-cli/settings.json", "/etc/gemini-cli/settings.json"},
		{"/p", "/home/a", "/p", "."},
	} {
		if got := (pathNamer{project: tt.project, home: tt.home}).name(tt.path); got != tt.want {
			t.Errorf("project %s home %s: %s reads %q, want %q", tt.project, tt.home, tt.path, got, tt.want)
		}
	}
}

// A long project name pushed the agent switch and the buttons out of an
// 800 pixel wide window: the header cuts it (the path has it whole).
func TestHeaderFitsALongProjectNameAt800(t *testing.T) {
	opts := isolatedOptions(t)
	dir := filepath.Join(t.TempDir(), strings.Repeat("a-very-long-project-name-", 4))
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), reviewWorkspace)
	writeFile(t, filepath.Join(dir, ".gemini", "guard.sh"), "#!/bin/sh\necho checking\nexit 0\n")
	m, _ := newTestWindow(t)
	m.app.Settings().SetTheme(newCompactTheme()) // as Create sets it
	m.opts = opts
	m.open(dir)
	if got := m.header.titleRow.MinSize().Width; got > 800 {
		t.Errorf("the header's first row needs %.0f pixels, more than an 800 pixel window (title %.0f)", got, m.header.title.MinSize().Width)
	}
	if got := []rune(m.header.title.Text); len(got) > maxTitleRunes || got[len(got)-1] != '…' {
		t.Errorf("the long name shows as %q", string(got))
	}
}
