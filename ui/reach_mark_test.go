package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestRowsMarkUserHooksThatReachTheProject: the Hooks tab's row of a hook
// of the user's own settings says, in words, that it runs the project's
// code (make of the project's Makefile) or that it was never traced here
// (mytool, which may load ./.mytoolrc by itself); a hook that does neither
// has no such mark. The Review tab's row of the reaching one says so too.
func TestRowsMarkUserHooksThatReachTheProject(t *testing.T) {
	opts := isolatedOptions(t)
	bin := t.TempDir()
	writeFile(t, filepath.Join(bin, "mytool"), "#!/bin/sh\n[ -f .mytoolrc ] && . ./.mytoolrc\nexit 0\n")
	os.Chmod(filepath.Join(bin, "mytool"), 0o755)
	opts.Env = append(opts.Env, "PATH="+bin+":"+os.Getenv("PATH"), "HOOKWARDEN_CONFIG_DIR="+t.TempDir())
	writeFile(t, filepath.Join(opts.Home, ".gemini", "settings.json"), `{"hooks": {"SessionStart": [{"hooks": [
  {"type": "command", "name": "fmt", "command": "make -s format"},
  {"type": "command", "name": "lint", "command": "mytool check"},
  {"type": "command", "name": "hello", "command": "echo hello"}]}]}}`)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "Makefile"), "format:\n\t@true\n")
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), `{}`)
	p, err := openProject(opts, dir, false)
	if err != nil {
		t.Fatal(err)
	}
	test.NewTempApp(t)
	v := newHooksView(hooksActions{})
	test.NewTempWindow(t, v.buildUI())
	v.show(p, "", fyne.Position{})
	rows := map[string]string{}
	for _, g := range v.groups {
		for _, r := range g.rows {
			rows[r.hook.Name] = strings.Join(textsOf(r.buildUI()), " | ")
		}
	}
	for name, want := range map[string][]string{
		"fmt":  {"RUNS PROJECT CODE", "Your own hook: runs project code", "Makefile"},
		"lint": {"NOT TRACED HERE", "not traced in this folder: runs mytool"},
	} {
		for _, w := range want {
			if !strings.Contains(rows[name], w) {
				t.Errorf("the row of %s does not say %q:\n%s", name, w, rows[name])
			}
		}
	}
	if strings.Contains(rows["hello"], "PROJECT CODE") || strings.Contains(rows["hello"], "NOT TRACED") {
		t.Errorf("a user hook that reaches nothing is marked:\n%s", rows["hello"])
	}

	rv := newReviewView(nil, newTestThread(t))
	rv.show(p)
	var marked bool
	for _, it := range rv.items {
		row := newReviewListRow()
		updateReviewListRow(row, it)
		text := strings.Join(textsOf(row), " | ")
		if strings.Contains(it.label(), "make -s format") {
			marked = strings.Contains(text, "your own hook, runs project code")
			if !marked {
				t.Errorf("the Review tab's row of the reaching user hook is not marked:\n%s", text)
			}
		}
	}
	if !marked && !t.Failed() {
		t.Errorf("the reaching user hook is not in the Review tab: %d items", len(rv.items))
	}
}
