package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// The driver hands every shortcut to the focused widget: with the hook
// input focused, the window's shortcuts must still work, and the editor's
// own ones too.
func TestTheWindowShortcutsWorkWhileThePayloadEditorHasFocus(t *testing.T) {
	m, w := newTestWindow(t)
	m.opts = isolatedOptions(t)
	m.addShortcuts()
	p, err := openProject(m.opts, t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	m.show(p, nil)
	ctrl := func(k fyne.KeyName) fyne.Shortcut {
		return &desktop.CustomShortcut{KeyName: k, Modifier: fyne.KeyModifierShortcutDefault}
	}
	e := m.dryRun.payload

	m.tabs.SelectIndex(2)
	w.Canvas().Focus(e)
	e.TypedShortcut(ctrl(fyne.Key4))
	if got := m.tabs.SelectedIndex(); got != 3 {
		t.Errorf("Ctrl+4 in the editor selected tab %d, want 3 (Files)", got)
	}
	m.tabs.SelectIndex(2)
	e.TypedShortcut(ctrl(fyne.KeyReturn))
	if m.dryRun.run == nil && len(m.dryRun.cards) == 0 && m.dryRun.verdict.Text == "" {
		t.Error("Ctrl+Enter in the editor did not start the run")
	}
	before := m.current
	m.dryRun.abandonRun()
	e.TypedShortcut(ctrl(fyne.KeyR))
	if m.current == before {
		t.Error("Ctrl+R in the editor did not reload")
	}

	e.SetText("{}")
	e.TypedShortcut(&fyne.ShortcutSelectAll{})
	if e.SelectedText() != "{}" {
		t.Errorf("Ctrl+A in the editor selected %q, want the editor's own select-all", e.SelectedText())
	}
}
