package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
)

// dryRunView is the Dry run tab: pick an event (with its tool or trigger)
// or one hook, edit the hook input, run what Gemini CLI would run
// (hooks.Runner) and see each hook's result as it arrives and, in words,
// what Gemini would do with them (hooks.Explain).
//
// It never runs a hook the user did not ask for: workspace hooks that are
// not in trusted_hooks.json need a confirmation that lists them, and in an
// untrusted folder settings hooks run only after "Run anyway".
type dryRunView struct {
	window fyne.Window
	thread uiThread

	project *project
	// choices are the hooks offered by hookPick after its first entry
	// ("every hook Gemini plans").
	choices []*hooks.Hook

	event        *widget.Select
	contextLabel *widget.Label
	tool         *widget.SelectEntry
	trigger      *widget.Select
	hookPick     *widget.Select
	payload      *shortcutEntry
	payloadError *widget.Label
	resetButton  *widget.Button

	runButton    *widget.Button
	cancelButton *widget.Button
	progress     *widget.ProgressBarInfinite
	status       *widget.Label

	intro         *widget.RichText
	trustNote     *widget.Label
	runAnyway     *widget.Button
	trustBox      *fyne.Container
	verdict       *widget.Label
	verdictDetail *widget.Label
	// results holds the verdict and the cards; relayout lays it out again
	// when their texts change height.
	results  *fyne.Container
	warnings *fyne.Container
	cardBox  *fyne.Container
	cards    []*resultCard

	// run is the run in progress (nil when idle); runID tells a finished
	// run's late updates from the current one's.
	run   *dryRun
	runID int
	// confirm is the open question before a run (unapproved hooks, an
	// untrusted folder), closed when the view is reset.
	confirm dialog.Dialog
	// refreshing is set while a reload refreshes the pickers, which then
	// leave the status line alone.
	refreshing bool

	content fyne.CanvasObject
	tab     *container.TabItem

	// sandboxAll is the "Sandbox every hook" switch; prefs keep it
	// ("always sandbox dry runs"; nil in tests). realButton runs hooks
	// that need review for real, after the confirmation.
	sandboxAll *widget.Check
	prefs      fyne.Preferences
	realButton *widget.Button
	realNext   bool
	// sandboxOnce sandboxes every hook of the next run (Review's button).
	sandboxOnce bool
}

// allHooks is the first entry of the hook picker.
const allHooks = "Every hook Gemini would run"

// dryRun is one run in progress: cancel is nil while it is planned or
// waits for a confirmation; done closes when its hooks have all ended.
type dryRun struct {
	id     int
	cancel context.CancelFunc
	done   chan struct{}
}

func newDryRunView(w fyne.Window, thread uiThread) *dryRunView {
	v := &dryRunView{window: w, thread: thread,
		contextLabel:  key("Tool"),
		payloadError:  &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance},
		progress:      widget.NewProgressBarInfinite(),
		status:        &widget.Label{Wrapping: fyne.TextWrapWord},
		trustNote:     &widget.Label{Wrapping: fyne.TextWrapWord, Importance: widget.WarningImportance},
		verdict:       &widget.Label{Wrapping: fyne.TextWrapWord, TextStyle: fyne.TextStyle{Bold: true}},
		verdictDetail: &widget.Label{Wrapping: fyne.TextWrapWord},
		warnings:      container.NewVBox(),
		cardBox:       container.NewVBox(),
	}
	var events []string
	for _, e := range gemini.Events() {
		events = append(events, string(e))
	}
	v.event = widget.NewSelect(events, func(string) { v.onEventChanged() })
	v.tool = widget.NewSelectEntry(assets.PayloadTools())
	v.tool.OnChanged = func(string) { v.loadSample() }
	v.trigger = widget.NewSelect(nil, func(string) { v.loadSample() })
	v.hookPick = widget.NewSelect([]string{allHooks}, func(string) { v.showPlanPreview() })
	v.payload = newPayloadEntry()
	v.payload.OnChanged = func(string) { v.validatePayload() }
	v.resetButton = &widget.Button{Text: "Sample", Icon: theme.ViewRefreshIcon(), OnTapped: v.loadSample}
	v.runButton = &widget.Button{Text: "Run", Icon: theme.MediaPlayIcon(), Importance: widget.HighImportance, OnTapped: v.onRun}
	v.cancelButton = &widget.Button{Text: "Cancel", Icon: theme.MediaStopIcon(), OnTapped: v.onCancel}
	v.runAnyway = &widget.Button{Text: "Run anyway…", Icon: theme.WarningIcon(), OnTapped: v.onRunAnyway}
	v.progress.Hide()
	v.cancelButton.Disable()
	v.runButton.Disable()
	v.payloadError.Hide()
	v.verdictDetail.Hide()
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
	)
	payloadHead := container.NewBorder(nil, nil, key("Hook input (JSON)"), v.resetButton)
	v.sandboxAll = v.newSandboxSwitch()
	v.realButton = &widget.Button{Text: "Run for real…", Icon: theme.WarningIcon(), OnTapped: v.onRunForReal}
	v.realButton.Disable()
	runRow := container.NewBorder(nil, nil, nil, container.NewHBox(v.cancelButton, v.realButton, v.runButton), v.progress)
	runRow = container.NewVBox(v.sandboxAll, runRow)
	left := container.NewBorder(container.NewVBox(pickers, payloadHead), container.NewVBox(v.payloadError, runRow), nil, nil, v.payload)

	v.trustBox = container.NewVBox(withRightButton(v.trustNote, v.runAnyway), widget.NewSeparator())
	v.trustBox.Hide()
	v.intro = newNote(runIntro("the agent"), fyne.TextWrapWord)
	v.results = container.NewVBox(v.intro, v.trustBox, v.status, v.verdict, v.verdictDetail, v.warnings, v.cardBox)
	split := container.NewHSplit(left, container.NewVScroll(v.results))
	split.Offset = 0.42
	return split
}

// show switches the view to p (a freshly loaded project), keeping the
// chosen event when it can. A reload of the project and agent on screen
// keeps the input, the results and a run in progress (refreshInPlace);
// another project or agent cancels a run and starts afresh.
func (v *dryRunView) show(p *project) {
	if v.project != nil && sameProject(v.project, p) {
		v.refreshInPlace(p)
		return
	}
	cancelled := v.abandonRun()
	v.project = p
	v.clearResults()
	defer func() {
		if cancelled {
			v.status.SetText("Cancelled: another project or agent was opened; its hooks were stopped.")
		}
	}()
	setNote(v.intro, runIntro(p.Info.Title))
	v.showTrust()
	v.setEventOptions(p)
	if v.event.Selected == "" {
		first := hooks.BeforeTool
		if p.Claude != nil {
			first = firstClaudePlannedEvent(p.Claude)
		} else {
			first = firstPlannedEvent(p.Registry)
		}
		v.event.SetSelected(string(first))
	} else {
		v.onEventChanged()
	}
}

// setEventOptions offers the events of p's agent; a chosen event the agent
// does not have is dropped.
func (v *dryRunView) setEventOptions(p *project) {
	var events []string
	if p.Claude != nil {
		for _, e := range claude.Events() {
			events = append(events, string(e.Name))
		}
	} else {
		for _, e := range gemini.Events() {
			events = append(events, string(e))
		}
	}
	v.event.Options = events
	if !slices.Contains(events, v.event.Selected) {
		v.event.Selected = ""
	}
	v.event.Refresh()
}

// runIntro says what Run does, as agent would.
func runIntro(agent string) string {
	return "Run starts the hooks on this machine, in the project folder, with the hook input on stdin, " +
		"as " + agent + " would; nothing runs before you press it."
}

// firstPlannedEvent is the first event in Gemini's order that has a hook
// that runs (BeforeTool when none has).
func firstPlannedEvent(r *gemini.Registry) hooks.Event {
	for _, e := range gemini.Events() {
		for _, h := range r.Hooks {
			if h.Event == e && (h.Status == hooks.StatusRuns || h.Status == hooks.StatusBlockedUntrustedFolder) {
				return e
			}
		}
	}
	return hooks.BeforeTool
}

// showTrust explains what the folder's trust means for a run.
func (v *dryRunView) showTrust() {
	if v.project.Claude != nil {
		v.showClaudeTrust()
		return
	}
	v.runAnyway.Show()
	ft := v.project.Registry.Snapshot.FolderTrust
	if ft.Trusted() {
		v.trustBox.Hide()
		return
	}
	v.trustNote.SetText(fmt.Sprintf("This folder is %s (%s): Gemini CLI would run no settings hook here, only "+
		"extension hooks, and Run does the same. “Run anyway” runs the settings hooks as if the folder were trusted.",
		ft.State, ft.Reason))
	v.trustBox.Show()
}

// selectedEvent is the chosen event.
func (v *dryRunView) selectedEvent() hooks.Event { return hooks.Event(v.event.Selected) }

// onEventChanged shows the tool or trigger picker the event takes, lists
// the event's hooks and loads its sample input.
func (v *dryRunView) onEventChanged() {
	if v.project != nil && v.project.Claude != nil {
		v.onClaudeEventChanged()
		return
	}
	e := v.selectedEvent()
	v.tool.Hide()
	v.trigger.Hide()
	v.contextLabel.SetText("")
	switch gemini.MatcherKindOf(e) {
	case gemini.MatchToolName:
		v.contextLabel.SetText("Tool")
		v.tool.SetOptions(assets.PayloadTools())
		if !v.hasPlan(e, v.tool.Text, "") {
			v.tool.SetText(v.likelyContext(e, assets.PayloadTools(), func(s string) (string, string) { return s, "" }))
		}
		v.tool.Show()
	case gemini.MatchTrigger:
		v.contextLabel.SetText("Trigger")
		v.trigger.Options = gemini.Triggers(e)
		if !slices.Contains(v.trigger.Options, v.trigger.Selected) || !v.hasPlan(e, "", v.trigger.Selected) {
			v.trigger.Selected = v.likelyContext(e, v.trigger.Options, func(s string) (string, string) { return "", s })
		}
		v.trigger.Refresh()
		v.trigger.Show()
	}
	v.listHookChoices()
	v.loadSample()
}

// hasPlan reports whether Gemini CLI runs a hook for e with this tool or
// trigger.
func (v *dryRunView) hasPlan(e hooks.Event, tool, trigger string) bool {
	if v.project == nil {
		return false
	}
	pctx, err := gemini.ContextFor(e, tool, trigger)
	return err == nil && v.project.Registry.Plan(e, pctx) != nil
}

// likelyContext is the first of the options (tools or triggers) for which
// a hook runs, else the first option (write_file among the tools).
func (v *dryRunView) likelyContext(e hooks.Event, options []string, as func(string) (tool, trigger string)) string {
	if i := slices.Index(options, "write_file"); i > 0 {
		options = append([]string{"write_file"}, slices.Delete(slices.Clone(options), i, i+1)...)
	}
	for _, o := range options {
		if tool, trigger := as(o); v.hasPlan(e, tool, trigger) {
			return o
		}
	}
	if slices.Contains(options, "write_file") {
		return "write_file"
	}
	if len(options) > 0 {
		return options[0]
	}
	return ""
}

// listHookChoices offers every hook of the registry with the chosen event.
func (v *dryRunView) listHookChoices() {
	v.choices = nil
	options := []string{allHooks}
	if v.project != nil && v.project.Claude != nil {
		options[0] = allClaudeHooks
		v.choices, options = claudeHookChoices(v.project, v.selectedEvent(), options)
	} else if v.project != nil {
		names := pathNamer{project: v.project.Dir, home: v.project.Home}
		for _, h := range v.project.Registry.Hooks {
			if h.Event == v.selectedEvent() {
				v.choices = append(v.choices, h)
				options = append(options, fmt.Sprintf("%s  (%s, %s)", h.DisplayName(), names.name(h.Origin.File), h.Status))
			}
		}
	}
	v.hookPick.Options = options
	v.hookPick.SetSelectedIndex(0)
}

// pickedHook is the single hook chosen, or nil for the event's plan.
func (v *dryRunView) pickedHook() *hooks.Hook {
	i := v.hookPick.SelectedIndex()
	if i <= 0 || i > len(v.choices) {
		return nil
	}
	return v.choices[i-1]
}

// contextValues are the tool and trigger the chosen event takes.
func (v *dryRunView) contextValues() (tool, trigger string) {
	if v.project != nil && v.project.Claude != nil {
		return v.claudeContextValues()
	}
	switch gemini.MatcherKindOf(v.selectedEvent()) {
	case gemini.MatchToolName:
		return v.tool.Text, ""
	case gemini.MatchTrigger:
		return "", v.trigger.Selected
	}
	return "", ""
}

// showPlanPreview says which hooks Run would start.
func (v *dryRunView) showPlanPreview() {
	if v.project == nil || v.run != nil || v.refreshing {
		return
	}
	v.status.SetText(v.planPreview())
}

func (v *dryRunView) planPreview() string {
	if v.project.Claude != nil {
		return v.claudePlanPreview()
	}
	e := v.selectedEvent()
	if h := v.pickedHook(); h != nil {
		s := "Run starts " + h.DisplayName() + " alone."
		if h.Status != hooks.StatusRuns {
			s += " Gemini CLI would not run it: " + h.Reason
		}
		return s
	}
	tool, trigger := v.contextValues()
	pctx, err := gemini.ContextFor(e, tool, trigger)
	if err != nil {
		return err.Error()
	}
	label := string(e) + planContextLabel(pctx)
	plan := v.project.Registry.Plan(e, pctx)
	if plan == nil {
		return "Gemini CLI runs no hook for " + label + "."
	}
	var names []string
	for _, h := range plan.Hooks {
		names = append(names, h.DisplayName()+" ("+strings.ToLower(layerText(h.Origin.Layer))+")")
	}
	mode := "together"
	if plan.Sequential {
		mode = "one after another"
	}
	if len(names) == 1 {
		return "For " + label + " Gemini CLI runs " + names[0] + "."
	}
	return fmt.Sprintf("For %s Gemini CLI runs %d hooks %s: %s.", label, len(names), mode, strings.Join(names, ", "))
}

func (v *dryRunView) clearResults() {
	v.runID++
	v.cards = nil
	v.cardBox.RemoveAll()
	v.warnings.RemoveAll()
	v.verdict.SetText("")
	v.verdictDetail.SetText("")
	v.verdictDetail.Hide()
}
