package ui

import (
	"context"
	"slices"

	"fyne.io/fyne/v2"

	"github.com/hookwarden/hookwarden/settingsio"
)

// fileWatcher reports debounced changes to a set of files and folders.
type fileWatcher interface {
	Changes() <-chan settingsio.Change
	RetargetPaths(paths []string) error
}

// watchFunc starts a fileWatcher on paths that stops when ctx ends.
type watchFunc func(ctx context.Context, paths []string) (fileWatcher, error)

// watchFiles is the settingsio watcher (fsnotify, folders not files,
// debounced).
func watchFiles(ctx context.Context, paths []string) (fileWatcher, error) {
	return settingsio.WatchPaths(ctx, paths, settingsio.WatchOptions{})
}

// liveState is the window's watcher and the reload it runs.
type liveState struct {
	watcher fileWatcher
	paths   []string
	stop    context.CancelFunc
	// reloading is true while a reload runs; again asks for one more
	// when it ends (files changed meanwhile).
	reloading, again bool
}

// watchProject points the watcher at the files of p: every layer, the
// extensions, both trust files, the approval store and the scripts the
// workspace hooks run. It starts the watcher the first time.
func (m *mainWindow) watchProject(p *project) {
	if m.watch == nil || slices.Equal(m.live.paths, p.Watch) {
		return
	}
	if m.live.watcher != nil {
		if err := m.live.watcher.RetargetPaths(p.Watch); err == nil {
			m.live.paths = p.Watch
			return
		}
		m.stopWatching()
	}
	ctx, stop := context.WithCancel(context.Background())
	w, err := m.watch(ctx, p.Watch)
	if err != nil {
		stop()
		fyne.LogError("watching the project files (reload by hand with Ctrl+R)", err)
		return
	}
	m.live.watcher, m.live.paths, m.live.stop = w, p.Watch, stop
	go m.forwardChanges(ctx, w)
}

// forwardChanges hands each change to the UI thread until ctx ends.
func (m *mainWindow) forwardChanges(ctx context.Context, w fileWatcher) {
	for {
		select {
		case <-ctx.Done():
			return
		case ch, ok := <-w.Changes():
			if !ok {
				return
			}
			m.thread.Do(func() { m.onFilesChanged(ch) })
		}
	}
}

// onFilesChanged reloads the project on screen after an outside change.
func (m *mainWindow) onFilesChanged(settingsio.Change) { m.reloadInPlace() }

// reloadInPlace reads the project on screen again off the UI thread and
// updates every view in place: the selection and the scroll position stay.
// A change that comes in while a reload runs is read by one more reload.
func (m *mainWindow) reloadInPlace() {
	if m.current == nil {
		return
	}
	if m.live.reloading {
		m.live.again = true
		return
	}
	m.live.reloading = true
	m.reloadButton.Disable()
	cur := m.current
	m.thread.Go(func() {
		p := cur.reloaded()
		m.thread.Do(func() { m.reloaded(cur, p) })
	})
}

// reloaded shows a reload's result unless the project on screen is no
// longer the one it reread: another project, or the same folder for the
// other agent, was opened or is loading meanwhile.
func (m *mainWindow) reloaded(from, p *project) {
	m.live.reloading = false
	if m.current != from || m.openButton.Disabled() {
		if m.live.again && m.current != nil && !m.openButton.Disabled() {
			m.live.again = false
			m.reloadInPlace() // files changed meanwhile: reread what is on screen now
		}
		return
	}
	m.show(p, nil)
	if m.live.again {
		m.live.again = false
		m.reloadInPlace()
	}
}

// stopWatching ends the watcher.
func (m *mainWindow) stopWatching() {
	if m.live.stop != nil {
		m.live.stop()
	}
	m.live.watcher, m.live.paths, m.live.stop = nil, nil, nil
}

// close stops a dry run in progress (its hooks are killed; it waits
// briefly for them), stops watching and removes the demo copy; it runs
// when the window closes or the app stops.
func (m *mainWindow) close() {
	m.closed = true
	m.dryRun.stop(closeWait)
	m.stopWatching()
	m.removeDemo()
}
