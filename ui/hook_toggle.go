package ui

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// onToggled persists a hook's switch the way Gemini CLI's /hooks enable and
// /hooks disable do (hooks.Toggler): a disable adds the hook's name to the
// chosen scope's hooksConfig.disabled, an enable removes it from the
// workspace and user lists. The view reloads afterwards.
func (m *mainWindow) onToggled(h *hooks.Hook, enabled bool) {
	if claude.Is(h) {
		m.onClaudeToggled(h, enabled)
		return
	}
	p := m.current
	if p == nil || p.Registry == nil {
		return
	}
	name, scope := h.DisableName(), m.hooks.writeScope()
	if !enabled && scope == settingsio.LayerWorkspace {
		m.checkTracked(p, name, func(scope settingsio.Layer) { m.disable(p, name, scope) })
		return
	}
	if !enabled {
		m.disable(p, name, scope)
		return
	}
	m.writeSettings(func() (string, error) {
		res, err := p.toggler().Enable(name)
		if err != nil {
			return "", err
		}
		return toggleSummary(res.Message, res.Locked, res.Notes), nil
	})
}

// disable writes name into scope's hooksConfig.disabled.
func (m *mainWindow) disable(p *project, name string, scope settingsio.Layer) {
	m.writeSettings(func() (string, error) {
		res, err := p.toggler().Disable(name, scope)
		if err != nil {
			return "", err
		}
		return toggleSummary(res.Message, res.Locked, res.Notes), nil
	})
}

// checkTracked asks git, off the UI thread, whether the workspace
// settings file is tracked; then runs then with the workspace scope, or,
// for a tracked file, with the scope the user picks in a dialog that says
// what each means (nothing when they cancel).
func (m *mainWindow) checkTracked(p *project, name string, then func(settingsio.Layer)) {
	m.hooks.setBusy(true)
	m.thread.Go(func() {
		tr := p.toggler().WorkspaceTracked(context.Background())
		m.thread.Do(func() {
			m.hooks.setBusy(false)
			if m.current != p {
				return
			}
			m.hooks.setTracked(tr)
			if !tr.Tracked {
				then(settingsio.LayerWorkspace)
				return
			}
			m.askTrackedScope(tr, name, then)
		})
	})
}

// askTrackedScope offers the user scope instead of editing a workspace
// settings file git tracks. Enter picks the user scope, Escape cancels.
func (m *mainWindow) askTrackedScope(tr gemini.Tracked, name string, then func(settingsio.Layer)) {
	names := pathNamer{project: m.current.Dir, home: m.current.Home}
	msg := &widget.Label{Text: shownBlock(gemini.TrackedMessage(names.name(tr.Path), name)), Wrapping: fyne.TextWrapWord}
	var d *dialog.CustomDialog
	decided := false
	pick := func(scope settingsio.Layer, ok bool) {
		if decided {
			return
		}
		decided = true
		d.Hide()
		if ok {
			then(scope)
		} else {
			m.reloadInPlace() // puts the switch back
		}
	}
	user := &widget.Button{Text: "Disable in user settings", Icon: theme.AccountIcon(), Importance: widget.HighImportance,
		OnTapped: func() { pick(settingsio.LayerUser, true) }}
	workspace := &widget.Button{Text: "Edit the tracked file", Importance: widget.WarningImportance,
		OnTapped: func() { pick(settingsio.LayerWorkspace, true) }}
	cancel := &widget.Button{Text: "Cancel", OnTapped: func() { pick("", false) }}
	d = dialog.NewCustomWithoutButtons("The workspace settings are tracked by git", msg, m.window)
	d.SetButtons([]fyne.CanvasObject{cancel, workspace, user})
	d.SetOnClosed(func() { pick("", false) })
	d.Resize(fyne.NewSize(600, 0))
	m.trackedDialog = d
	showDialog(m.window, d, func() { pick(settingsio.LayerUser, true) })
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
			if !ok {
				return
			}
			disableAll := func(scope settingsio.Layer) {
				m.writeSettings(func() (string, error) {
					res, err := p.toggler().DisableAll(scope)
					if err != nil {
						return "", err
					}
					return toggleSummary(res.Message, res.Locked, res.Notes), nil
				})
			}
			if scope == settingsio.LayerWorkspace {
				m.checkTracked(p, "", disableAll)
				return
			}
			disableAll(scope)
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
func toggleSummary(message string, locked []gemini.Lock, notes []string) string {
	parts := []string{message}
	for _, l := range locked {
		parts = append(parts, "Still disabled by "+l.String()+".")
	}
	for _, n := range notes {
		parts = append(parts, "Note: "+n+".")
	}
	return strings.Join(parts, " ")
}
