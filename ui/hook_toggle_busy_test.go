package ui

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/hookwarden/hookwarden/settingsio"
)

// A reload that ends while a settings write runs rebuilds the rows; their
// switches must stay off until the write is done.
func TestTheSwitchesStayDisabledWhenAReloadEndsDuringAWrite(t *testing.T) {
	m, _ := openDemoWindow(t)
	var queued []func()
	m.thread = queuedThread{run: func(f func()) { queued = append(queued, f) }}
	test.Tap(rowNamed(t, m, "security-check", settingsio.LayerWorkspace).toggle) // the write starts (queued)
	write := queued[0]
	queued = queued[1:]
	m.onReload() // e.g. the watcher saw another file change
	runAll(&queued)

	enabled := func() (n int) {
		for _, r := range m.hooks.rows() {
			if r.toggle != nil && r.lock == nil && !r.toggle.Disabled() {
				n++
			}
		}
		return n
	}
	if n := enabled(); n > 0 || !m.hooks.enableAll.Disabled() {
		t.Errorf("during the write, a reload re-enabled %d switches (enable all enabled: %v)", n, !m.hooks.enableAll.Disabled())
	}
	write()
	runAll(&queued)
	if enabled() == 0 || m.hooks.enableAll.Disabled() {
		t.Error("after the write the switches stay disabled")
	}
}
