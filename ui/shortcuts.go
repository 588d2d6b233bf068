package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// tabKeys select the tabs in order with Ctrl+1 … Ctrl+4.
var tabKeys = []fyne.KeyName{fyne.Key1, fyne.Key2, fyne.Key3, fyne.Key4, fyne.Key5}

// addTabShortcuts binds Ctrl+1 … Ctrl+N to the tabs and Ctrl+Enter to Run
// in the Dry run tab.
func (m *mainWindow) addTabShortcuts() {
	for i := range min(len(tabKeys), len(m.tabs.Items)) {
		m.bindShortcut(tabKeys[i], func() {
			m.tabs.SelectIndex(i)
			if m.tabs.Selected() == m.review.tabItem() {
				m.review.focusList()
			}
		})
	}
	m.bindShortcut(fyne.KeyReturn, m.runDryRun)
	m.bindShortcut(fyne.KeyEnter, m.runDryRun)
}

// bindShortcut binds Ctrl+key (Cmd on macOS) to do, on the window's canvas
// (not while a dialog or menu is over it) and for the editors that forward
// shortcuts.
func (m *mainWindow) bindShortcut(key fyne.KeyName, do func()) {
	s := &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault}
	act := do
	do = func() {
		if m.window.Canvas().Overlays().Top() == nil { // not under a dialog: Ctrl+Enter there approved again
			act()
		}
	}
	m.window.Canvas().AddShortcut(s, func(fyne.Shortcut) { do() })
	if m.shortcuts == nil {
		m.shortcuts = map[string]func(){}
	}
	m.shortcuts[s.ShortcutName()] = do
}

// runShortcut runs the window's shortcut s, reporting whether it is one.
func (m *mainWindow) runShortcut(s fyne.Shortcut) bool {
	do, ok := m.shortcuts[s.ShortcutName()]
	if ok {
		do()
	}
	return ok
}

// runDryRun runs the Dry run tab's plan when that tab is on screen and its
// Run button is enabled; on the Review tab it is Approve (when enabled:
// the detail's end was on screen).
func (m *mainWindow) runDryRun() {
	switch m.tabs.Selected() {
	case m.dryRun.tabItem():
		if !m.dryRun.runButton.Disabled() {
			m.dryRun.onRun()
		}
	case m.review.tabItem():
		m.review.approveShortcut()
	}
}
