package ui

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// loadingShown reports whether o still shows a progress bar.
func loadingShown(objs []fyne.CanvasObject) bool {
	return slices.ContainsFunc(objs, func(o fyne.CanvasObject) bool {
		_, ok := o.(*widget.ProgressBarInfinite)
		return ok
	})
}

// A failed open leaves the project that was on screen in every tab, with
// the agent switch on its agent.
func TestAFailedOpenPutsTheProjectOnScreenBack(t *testing.T) {
	tests := []struct {
		name string
		open func(m *mainWindow)
	}{
		{"another folder", func(m *mainWindow) { m.open(m.opts.ProjectDir) }},
		{"the other agent", func(m *mainWindow) { m.selectAgent("claude") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := newTestWindow(t)
			m.opts = isolatedOptions(t)
			dir := t.TempDir()
			writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), beforeTool("guard", "true"))
			p, err := openProject(m.opts, dir, true)
			if err != nil {
				t.Fatal(err)
			}
			m.show(p, nil)
			// From now on the demo cannot be made: an empty folder, or the
			// folder for Claude Code (it has no Claude Code hooks), fails.
			m.opts.DemoDir = func() (string, error) { return "", errors.New("disk full") }
			m.opts.ProjectDir = t.TempDir()
			tt.open(m)

			if m.current != p || m.current.Agent != "gemini" {
				t.Fatalf("the failed open replaced the project on screen")
			}
			if got := m.header.agent.selectedTitle(); got != "Gemini CLI" {
				t.Errorf("the agent switch says %q after the failed open, want %q", got, "Gemini CLI")
			}
			if loadingShown(m.files.content.Objects) || len(m.files.rows) == 0 {
				t.Error("the Files tab still says it is loading")
			}
			if m.review.project != p || m.review.summary.Text == "Reading the project…" {
				t.Errorf("the Review tab says %q", m.review.summary.Text)
			}
			if len(m.hooks.rows()) == 0 {
				t.Error("the Hooks tab lost the project's hooks")
			}
			if m.openButton.Disabled() || m.reloadButton.Disabled() || m.header.agent.Disabled() {
				t.Error("the window's buttons stay disabled")
			}
		})
	}
}
