package ui

import (
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// recentProjectsKey is the preference that lists the folders opened last,
// newest first.
const recentProjectsKey = "recentProjects"

// maxRecentProjects is how many folders the Recent menu offers.
const maxRecentProjects = 10

// recentProjects reads the list of recent folders.
func recentProjects(prefs fyne.Preferences) []string {
	return prefs.StringListWithFallback(recentProjectsKey, nil)
}

// rememberProject puts dir first in the list of recent folders.
func rememberProject(prefs fyne.Preferences, dir string) {
	list := slices.DeleteFunc(recentProjects(prefs), func(d string) bool { return d == dir })
	list = append([]string{dir}, list...)
	if len(list) > maxRecentProjects {
		for _, d := range list[maxRecentProjects:] {
			prefs.RemoveValue(recentAgentsKey(d))
		}
		list = list[:maxRecentProjects]
	}
	prefs.SetStringList(recentProjectsKey, list)
}

// recentAgentsKey is the preference that names the agents whose hooks a
// recent folder had when it was last open ("Gemini CLI, Claude Code").
func recentAgentsKey(dir string) string { return recentProjectsKey + ".agents:" + dir }

// rememberAgents notes for the Recent menu which agents have hooks in p's
// folder (the agent it is shown with when none has).
func rememberAgents(prefs fyne.Preferences, p *project) {
	var titles []string
	for _, c := range p.counts {
		if c.Reviewed > 0 {
			titles = append(titles, c.Agent.Title)
		}
	}
	if len(titles) == 0 {
		titles = []string{p.Info.Title}
	}
	prefs.SetString(recentAgentsKey(p.Requested), agentTitles(titles))
}

// viewPlace is where the user was in a project: the agent, the selected tab, the
// selected hook and the scroll position of the hook list. The window keeps
// one per project for the session, so switching back returns there.
type viewPlace struct {
	// agent is the agent the project was shown with.
	agent    string
	tab      *container.TabItem
	selected string
	offset   fyne.Position
}

// projectKey is the folder the user asked for (the demo shown for an empty
// folder is remembered under that folder).
func projectKey(p *project) string { return p.Requested }

// newRecentButton is the "Recent" button; tapping it pops up the folders
// opened before.
func (m *mainWindow) newRecentButton() *keyButton {
	b := newButton("Recent", theme.HistoryIcon(), widget.MediumImportance, nil)
	b.OnTapped = func() { m.showRecentMenu(b) }
	return b
}

// recentMenu lists the recent folders, newest first, each opening it.
func (m *mainWindow) recentMenu() *fyne.Menu {
	var items []*fyne.MenuItem
	prefs := m.app.Preferences()
	for _, dir := range recentProjects(prefs) {
		label := filepath.Base(dir)
		if a := prefs.String(recentAgentsKey(dir)); a != "" {
			label += " (" + a + ")"
		}
		items = append(items, fyne.NewMenuItem(shown(label+"  —  "+dir), func() { m.open(dir) }))
	}
	if len(items) == 0 {
		none := fyne.NewMenuItem("No recent projects", nil)
		none.Disabled = true
		items = append(items, none)
	} else {
		items = append(items, fyne.NewMenuItemSeparator(), fyne.NewMenuItem("Clear the list", func() {
			for _, dir := range recentProjects(prefs) {
				prefs.RemoveValue(recentAgentsKey(dir))
			}
			prefs.SetStringList(recentProjectsKey, nil)
		}))
	}
	return fyne.NewMenu("Recent projects", items...)
}

func (m *mainWindow) showRecentMenu(from fyne.CanvasObject) {
	widget.ShowPopUpMenuAtRelativePosition(m.recentMenu(), m.window.Canvas(), fyne.NewPos(0, from.Size().Height), from)
}

// savePlace remembers where the user is in the project on screen.
func (m *mainWindow) savePlace() {
	if m.current == nil {
		return
	}
	place := viewPlace{agent: m.current.Agent}
	place.selected, place.offset = m.hooks.place()
	place.tab = m.tabs.Selected()
	m.places[projectKey(m.current)] = place
}

// restoreTab selects tab, if it is one of the window's.
func (m *mainWindow) restoreTab(tab *container.TabItem) {
	if tab != nil && slices.Contains(m.tabs.Items, tab) {
		m.tabs.Select(tab)
	}
}

// switchesProject reports whether showing p replaces another project (or
// is the first), rather than reloading the one on screen.
func (m *mainWindow) switchesProject(p *project) bool {
	return m.current == nil || projectKey(m.current) != projectKey(p)
}

// placeFor is where to put the user in p: where they are now for a reload,
// where they were last time for a project opened before, the top otherwise.
func (m *mainWindow) placeFor(p *project) viewPlace {
	if !m.switchesProject(p) {
		place := viewPlace{}
		place.selected, place.offset = m.hooks.place()
		return place
	}
	return m.places[projectKey(p)]
}

// afterShow finishes showing p: on a switch of project it returns to the
// tab the user had there and remembers the folder; on a reload it tells the
// user about hooks that newly need review. Either way it watches p's files.
func (m *mainWindow) afterShow(before, p *project, switched bool) {
	if switched {
		if place, ok := m.places[projectKey(p)]; ok {
			m.restoreTab(place.tab)
		}
		if p.Demo == nil {
			rememberProject(m.app.Preferences(), p.Requested)
			rememberAgents(m.app.Preferences(), p)
		}
	} else if before.Agent == p.Agent && newlyNeedingReview(before, p) {
		m.app.SendNotification(&fyne.Notification{Title: "Hookwarden", Content: reviewBannerText(p)})
	}
	if m.reviewOnShow {
		m.reviewOnShow = false
		m.showReviewTab()
	}
	m.watchProject(p)
}

// showReview opens dir on the Review tab: at once when it is on screen
// (after a reload), once loaded otherwise.
func (m *mainWindow) showReview(dir string) {
	m.reviewOnShow = true
	if m.current != nil && m.current.Requested == dir {
		m.showReviewTab()
	}
	m.open(dir)
}
