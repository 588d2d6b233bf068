package ui

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// dryRunView is the Dry run tab: pick an event of the agent (with its
// tool or matcher value) or one hook, edit the hook input, run what the
// agent would run through its own runner (agents.DryRunner) and see each
// hook's result as it arrives and, in words, what the agent would do with
// them.
//
// It never runs a hook the user did not ask for: project hooks that need
// review run in the sandbox, or for real only after a confirmation that
// lists them; where the agent runs no settings hook (an untrusted folder)
// they run only after "Run anyway".
//
// The view is made of small parts, each in a file of its own: the event
// picker (dryrun_event.go), the hook picker (dryrun_hooks.go), the payload
// editor (dryrun_payload.go), the run control (dryrun_control.go) and the
// results (dryrun_results.go); running is dryrun_run.go.
type dryRunView struct {
	window fyne.Window
	thread uiThread

	// project is the project on screen; agent is what its agent read,
	// for plans, samples and the folder notice.
	project *project
	agent   agents.Project

	*eventPicker
	*hookPicker
	*payloadEditor
	*runControl
	*resultsPane
	*mcpPicker

	// recordedButton opens the recorded events (dryrun_recorded.go).
	recordedButton *keyButton

	content fyne.CanvasObject
	tab     *container.TabItem

	// newWarm makes the sandbox.Warm of one run (the sandboxes its probe
	// sets up serve its hooks); tests see each run's through it.
	newWarm func() *sandbox.Warm
}

// dryRun is one run in progress: cancel is nil while it is planned or
// waits for a confirmation; done closes when its hooks have all ended.
type dryRun struct {
	id     int
	cancel context.CancelFunc
	done   chan struct{}
}

func newDryRunView(w fyne.Window, thread uiThread) *dryRunView {
	v := &dryRunView{window: w, thread: thread, resultsPane: newResultsPane(), newWarm: sandbox.NewWarm}
	v.eventPicker = newEventPicker(v.onEventChanged, v.loadSample)
	v.hookPicker = newHookPicker(v.showPlanPreview)
	v.payloadEditor = newPayloadEditor(v.validatePayload, v.loadSample)
	v.runControl = newRunControl(v.onRun, v.onCancel, v.onRunAnyway, v.onRunForReal)
	v.mcpPicker = newMCPPicker(v.onStartMCP)
	v.serverPick.OnChanged = func(string) { v.updateMCPButton() }
	return v
}

// tabItem is the Dry run tab (the same item on every call).
func (v *dryRunView) tabItem() *container.TabItem {
	if v.tab == nil {
		v.content = v.buildUI()
		v.tab = container.NewTabItemWithIcon("Dry run", theme.MediaPlayIcon(), v.content)
	}
	return v.tab
}

func (v *dryRunView) buildUI() fyne.CanvasObject {
	pickers := detailForm(
		key("Event"), v.event,
		v.contextLabel, container.NewStack(v.tool, v.trigger),
		key("Hooks"), v.hookPick,
		key("MCP server"), v.mcpPicker.row(),
	)
	v.recordedButton = newButton("Recorded…", theme.HistoryIcon(), widget.MediumImportance, v.showRecorded)
	payloadHead := container.NewBorder(nil, nil, key("Hook input (JSON)"), container.NewHBox(v.recordedButton, v.resetButton))
	left := container.NewBorder(container.NewVBox(pickers, payloadHead), container.NewVBox(v.payloadError, v.runControl.buildUI()), nil, nil, v.payload)
	split := container.NewHSplit(left, container.NewVScroll(v.resultsPane.buildUI(v.runAnyway)))
	split.Offset = 0.42
	return split
}

// show switches the view to p (a freshly loaded project), keeping the
// chosen event when it can. A reload of the project and agent on screen
// keeps the input, the results and a run in progress (refreshInPlace);
// another project or agent cancels a run and starts afresh.
func (v *dryRunView) show(p *project) {
	if v.agent != nil && sameProject(v.project, p) {
		v.refreshInPlace(p)
		return
	}
	cancelled := v.abandonRun()
	v.clearResults()
	if !v.setProject(p) {
		return
	}
	defer func() {
		if cancelled {
			v.status.SetText("Cancelled: another project or agent was opened; its hooks were stopped.")
		}
	}()
	v.setEvents(v.agentEvents())
	if v.event.Selected == "" {
		v.event.SetSelected(string(v.firstPlannedEvent()))
	} else {
		v.onEventChanged()
	}
}

// setProject takes in p, as its agent read it, and says what its folder
// trust means for a run.
func (v *dryRunView) setProject(p *project) bool {
	v.project = p
	if p.proj == nil {
		v.project, v.agent = nil, nil
		v.listMCPServers()
		v.status.SetText("The project cannot be read: " + shown(p.openErr.Error()))
		v.updateRunButtons()
		return false
	}
	v.agent = p.proj
	v.listMCPServers()
	setNote(v.intro, runIntro(v.agentTitle()))
	v.showTrust()
	return true
}

// agentTitle is the name of the project's agent ("Gemini CLI").
func (v *dryRunView) agentTitle() string { return v.agent.Agent().Title }

// agentEvents are the events of the project's agent.
func (v *dryRunView) agentEvents() []agents.EventInfo {
	return v.project.agent.Events()
}

// runIntro says what Run does, as agent would.
func runIntro(agent string) string {
	return "Run starts the hooks on this machine, in the project folder, with the hook input on stdin, " +
		"as " + agent + " would; nothing runs before you press it."
}

// firstPlannedEvent is the first event in the agent's order that has a
// hook that runs (its first tool event when none has).
func (v *dryRunView) firstPlannedEvent() hooks.Event {
	var first hooks.Event
	for _, e := range v.events {
		for _, h := range v.agent.Hooks() {
			if h.Event == e.Name && (h.Status == hooks.StatusRuns || h.Status == hooks.StatusBlockedUntrustedFolder) {
				return e.Name
			}
		}
		if first == "" && e.Context == agents.ContextTool {
			first = e.Name
		}
	}
	return first
}

// showTrust explains what the folder's trust means for a run, with "Run
// anyway" where the agent can run as if the folder were trusted.
func (v *dryRunView) showTrust() {
	n := v.agent.RunNotice()
	if n.AsTrusted {
		v.runAnyway.Show()
	} else {
		v.runAnyway.Hide()
	}
	if n.Folder == "" {
		v.trustBox.Hide()
		return
	}
	v.trustNote.SetText(n.Folder)
	v.trustBox.Show()
}

// onEventChanged shows the tool or value picker the event takes, lists
// the event's hooks and loads its sample input.
func (v *dryRunView) onEventChanged() {
	v.showContext(v.hasPlan)
	v.listHookChoices()
	v.loadSample()
}

// hasPlan reports whether the agent runs a hook for e with this tool or
// value.
func (v *dryRunView) hasPlan(e hooks.Event, tool, trigger string) bool {
	if v.agent == nil {
		return false
	}
	plan, err := v.agent.Plan(e, agents.Query{Tool: tool, Trigger: trigger})
	return err == nil && len(plan.Hooks) > 0
}

// onRunAnyway asks before running settings hooks the agent would not run
// here, as if the folder were trusted.
func (v *dryRunView) onRunAnyway() {
	if v.run != nil || v.project == nil {
		return
	}
	p := v.project
	var d *riskyConfirm
	msg := &widget.Label{Text: v.agent.RunNotice().Confirm, Wrapping: fyne.TextWrapWord}
	d = newRiskyConfirm("Run in an untrusted folder", "Run anyway", "Cancel", msg, func(ok bool) {
		if v.confirm != d || v.project != p {
			return // the view was reset meanwhile
		}
		v.confirm = nil
		if ok {
			v.prepare(true)
		}
	}, v.window)
	v.confirm = d
	d.show()
	d.Resize(fyne.NewSize(560, 0))
}

// updateRunButtons enables Run for a valid input while nothing runs, and
// Cancel while something does.
func (v *dryRunView) updateRunButtons() {
	_, err := parsePayload(v.payload.Text)
	v.runControl.update(v.run != nil, err == nil && v.project != nil)
	v.updateMCPButton()
}

// validatePayload checks the editor's text as it is typed (see
// payloadEditor.validate) and enables Run only for a JSON object.
func (v *dryRunView) validatePayload() {
	v.payloadEditor.validate()
	v.updateRunButtons()
}
