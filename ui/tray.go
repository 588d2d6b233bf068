package ui

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/trust"
)

// trayRecheck is how often the tray checks the recent projects again
// without a file change it saw (a script a hook runs is not watched).
const trayRecheck = time.Minute

// TrayOptions are what the tray needs from the domain.
type TrayOptions struct {
	// Review counts what needs review in the project dir for every agent
	// (hooks, unreadable files, trust-file problems) and what is approved
	// but partly unwatched, and names the files whose change can change
	// that count. It runs off the UI thread.
	Review func(dir string) (TrayCheck, error)
	// OpenReview opens dir on the Review tab; it runs on the UI thread.
	OpenReview func(dir string)
	// IconOnlyWithHost leaves the icon and menu out when the desktop has
	// no tray to show them in (Fyne makes a hidden window for its tray
	// even then); the notifications still come.
	IconOnlyWithHost bool
}

// TrayCheck is what the tray's Review says of a project.
type TrayCheck struct {
	// NeedReview counts what needs review; Unwatched the entries approved
	// but partly unwatched (they need none, but are not plainly clean).
	NeedReview, Unwatched int
	// Watch are the files whose change can change the counts.
	Watch []string
}

// trayProject is one recent project as the tray shows it.
type trayProject struct {
	dir       string
	count     int
	unwatched int
	// err is set when the project could not be checked: it counts as
	// needing review, never as clean.
	err error
}

// needsReview reports whether the project needs the user (a check that
// failed does).
func (p trayProject) needsReview() bool { return p.err != nil || p.count > 0 }

// trayLabel is the project's menu entry: "acme-app — 2 need review",
// with "; 1 approved, partly unwatched" after it when some are.
func trayLabel(p trayProject) string {
	name := shown(filepath.Base(p.dir))
	var s string
	switch {
	case p.err != nil:
		return name + " — could not be checked, open to see why"
	case p.count == 0:
		s = name + " — nothing to review"
	case p.count == 1:
		s = name + " — 1 needs review"
	default:
		s = fmt.Sprintf("%s — %d need review", name, p.count)
	}
	if p.unwatched > 0 {
		s += fmt.Sprintf("; %d %s", p.unwatched, trust.PartlyUnwatchedLabel)
	}
	return s
}

// trayMenu is the tray's menu: a summary, then one entry per recent
// project that opens its Review tab. (Fyne adds Quit.)
func trayMenu(projects []trayProject, openReview func(dir string)) *fyne.Menu {
	needing := 0
	for _, p := range projects {
		if p.needsReview() {
			needing++
		}
	}
	summary := "Nothing needs review"
	switch {
	case len(projects) == 0:
		summary = "No recent projects: open a folder in Hookwarden"
	case needing == 1:
		summary = "1 project needs review"
	case needing > 1:
		summary = fmt.Sprintf("%d projects need review", needing)
	}
	head := fyne.NewMenuItem(summary, nil)
	head.Disabled = true
	items := []*fyne.MenuItem{head}
	if len(projects) > 0 {
		items = append(items, fyne.NewMenuItemSeparator())
	}
	for _, p := range projects {
		dir := p.dir
		items = append(items, fyne.NewMenuItem(trayLabel(p), func() { openReview(dir) }))
	}
	return fyne.NewMenu("Hookwarden", items...)
}

// tray keeps the tray's menu up to date with the recent projects.
type tray struct {
	app     fyne.App
	opts    TrayOptions
	setMenu func(*fyne.Menu)
	// known is the last check of each project, to notice one that starts
	// needing review.
	known map[string]trayProject
}

// StartTray shows Hookwarden's tray icon and menu when the app has a system
// tray (a desktop app; where the desktop has no tray the icon is simply not
// shown), and keeps the menu up to date with the recent projects: it
// watches their files, and sends a notification when one starts needing
// review.
func StartTray(a fyne.App, opts TrayOptions) {
	desk, ok := a.(desktop.App)
	if !ok {
		return
	}
	t := &tray{app: a, opts: opts, setMenu: func(*fyne.Menu) {}, known: map[string]trayProject{}}
	if !opts.IconOnlyWithHost || trayHostRunning() {
		desk.SetSystemTrayIcon(fyne.NewStaticResource("icon.png", assets.Icon))
		t.setMenu = desk.SetSystemTrayMenu
	}
	t.setMenu(trayMenu(nil, opts.OpenReview))
	again := make(chan struct{}, 1)
	a.Preferences().AddChangeListener(func() {
		select {
		case again <- struct{}{}:
		default:
		}
	})
	go t.run(context.Background(), again, watchFiles) // as long as the app runs
}

// run checks the recent projects, hands the result to the UI thread, and
// checks again when a watched file changes, the list changes, or after
// trayRecheck; it ends with ctx.
func (t *tray) run(ctx context.Context, again <-chan struct{}, watch watchFunc) {
	var w fileWatcher
	var changes <-chan struct{}
	for {
		projects, paths := t.check(recentProjects(t.app.Preferences()))
		fyne.Do(func() { t.update(projects) })
		if w == nil {
			if nw, err := watch(ctx, paths); err == nil {
				w = nw
				changes = forwardTrayChanges(ctx, nw)
			}
		} else if err := w.RetargetPaths(paths); err != nil {
			w, changes = nil, nil
		}
		select {
		case <-ctx.Done():
			return
		case <-changes:
		case <-again:
		case <-time.After(trayRecheck):
		}
	}
}

// forwardTrayChanges turns the watcher's changes into wake-ups.
func forwardTrayChanges(ctx context.Context, w fileWatcher) <-chan struct{} {
	out := make(chan struct{}, 1)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case _, ok := <-w.Changes():
				if !ok {
					return
				}
				select {
				case out <- struct{}{}:
				default:
				}
			}
		}
	}()
	return out
}

// check reviews each of dirs and gathers the files to watch.
func (t *tray) check(dirs []string) ([]trayProject, []string) {
	projects := make([]trayProject, 0, len(dirs))
	var paths []string
	for _, dir := range dirs {
		c, err := t.opts.Review(dir)
		projects = append(projects, trayProject{dir: dir, count: c.NeedReview, unwatched: c.Unwatched, err: err})
		paths = append(paths, c.Watch...)
	}
	return projects, paths
}

// update shows a check in the menu and notifies about each project that
// starts needing review (one that was clean at the last check); it runs on
// the UI thread.
func (t *tray) update(projects []trayProject) {
	known := make(map[string]trayProject, len(projects))
	for _, p := range projects {
		if before, ok := t.known[p.dir]; ok && !before.needsReview() && p.needsReview() {
			t.app.SendNotification(&fyne.Notification{Title: "Hookwarden", Content: trayLabel(p)})
		}
		known[p.dir] = p
	}
	t.known = known
	t.setMenu(trayMenu(projects, t.opts.OpenReview))
}
