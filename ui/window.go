package ui

import (
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
)

// Create fills w with Hookwarden's main view; Start then loads the project
// of opts.
func Create(a fyne.App, w fyne.Window, opts Options) *Window {
	a.Settings().SetTheme(newCompactTheme())
	m := newMainWindow(a, w, opts)
	w.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	w.SetContent(m.buildUI())
	w.SetOnClosed(m.close)
	a.Lifecycle().SetOnStopped(m.close)
	w.SetOnDropped(m.onDropped)
	m.addShortcuts()
	return &Window{m: m}
}

// Start loads the project of the options Create was given in the
// background (on the Review tab with opts.Review). Called once the window
// is shown, the load does not compete with putting the window on screen:
// it shows its loading state at once and the project when it is read.
func (w *Window) Start() { w.m.start() }

// start loads the first project, on the Review tab with opts.Review: for
// the agent opts name (--agent), else the one whose hooks there need
// review.
func (m *mainWindow) start() {
	m.reviewOnShow = m.opts.Review
	if m.opts.Agent != "" {
		m.openAs(orDot(m.opts.ProjectDir), m.agent)
		return
	}
	m.open(m.opts.ProjectDir)
}

// orDot is dir, or the working folder for "".
func orDot(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// Window is a window Create filled, for the tray to bring back.
type Window struct{ m *mainWindow }

// ShowReview opens dir in the window (or reloads it, when on screen), puts
// it on the Review tab once shown and brings the window to the front.
func (w *Window) ShowReview(dir string) {
	w.m.showReview(dir)
	w.m.window.Show()
	w.m.window.RequestFocus()
}

// Showing reports whether the window is still open.
func (w *Window) Showing() bool { return !w.m.closed }

// addShortcuts binds Ctrl+O (open a folder), Ctrl+R (reload), Ctrl+1…4
// (tabs) and Ctrl+Enter (run in Dry run).
func (m *mainWindow) addShortcuts() {
	m.bindShortcut(fyne.KeyO, m.onOpenFolder)
	m.bindShortcut(fyne.KeyR, m.onReload)
	m.addTabShortcuts()
	m.dryRun.payload.forward = m.runShortcut
}

// mainWindow is the window: a header and the review banner over the tabs
// Hooks, Review, Dry run and Files.
type mainWindow struct {
	app    fyne.App
	window fyne.Window
	opts   Options
	// thread runs file work off the UI thread and hands the results back.
	thread uiThread
	// watch starts a watcher on a project's files (nil: no live reload).
	watch watchFunc

	header       *header
	banner       *trustBanner
	hooks        *hooksView
	files        *filesView
	review       *reviewView
	dryRun       *dryRunView
	tabs         *container.AppTabs
	openButton   *keyButton
	recentButton *keyButton
	reloadButton *keyButton

	// agent is the name of the agent on the switch: the one a project
	// opened for the first time is shown with.
	agent string
	// current is the project on screen (nil while the first load runs).
	current *project
	// places remembers, per project, where the user was (this session).
	places map[string]viewPlace
	live   liveState
	// shortcuts are the window's shortcuts by name, for the editors that
	// forward them (shortcutEntry).
	shortcuts map[string]func()
	// opened is set once the first project was asked for.
	opened bool
	// reviewOnShow selects the Review tab when the next project is shown.
	reviewOnShow bool
	// closed is set once the window closed.
	closed bool
	// trackedDialog is the last "tracked by git" question (for tests).
	trackedDialog *dialog.CustomDialog
	// folderDialog is the last "Open folder" dialog shown (for tests).
	folderDialog *dialog.FileDialog
}

func newMainWindow(a fyne.App, w fyne.Window, opts Options) *mainWindow {
	return newMainWindowOn(a, w, opts, appThread{}, watchFiles)
}

// newMainWindowOn builds the window with its work and its watcher run by
// thread and watch (tests run them on the test goroutine).
func newMainWindowOn(a fyne.App, w fyne.Window, opts Options, thread uiThread, watch watchFunc) *mainWindow {
	m := &mainWindow{app: a, window: w, opts: opts, agent: agentOf(opts).Info().Name,
		review: newReviewView(w, thread), dryRun: newDryRunView(w, thread),
		thread: thread, watch: watch, places: map[string]viewPlace{}}
	if a != nil {
		m.dryRun.prefs = a.Preferences() // "always sandbox dry runs"
	}
	m.header = newHeader(newAgentSwitch(opts, m.onAgentChanged))
	m.hooks = newHooksView(hooksActions{toggled: m.onToggled, enableAll: m.onEnableAll, disableAll: m.onDisableAll,
		openFile: m.openFile, openDemo: m.onOpenDemo, openStartFolder: m.showReview})
	m.files = newFilesView(m.openFile)
	joinToasts(m.hooks.toast, m.review.toast)
	m.banner = newTrustBanner(m.showReviewTab)
	m.review.onDisable = func(id string) {
		if h, sw := m.hookSwitchOf(id); h != nil && sw.switchable && sw.enabled {
			m.switchHook(h, false, m.review.toast)
		}
	}
	m.review.disableable = func(id string) bool {
		h, sw := m.hookSwitchOf(id)
		return h != nil && sw.switchable && sw.enabled && !m.hooks.busy
	}
	m.openButton = newButton("Open folder…", theme.FolderOpenIcon(), widget.MediumImportance, m.onOpenFolder)
	m.recentButton = m.newRecentButton()
	m.reloadButton = newButton("Reload", theme.ViewRefreshIcon(), widget.MediumImportance, m.onReload)
	return m
}

func (m *mainWindow) buildUI() fyne.CanvasObject {
	m.tabs = container.NewAppTabs(
		container.NewTabItemWithIcon("What runs", theme.ListIcon(), m.hooks.buildUI()),
		m.review.tabItem(),
		m.dryRun.tabItem(),
		container.NewTabItemWithIcon("Files", theme.FileIcon(), m.files.buildUI()),
	)
	m.review.onTabChanged = m.tabs.Refresh
	m.review.onFolderTrustChanged = m.reloadInPlace
	m.review.onTrustChanged = m.reloadInPlace
	m.review.onOpenStartFolder = m.showReview
	m.review.onSandboxRun = func(id string, event hooks.Event) {
		m.tabs.Select(m.dryRun.tabItem())
		m.dryRun.runHookInSandbox(id, event)
	}
	actions := container.NewHBox(m.openButton, m.recentButton, m.reloadButton)
	top := container.NewVBox(m.header.buildUI(actions), m.banner.buildUI(), widget.NewSeparator())
	return container.NewBorder(container.NewPadded(top), nil, nil, nil, m.tabs)
}

// open loads dir off the UI thread for the agent it was last shown with
// in this session; a folder not shown yet opens on the agent whose hooks
// there need review (the first such on the switch), else on the agent of
// the switch.
func (m *mainWindow) open(dir string) {
	dir = orDot(dir)
	if a := m.agentShown(dir); a != "" {
		m.openAs(dir, a)
		return
	}
	m.openWith(dir, m.agent, openPicked)
}

// openAs loads dir for the agent of a name off the UI thread (the demo
// instead, when the app was started without a folder and this first one
// has no hooks).
func (m *mainWindow) openAs(dir string, a string) { m.openWith(dir, a, openProject) }

// openWith loads dir with open (openProject or openPicked) for the agent
// of a name.
func (m *mainWindow) openWith(dir string, a string, open func(Options, string, bool) (*project, error)) {
	demoWhenEmpty := m.opts.DemoWhenEmpty && !m.opened
	m.opened = true
	m.load(dir, a, func(opts Options) (*project, error) { return open(opts, dir, demoWhenEmpty) })
}

// onOpenDemo opens a fresh copy of the built-in demo project.
func (m *mainWindow) onOpenDemo() {
	if m.openButton.Disabled() {
		return
	}
	requested := "."
	if m.current != nil {
		requested = m.current.Requested
	}
	m.load("the demo project", m.agent, func(opts Options) (*project, error) { return openDemo(opts, requested) })
}

// load shows the loading state for what, then runs open off the UI thread
// for the agent of a name and shows its project.
func (m *mainWindow) load(what string, a string, open func(Options) (*project, error)) {
	m.savePlace()
	m.startLoading(what)
	opts := m.opts
	opts.Agent = a
	m.thread.Go(func() {
		p, err := open(opts)
		m.thread.Do(func() { m.show(p, err) })
	})
}

// onReload reads the files of the project on screen again, keeping the
// selection and the scroll position.
func (m *mainWindow) onReload() {
	if m.current == nil || m.reloadButton.Disabled() {
		return
	}
	m.reloadInPlace()
}

func (m *mainWindow) onOpenFolder() {
	if m.openButton.Disabled() {
		return
	}
	d := dialog.NewFolderOpen(m.onFolderChosen, m.window)
	// Show first: FileDialog.Resize asks the dialog's window for its
	// minimum size, and that window exists only once it is shown.
	showDialog(m.window, d, func() {})
	d.Resize(m.window.Canvas().Size().Subtract(fyne.NewSize(80, 80)))
	m.folderDialog = d
}

func (m *mainWindow) onFolderChosen(uri fyne.ListableURI, err error) {
	if err != nil {
		showError(err, m.window)
		return
	}
	if uri == nil {
		return
	}
	m.open(uri.Path())
}

// onDropped opens the first folder dropped on the window.
func (m *mainWindow) onDropped(_ fyne.Position, uris []fyne.URI) {
	if m.openButton.Disabled() {
		return
	}
	for _, u := range uris {
		if ok, err := storage.CanList(u); err == nil && ok {
			m.open(u.Path())
			return
		}
	}
}

func (m *mainWindow) startLoading(dir string) {
	m.openButton.Disable()
	m.recentButton.Disable()
	m.reloadButton.Disable()
	m.header.agent.Disable()
	m.header.showLoading(dir)
	m.banner.hide()
	m.hooks.showLoading("Reading the settings files of " + dir + "…")
	m.files.showLoading()
	m.review.showLoading()
}

// show puts a loaded project on screen; it runs on the UI thread.
func (m *mainWindow) show(p *project, err error) {
	m.openButton.Enable()
	m.recentButton.Enable()
	m.header.agent.Enable()
	if err == nil && p != nil && p.openErr != nil {
		err = p.openErr
	}
	if err != nil {
		m.reviewOnShow = false
		m.showOpenError(err)
		return
	}
	m.reloadButton.Enable()
	if m.current != nil && m.current.Demo != nil && (p.Demo == nil || p.Demo.Root != m.current.Demo.Root) {
		m.removeDemo()
	}
	before, place, switched := m.current, m.placeFor(p), m.switchesProject(p)
	if !switched && before.Agent != p.Agent {
		place = viewPlace{tab: place.tab} // another agent's hooks: from the top
	}
	m.current = p
	m.agent = p.Agent
	title := "Hookwarden — " + filepath.Base(p.Dir)
	if p.Agent != m.opts.Agents.Default().Info().Name {
		title += " — " + p.Info.Title
	}
	if p.Demo != nil {
		title += " (demo)"
	}
	m.window.SetTitle(title)
	m.header.show(p)
	m.banner.show(p)
	m.hooks.show(p, place.selected, place.offset)
	m.files.show(p)
	m.review.show(p)
	m.dryRun.show(p)
	m.noteTracked(p)
	m.afterShow(before, p, switched)
}

// removeDemo deletes the temporary copy of the demo project the window made.
func (m *mainWindow) removeDemo() {
	if m.current != nil && m.current.ownsDemo(m.opts) {
		if err := os.RemoveAll(m.current.Demo.Root); err != nil {
			fyne.LogError("removing the demo copy "+m.current.Demo.Root, err)
		}
	}
}
