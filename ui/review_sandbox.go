package ui

import (
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/hooks"
)

// newSandboxRunButton is Review's "Dry-run in sandbox": the selected hook,
// alone, with its event's sample payload, in the sandbox.
func (v *reviewView) newSandboxRunButton() *keyButton {
	b := newButton("Dry-run in sandbox", theme.MediaPlayIcon(), widget.MediumImportance, v.onSandboxRunTapped)
	b.Disable()
	return b
}

// sandboxTarget is the selected hook's id and event ("" when none).
func (v *reviewView) sandboxTarget() (id string, event hooks.Event) {
	it, ok := v.selected()
	switch {
	case !ok:
	case it.hook != nil:
		return it.hook.HookID, hooks.Event(it.hook.Event)
	}
	return "", ""
}

func (v *reviewView) onSandboxRunTapped() {
	if id, event := v.sandboxTarget(); id != "" && v.onSandboxRun != nil {
		v.onSandboxRun(id, event)
	}
}

func (v *reviewView) updateSandboxRunButton() {
	if v.sandboxRun == nil {
		return
	}
	if id, _ := v.sandboxTarget(); id != "" && v.onSandboxRun != nil {
		v.sandboxRun.Enable()
	} else {
		v.sandboxRun.Disable()
	}
}

// runHookInSandbox selects hook id of event alone, loads the event's
// sample payload and runs it in the sandbox (once, whatever the switch).
func (v *dryRunView) runHookInSandbox(id string, event hooks.Event) {
	if v.project == nil || v.run != nil {
		return
	}
	v.event.SetSelected(string(event))
	for i, h := range v.choices {
		if h.ID == id {
			v.hookPick.SetSelectedIndex(i + 1)
			v.loadSample()
			v.sandboxOnce = true
			v.onRun()
			return
		}
	}
	v.status.SetText("The hook is not among this event's hooks any more; nothing was run.")
}
