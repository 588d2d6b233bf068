package ui

import (
	"context"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/settingsio"
)

// recordingApp is the test app with the notifications it sent and the
// URLs it was asked to open.
type recordingApp struct {
	fyne.App
	notes []*fyne.Notification
	urls  []string
}

func (a *recordingApp) SendNotification(n *fyne.Notification) { a.notes = append(a.notes, n) }

func (a *recordingApp) OpenURL(u *url.URL) error {
	a.urls = append(a.urls, u.String())
	return nil
}

// heldWatcher is a real settingsio watcher whose changes the test takes
// itself (Changes is nil to the window), so that the reload runs on the test
// goroutine at a moment the test chooses.
type heldWatcher struct {
	mu      sync.Mutex
	watcher *settingsio.Watcher
	paths   [][]string
}

func (h *heldWatcher) start(ctx context.Context, paths []string) (fileWatcher, error) {
	w, err := settingsio.WatchPaths(ctx, paths, settingsio.WatchOptions{})
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.watcher = w
	h.paths = append(h.paths, paths)
	return held{h}, nil
}

type held struct{ h *heldWatcher }

func (held) Changes() <-chan settingsio.Change { return nil }

func (w held) RetargetPaths(paths []string) error {
	w.h.mu.Lock()
	defer w.h.mu.Unlock()
	w.h.paths = append(w.h.paths, paths)
	return w.h.watcher.RetargetPaths(paths)
}

// next waits for the watcher's next change; a watcher that reports nothing
// within a minute fails the test.
func (h *heldWatcher) next(t *testing.T) settingsio.Change {
	t.Helper()
	h.mu.Lock()
	w := h.watcher
	h.mu.Unlock()
	select {
	case ch := <-w.Changes():
		return ch
	case <-time.After(time.Minute):
		t.Fatal("the watcher reported no change within a minute")
	}
	return settingsio.Change{}
}

const sessionHook = `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "name": "greet", "command": "echo hi"}]}]}}`

func TestAnOutsideEditUpdatesTheViewInPlace(t *testing.T) {
	app := &recordingApp{App: test.NewTempApp(t)}
	watcher := &heldWatcher{}
	m, _ := newTestWindowOn(t, app, watcher.start)
	m.opts = isolatedOptions(t)
	dir := t.TempDir()
	ws := filepath.Join(dir, ".gemini", "settings.json")
	writeFile(t, ws, sessionHook)
	m.open(dir)
	if m.current == nil || m.current.Dir != dir {
		t.Fatalf("the project %s is not on screen", dir)
	}
	if !slices.Contains(watcher.paths[0], ws) {
		t.Fatalf("the workspace settings file is not watched: %v", watcher.paths[0])
	}
	m.hooks.selectID(rowNamed(t, m, "greet", settingsio.LayerWorkspace).hook.ID)
	m.tabs.SelectIndex(len(m.tabs.Items) - 1) // Files

	// Another program adds a hook to the workspace file.
	start := time.Now()
	writeFile(t, ws, `{"hooks": {"SessionStart": [{"hooks": [
		{"type": "command", "name": "greet", "command": "echo hi"},
		{"type": "command", "name": "added-outside", "command": "./new.sh"}]}]}}`)
	ch := watcher.next(t)
	delivered := time.Since(start)
	if !slices.Contains(ch.Paths, ws) {
		t.Errorf("the change names %v, not %s", ch.Paths, ws)
	}
	m.onFilesChanged(ch)
	shown := time.Since(start)
	t.Logf("latency from the write to the updated view: %v (watcher delivered the change after %v)", shown, delivered)

	rowNamed(t, m, "added-outside", settingsio.LayerWorkspace)
	if got := m.hooks.selectedID; got == "" || m.hooks.details.hook == nil || m.hooks.details.hook.Name != "greet" {
		t.Errorf("the selection was lost: %q", got)
	}
	if m.tabs.Selected().Text != "Files" {
		t.Errorf("the reload switched the tab to %q", m.tabs.Selected().Text)
	}
	if got := m.files.rows[2].status.Text; got != "exists · 2 hooks" {
		t.Errorf("Files view says %q for the workspace file", got)
	}
	// The new hook runs a script of the project: that script is watched
	// now, and the user is told that a hook needs review.
	if last := watcher.paths[len(watcher.paths)-1]; !slices.Contains(last, filepath.Join(dir, "new.sh")) {
		t.Errorf("the new hook's script is not watched: %v", last)
	}
	if len(app.notes) != 1 || !strings.Contains(app.notes[0].Content, "2 hooks need review in "+filepath.Base(dir)) {
		t.Errorf("notifications %v, want one saying that 2 hooks need review", notesText(app.notes))
	}
	if got := m.banner.label.Text; got != "2 hooks need review in "+filepath.Base(dir) || !m.banner.box.Visible() {
		t.Errorf("banner %q (visible %v)", got, m.banner.box.Visible())
	}
	m.banner.button.OnTapped()
	if got := m.tabs.Selected().Text; !strings.HasPrefix(got, "Review") {
		t.Errorf("the banner's button opened %q, not the Review tab", got)
	}

	// A script edit is seen as well; no hook is new, so no new notification.
	writeFile(t, filepath.Join(dir, "new.sh"), "#!/bin/sh\necho changed\n")
	if ch := watcher.next(t); !slices.Contains(ch.Paths, filepath.Join(dir, "new.sh")) {
		t.Errorf("the script change names %v", ch.Paths)
	}
	m.onFilesChanged(settingsio.Change{})
	if len(app.notes) != 1 {
		t.Errorf("a reload with nothing new to review notified again: %v", notesText(app.notes))
	}
}

func TestAChangeDuringAReloadIsReadByOneMoreReload(t *testing.T) {
	m, _ := newTestWindow(t)
	m.opts = isolatedOptions(t)
	dir := t.TempDir()
	ws := filepath.Join(dir, ".gemini", "settings.json")
	writeFile(t, ws, sessionHook)
	var queued []func()
	m.thread = queuedThread{run: func(f func()) { queued = append(queued, f) }}
	m.open(dir)
	runAll(&queued)

	m.onFilesChanged(settingsio.Change{}) // a reload starts (queued)
	writeFile(t, ws, strings.Replace(sessionHook, "greet", "renamed", 1))
	m.onFilesChanged(settingsio.Change{}) // arrives while it runs
	if len(queued) != 1 {
		t.Fatalf("%d reloads started, want 1 while one runs", len(queued))
	}
	runAll(&queued)
	rowNamed(t, m, "renamed", settingsio.LayerWorkspace)
}

// queuedThread defers work until the test runs it.
type queuedThread struct{ run func(func()) }

func (q queuedThread) Go(work func())   { q.run(work) }
func (q queuedThread) Do(update func()) { update() }

func runAll(queued *[]func()) {
	for len(*queued) > 0 {
		f := (*queued)[0]
		*queued = (*queued)[1:]
		f()
	}
}

func notesText(ns []*fyne.Notification) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.Title+": "+n.Content)
	}
	return out
}

func TestWatchListHasTheScriptsOfWorkspaceHooks(t *testing.T) {
	opts := isolatedOptions(t)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), `{"hooks": {"BeforeTool": [{"hooks": [
		{"type": "command", "command": "bash scripts/check.sh --strict"},
		{"type": "command", "command": "$GEMINI_PROJECT_DIR/.gemini/hooks/a.sh | node tools/b.js"}]}]}}`)
	p, err := openProject(opts, dir, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		filepath.Join(dir, ".gemini", "settings.json"),
		filepath.Join(dir, "scripts", "check.sh"),
		filepath.Join(dir, ".gemini", "hooks", "a.sh"),
		filepath.Join(dir, "tools", "b.js"),
		filepath.Join(opts.Home, ".gemini", "settings.json"),
		filepath.Join(opts.Home, ".gemini", "trusted_hooks.json"),
		filepath.Join(opts.Home, ".gemini", "extensions") + string(filepath.Separator),
	} {
		if !slices.Contains(p.Watch, want) {
			t.Errorf("%s is not watched; the list: %v", want, p.Watch)
		}
	}
	if _, err := os.Stat(filepath.Join(opts.Home, ".gemini")); err == nil {
		t.Error("loading the project created files in the home folder")
	}
}
