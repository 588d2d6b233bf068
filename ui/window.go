package ui

import (
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/assets"
)

// Create fills w with Hookwarden's main view and starts loading the project
// of opts in the background.
func Create(a fyne.App, w fyne.Window, opts Options) {
	a.Settings().SetTheme(newCompactTheme())
	m := newMainWindow(a, w, opts)
	w.SetIcon(fyne.NewStaticResource("icon.png", assets.Icon))
	w.SetContent(m.buildUI())
	w.SetOnClosed(m.removeDemo)
	a.Lifecycle().SetOnStopped(m.removeDemo)
	w.SetOnDropped(m.onDropped)
	m.addShortcuts()
	m.open(opts.ProjectDir)
}

// addShortcuts binds Ctrl+O (open a folder) and Ctrl+R (reload).
func (m *mainWindow) addShortcuts() {
	c := m.window.Canvas()
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) { m.onOpenFolder() })
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault},
		func(fyne.Shortcut) { m.onReload() })
}

// mainWindow is the first window: a header over tabs, the Hooks tab first
// (Review, Dry run and Files come later).
type mainWindow struct {
	app    fyne.App
	window fyne.Window
	opts   Options

	header       *header
	hooks        *hooksView
	tabs         *container.AppTabs
	openButton   *widget.Button
	reloadButton *widget.Button

	// current is the project on screen (nil while the first load runs).
	current *project
}

func newMainWindow(a fyne.App, w fyne.Window, opts Options) *mainWindow {
	m := &mainWindow{app: a, window: w, opts: opts, header: newHeader(), hooks: newHooksView()}
	m.openButton = &widget.Button{Text: "Open folder…", Icon: theme.FolderOpenIcon(), OnTapped: m.onOpenFolder}
	m.reloadButton = &widget.Button{Text: "Reload", Icon: theme.ViewRefreshIcon(), OnTapped: m.onReload}
	return m
}

func (m *mainWindow) buildUI() fyne.CanvasObject {
	m.tabs = container.NewAppTabs(
		container.NewTabItemWithIcon("Hooks", theme.ListIcon(), m.hooks.buildUI()),
	)
	actions := container.NewHBox(m.openButton, m.reloadButton)
	top := container.NewVBox(m.header.buildUI(actions), widget.NewSeparator())
	return container.NewBorder(container.NewPadded(top), nil, nil, nil, m.tabs)
}

// open loads dir (the demo when it has no hooks) off the UI thread.
func (m *mainWindow) open(dir string) {
	if dir == "" {
		dir = "."
	}
	m.startLoading(dir)
	go func() {
		p, err := openProject(m.opts, dir)
		fyne.Do(func() { m.show(p, err) })
	}()
}

// onReload reads the files of the project on screen again.
func (m *mainWindow) onReload() {
	if m.current == nil || m.reloadButton.Disabled() {
		return
	}
	cur := m.current
	m.startLoading(cur.Dir)
	go func() {
		p := cur.reloaded()
		fyne.Do(func() { m.show(p, nil) })
	}()
}

func (m *mainWindow) onOpenFolder() {
	if m.openButton.Disabled() {
		return
	}
	d := dialog.NewFolderOpen(m.onFolderChosen, m.window)
	d.Resize(m.window.Canvas().Size().Subtract(fyne.NewSize(80, 80)))
	d.Show()
}

func (m *mainWindow) onFolderChosen(uri fyne.ListableURI, err error) {
	if err != nil {
		dialog.ShowError(err, m.window)
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
	m.reloadButton.Disable()
	m.header.showLoading(dir)
	m.hooks.showLoading("Reading the settings files of " + dir + "…")
}

// show puts a loaded project on screen; it runs on the UI thread.
func (m *mainWindow) show(p *project, err error) {
	m.openButton.Enable()
	if err != nil {
		if m.current != nil {
			m.reloadButton.Enable()
		}
		m.hooks.showError(err)
		dialog.ShowError(err, m.window)
		return
	}
	m.reloadButton.Enable()
	if m.current != nil && m.current.Demo != nil && (p.Demo == nil || p.Demo.Root != m.current.Demo.Root) {
		m.removeDemo()
	}
	m.current = p
	title := "Hookwarden — " + filepath.Base(p.Dir)
	if p.Demo != nil {
		title += " (demo)"
	}
	m.window.SetTitle(title)
	m.header.show(p)
	m.hooks.show(p)
}

// removeDemo deletes the temporary copy of the demo project the window made.
func (m *mainWindow) removeDemo() {
	if m.current != nil && m.current.ownsDemo(m.opts) {
		if err := os.RemoveAll(m.current.Demo.Root); err != nil {
			fyne.LogError("removing the demo copy "+m.current.Demo.Root, err)
		}
	}
}
