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
	c := m.window.Canvas()
	for i := range min(len(tabKeys), len(m.tabs.Items)) {
		c.AddShortcut(&desktop.CustomShortcut{KeyName: tabKeys[i], Modifier: fyne.KeyModifierShortcutDefault},
			func(fyne.Shortcut) { m.tabs.SelectIndex(i) })
	}
	run := func(fyne.Shortcut) { m.runDryRun() }
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyReturn, Modifier: fyne.KeyModifierShortcutDefault}, run)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyEnter, Modifier: fyne.KeyModifierShortcutDefault}, run)
}

// runDryRun runs the Dry run tab's plan when that tab is on screen and its
// Run button is enabled.
func (m *mainWindow) runDryRun() {
	if m.tabs.Selected() == m.dryRun.tabItem() && !m.dryRun.runButton.Disabled() {
		m.dryRun.onRun()
	}
}
