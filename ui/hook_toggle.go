package ui

import (
	"context"
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// onToggled switches a hook from the Hooks tab (switchHook).
func (m *mainWindow) onToggled(h *hooks.Hook, enabled bool) { m.switchHook(h, enabled, m.hooks.toast) }

// switchHook switches a hook the way its agent reads it (agents.Switch):
// off into the scope chosen above the list, on everywhere, saying what it
// wrote, with Undo, in out (the strip of the tab it was switched in). A
// write to a file git tracks asks first. The view reloads afterwards.
func (m *mainWindow) switchHook(h *hooks.Hook, enabled bool, out *toast) {
	p := m.current
	if p == nil || p.proj == nil {
		return
	}
	req := agents.ToggleRequest{Hooks: []*hooks.Hook{h}, Enable: enabled}
	if !enabled && p.hasScopes() {
		req.Scope = m.hooks.writeScope()
	}
	m.toggle(p, req, out)
}

// onEnableAll switches every hook on, after a confirmation that says what
// the agent writes.
func (m *mainWindow) onEnableAll() {
	p := m.current
	if p == nil || p.switches().EnableAll == "" {
		return
	}
	msg := &widget.Label{Text: p.switches().EnableAll, Wrapping: fyne.TextWrapWord}
	d := newRiskyConfirm("Enable all hooks?", "Enable all", "Cancel", msg, func(ok bool) {
		if ok {
			m.toggle(p, agents.ToggleRequest{All: true, Enable: true}, m.hooks.toast)
		}
	}, m.window)
	d.show()
	d.Resize(fyne.NewSize(560, 0))
}

// onDisableAll switches every hook off into the chosen scope, after a
// confirmation that says what the agent writes.
func (m *mainWindow) onDisableAll() {
	p := m.current
	if p == nil {
		return
	}
	scope := m.hooks.writeScope()
	text := p.switches().DisableAll[scope]
	if text == "" {
		return
	}
	d := dialog.NewConfirm("Disable all hooks?", text, func(ok bool) {
		if ok {
			m.toggle(p, agents.ToggleRequest{All: true, Scope: scope}, m.hooks.toast)
		}
	}, m.window)
	d.SetConfirmImportance(widget.WarningImportance)
	showDialog(m.window, d, nil)
}

// toggle writes a switch off the UI thread with the switches disabled,
// then shows its outcome (a failure in a dialog: a file that does not
// parse is never written) and reloads the project. A write the agent
// refuses because git tracks the file asks the user what to do instead.
// Its outcome, with Undo, goes to out: the strip of the tab it was made
// in.
func (m *mainWindow) toggle(p *project, req agents.ToggleRequest, out *toast) {
	out.writing()
	m.hooks.setBusy(true)
	m.hooks.setStatus("Writing…", widget.LowImportance)
	m.thread.Go(func() {
		res, err := p.proj.Toggle(context.Background(), req)
		var tracked *agents.TrackedError
		var note *agents.Tracked
		if errors.As(err, &tracked) {
			note = agents.TrackedOf(context.Background(), p.proj, req.Scope)
		}
		m.thread.Do(func() {
			m.hooks.setBusy(false)
			if tracked != nil {
				m.hooks.setStatus("", widget.LowImportance)
				if m.current != p {
					return
				}
				if note != nil {
					m.hooks.setTracked(note)
				}
				m.askTracked(p, tracked, req, out)
				return
			}
			inHooks := out == m.hooks.toast
			switch {
			case err != nil:
				m.hooks.setStatus("Nothing was written: "+err.Error(), widget.DangerImportance)
				showError(err, m.window)
			case res != nil && inHooks:
				m.hooks.setStatus(switchSummary(res), widget.MediumImportance)
			default:
				m.hooks.setStatus("", widget.LowImportance) // said in the other tab's strip
			}
			summary := ""
			if !inHooks && res != nil {
				summary = switchSummary(res) + " "
			}
			switch {
			case res != nil && res.Backup != nil:
				out.showFor(toastOwner(p), summary+"Wrote "+m.hooks.fileList(res.Files)+".", func() { m.undoSwitch(p, res, out) })
			case res != nil && !inHooks:
				out.showFor(toastOwner(p), summary+"Nothing had to be written.", nil)
			}
			m.reloadInPlace()
		})
	})
}

// switchSummary is what a switch did, then the notes about it.
func switchSummary(res *agents.ToggleResult) string {
	parts := []string{res.Message}
	for _, n := range res.Notes {
		parts = append(parts, "Note: "+n+".")
	}
	return strings.TrimSpace(strings.Join(parts, " "))
}

// undoSwitch puts the files of a switch back as they were (refusing when
// someone changed them since), then reloads.
func (m *mainWindow) undoSwitch(p *project, res *agents.ToggleResult, out *toast) {
	if m.current == nil || !sameProject(m.current, p) {
		out.show("Undo is not possible any more: another project is on screen.", nil)
		return
	}
	out.writing()
	m.hooks.setBusy(true)
	m.thread.Go(func() {
		err := res.Backup.Restore()
		m.thread.Do(func() {
			m.hooks.setBusy(false)
			if err != nil {
				out.show("Undo failed: "+shown(err.Error()), nil)
				showError(err, m.window)
			} else {
				m.hooks.setStatus("", widget.LowImportance)
				out.showFor(toastOwner(p), "Undone: restored "+m.hooks.fileList(res.Files)+" byte for byte.", nil)
			}
			m.reloadInPlace()
		})
	})
}

// toastOwner is what a switch's toast belongs to: the project and agent.
func toastOwner(p *project) string { return p.Agent + "\x00" + p.Dir }

// fileList names files for the toast.
func (v *hooksView) fileList(files []string) string {
	var out []string
	for _, f := range files {
		out = append(out, shown(v.names.name(f)))
	}
	return strings.Join(out, " and ")
}

// askTracked offers what the agent can write instead of a file git tracks
// (Gemini CLI: the user scope), or to edit it anyway. Enter picks the
// other place when there is one, Escape cancels and puts the switch back.
func (m *mainWindow) askTracked(p *project, tr *agents.TrackedError, req agents.ToggleRequest, out *toast) {
	names := pathNamer{project: p.Dir, home: p.Home}
	msg := &widget.Label{Text: shownBlock(names.shorten(tr.Question, tr.File)), Wrapping: fyne.TextWrapWord}
	var d *dialog.CustomDialog
	decided := false
	pick := func(then func()) {
		if decided {
			return
		}
		decided = true
		d.Hide()
		if then != nil {
			then()
		} else {
			m.reloadInPlace() // puts the switch back
		}
	}
	workspace := newButton("Edit the tracked file", nil, widget.WarningImportance, func() {
		pick(func() { r := req; r.ForceWorkspace = true; m.toggle(p, r, out) })
	})
	cancel := newButton("Cancel", nil, widget.MediumImportance, func() { pick(nil) })
	buttons := []fyne.CanvasObject{cancel, workspace}
	var enter func()
	if tr.Instead != "" {
		instead := func() { pick(func() { r := req; r.Scope = tr.Instead; m.toggle(p, r, out) }) }
		buttons = append(buttons, newButton(tr.InsteadLabel, theme.AccountIcon(), widget.HighImportance, instead))
		enter = instead
	}
	d = dialog.NewCustomWithoutButtons("The file is tracked by git", msg, m.window)
	d.SetButtons(buttons)
	d.SetOnClosed(func() { pick(nil) })
	d.Resize(fyne.NewSize(600, 0))
	m.trackedDialog = d
	showDialog(m.window, d, enter)
}

// noteTracked asks git, off the UI thread, whether the file a switch of p
// writes by default is tracked, so the Hooks tab can say so before a
// switch is used.
func (m *mainWindow) noteTracked(p *project) {
	m.hooks.setTracked(nil)
	m.hooks.toast.hideUnless(toastOwner(p))
	if p.proj == nil || p.Demo != nil {
		return
	}
	m.thread.Go(func() {
		tr := agents.TrackedOf(context.Background(), p.proj, "")
		m.thread.Do(func() {
			if m.current == p {
				m.hooks.setTracked(tr)
			}
		})
	})
}

// setTracked notes next to the scope when the file a switch writes is
// tracked by git, and what that means (nil or untracked hides it).
func (v *hooksView) setTracked(tr *agents.Tracked) {
	if tr == nil || !tr.Tracked {
		v.tracked.Hide()
		return
	}
	setNote(v.tracked, shown(v.names.shorten(tr.Note, tr.File)))
	v.tracked.Show()
}
