package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/hooks"
)

// onToggled persists a hook's switch the way Gemini CLI's /hooks enable and
// /hooks disable do (hooks.Toggler): a disable adds the hook's name to the
// chosen scope's hooksConfig.disabled, an enable removes it from the
// workspace and user lists. The view reloads afterwards.
func (m *mainWindow) onToggled(h *hooks.Hook, enabled bool) {
	if h.IsClaude() {
		m.onClaudeToggled(h, enabled)
		return
	}
	p := m.current
	if p == nil || p.Registry == nil {
		return
	}
	name, scope := h.DisableName(), m.hooks.writeScope()
	m.writeSettings(func() (string, error) {
		t := p.toggler()
		if enabled {
			res, err := t.Enable(name)
			if err != nil {
				return "", err
			}
			return toggleSummary(res.Message, res.Locked, res.Notes), nil
		}
		res, err := t.Disable(name, scope)
		if err != nil {
			return "", err
		}
		return toggleSummary(res.Message, res.Locked, res.Notes), nil
	})
}

// onEnableAll is /hooks enable-all, after a confirmation.
func (m *mainWindow) onEnableAll() {
	p := m.current
	if p == nil {
		return
	}
	showDialog(m.window, dialog.NewConfirm("Enable all hooks?",
		"This empties hooksConfig.disabled in the workspace and the user settings. "+
			"Entries in the system settings stay: only their administrator can change them.",
		func(ok bool) {
			if ok {
				m.writeSettings(func() (string, error) {
					res, err := p.toggler().EnableAll()
					if err != nil {
						return "", err
					}
					return toggleSummary(res.Message, res.Locked, res.Notes), nil
				})
			}
		}, m.window), nil)
}

// onDisableAll is /hooks disable-all into the chosen scope, after a
// confirmation: it replaces that file's disabled list.
func (m *mainWindow) onDisableAll() {
	p := m.current
	if p == nil {
		return
	}
	scope := m.hooks.writeScope()
	d := dialog.NewConfirm("Disable all hooks?",
		fmt.Sprintf("This sets hooksConfig.disabled in the %s settings to the name of every hook, replacing the list that is there now. "+
			"Comments and the rest of the file are kept.", scope),
		func(ok bool) {
			if ok {
				m.writeSettings(func() (string, error) {
					res, err := p.toggler().DisableAll(scope)
					if err != nil {
						return "", err
					}
					return toggleSummary(res.Message, res.Locked, res.Notes), nil
				})
			}
		}, m.window)
	d.SetConfirmImportance(widget.WarningImportance)
	showDialog(m.window, d, nil)
}

// writeSettings runs a settings write off the UI thread with the switches
// disabled, then shows its outcome (a failure in a dialog: a file that does
// not parse is never written) and reloads the project.
func (m *mainWindow) writeSettings(write func() (string, error)) {
	m.hooks.setBusy(true)
	m.hooks.setStatus("Writing…", widget.LowImportance)
	m.thread.Go(func() {
		msg, err := write()
		m.thread.Do(func() {
			m.hooks.setBusy(false)
			if err != nil {
				m.hooks.setStatus("Nothing was written: "+err.Error(), widget.DangerImportance)
				showError(err, m.window)
			} else {
				m.hooks.setStatus(msg, widget.MediumImportance)
			}
			m.reloadInPlace()
		})
	})
}

// toggleSummary is Gemini's feedback, then what keeps a hook disabled and
// what else decides about it.
func toggleSummary(message string, locked []hooks.Lock, notes []string) string {
	parts := []string{message}
	for _, l := range locked {
		parts = append(parts, "Still disabled by "+l.String()+".")
	}
	for _, n := range notes {
		parts = append(parts, "Note: "+n+".")
	}
	return strings.Join(parts, " ")
}
