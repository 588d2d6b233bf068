package ui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"
)

// A folder the user names or opens shows its own state: with no hooks, a
// real empty state with the files looked at, never the demo; the demo is a
// separate action.
func TestAnEmptyFolderShowsAnEmptyStateNotTheDemo(t *testing.T) {
	m, w := newTestWindow(t)
	m.opts = isolatedOptions(t)
	m.opts.DemoWhenEmpty = false // 'hookwarden open EMPTYDIR'
	dir := t.TempDir()
	m.open(dir)
	if m.current == nil || m.current.Demo != nil || m.current.Dir != dir {
		t.Fatalf("an empty folder opened %+v, want the folder itself", m.current)
	}
	shown := visibleTexts(w.Content())
	for _, want := range []string{"No hooks for Gemini CLI in this folder.", "Hookwarden looked at these files:",
		filepath.FromSlash("./.gemini/settings.json"), "Open the demo"} {
		if !anyContains(shown, want) {
			t.Errorf("the empty state does not show %q; it shows %q", want, shown)
		}
	}
	if anyContains(shown, "DEMO") || m.review.tab.Text != "Review" {
		t.Errorf("an empty folder is labelled demo or needs review (tab %q)", m.review.tab.Text)
	}
	test.Tap(findButton(w.Content(), "Open the demo"))
	if m.current.Demo == nil {
		t.Fatal("Open the demo did not open the demo")
	}

	// A second empty folder opened later is not the demo either, even when
	// the app was started without a folder.
	m.opts.DemoWhenEmpty = true
	m.open(t.TempDir())
	if m.current.Demo != nil {
		t.Error("an empty folder opened after the first one shows the demo")
	}
}

// Started without a folder in a folder with no hooks, the app shows the
// demo (README: 'make run' opens it).
func TestStartingWithoutAFolderInAnEmptyOneShowsTheDemo(t *testing.T) {
	m, _ := newTestWindow(t)
	m.opts = isolatedOptions(t)
	m.open(t.TempDir())
	if m.current == nil || m.current.Demo == nil {
		t.Fatal("the first empty folder of a start without a folder did not show the demo")
	}
}

// A settings file that does not parse stands where its hooks would be,
// with file:line:column, and the review badge and banner count it.
func TestABrokenSettingsFileIsShownAndCounted(t *testing.T) {
	m, w := newTestWindow(t)
	m.opts = isolatedOptions(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), "{\n  \"hooks\": {\n    \"BeforeTool\": [ }\n}\n")
	m.open(dir)
	shown := visibleTexts(w.Content())
	if !anyContains(shown, filepath.FromSlash("./.gemini/settings.json")+":3:") ||
		!anyContains(shown, "cannot be read: none of them is shown here") {
		t.Errorf("the Hooks tab does not show the broken file with line and column: %q", shown)
	}
	if anyContains(shown, "No hooks for Gemini CLI") {
		t.Error("a broken file reads as an empty folder")
	}
	if m.review.tab.Text != "Review (1)" {
		t.Errorf("review tab %q, want the broken file counted: Review (1)", m.review.tab.Text)
	}
	if text := reviewBannerText(m.current); !anyContains([]string{text}, "1 settings file cannot be read") {
		t.Errorf("banner %q", text)
	}
}

// heldThread keeps background work until release, so a test can look at
// the window while a load is still running.
type heldThread struct{ work []func() }

func (h *heldThread) Go(work func())   { h.work = append(h.work, work) }
func (h *heldThread) Do(update func()) { update() }
func (h *heldThread) release() {
	for len(h.work) > 0 {
		w := h.work[0]
		h.work = h.work[1:]
		w()
	}
}

// The window is on screen with a loading state before the project has
// been read; the project replaces it when the load ends.
func TestTheWindowShowsALoadingStateBeforeTheProjectIsRead(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	held := &heldThread{}
	opts := isolatedOptions(t)
	m := newMainWindowOn(a, w, opts, held, nil)
	m.review.arm = func(f func()) { f() }
	w.SetContent(m.buildUI())
	t.Cleanup(m.close)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"),
		`{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "greet", "command": "echo hi"}]}]}}`)
	m.open(dir)
	if !anyContains(visibleTexts(w.Content()), "Reading the settings files of "+dir) || !m.openButton.Disabled() {
		t.Errorf("no loading state while the project is read: %q", visibleTexts(w.Content()))
	}
	held.release()
	if m.current == nil || m.current.Dir != dir || !anyContains(visibleTexts(w.Content()), "greet") {
		t.Errorf("the project did not replace the loading state: %q", visibleTexts(w.Content()))
	}
}
