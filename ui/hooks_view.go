package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// hooksView is the Hooks tab: every hook of the project, merged, grouped by
// event in the agent's event order (unknown event names last), with the
// problems of the settings files above them, a switch on each hook, and the
// details of the selected hook beside the list.
type hooksView struct {
	actions hooksActions

	scope      *widget.RadioGroup
	enableAll  *keyButton
	disableAll *keyButton
	status     *widget.Label
	// tracked says that the workspace settings file is tracked by git.
	tracked *widget.RichText
	// scopeBar holds the scope and the all-hooks buttons (an agent whose
	// switches have scopes); switchNote says how the switches work instead.
	scopeBar   *fyne.Container
	switchNote *widget.RichText
	// toast says which files the last switch wrote, with Undo.
	toast *toast

	content  *fyne.Container
	scroll   *container.Scroll
	split    *container.Split
	details  *detailsPane
	problems *fileProblems
	groups   []*eventGroup

	names pathNamer
	// selectedID is the ID of the hook in the details pane ("" for none).
	selectedID string
	// busy is set while a settings write runs: the switches stay off,
	// also on rows a reload rebuilds meanwhile.
	busy bool
}

// hooksActions are what the Hooks tab's controls ask the window to do.
type hooksActions struct {
	toggled    func(h *hooks.Hook, enabled bool)
	enableAll  func()
	disableAll func()
	openFile   openFileFunc
	openDemo   func()
	// openStartFolder opens the review of a start folder below the top
	// (startFoldersNotice).
	openStartFolder func(dir string)
}

// eventGroup is the hooks of one event.
type eventGroup struct {
	event    hooks.Event
	title    *widget.Label
	subtitle *widget.RichText
	rows     []*hookRow
}

func newHooksView(act hooksActions) *hooksView {
	v := &hooksView{actions: act, content: container.NewVBox(), details: newDetailsPane(act.openFile)}
	v.scroll = container.NewVScroll(v.content)
	v.scope = &widget.RadioGroup{Horizontal: true, Required: true}
	v.enableAll = newButton("Enable all…", theme.ConfirmIcon(), widget.MediumImportance, act.enableAll)
	v.disableAll = newButton("Disable all…", theme.CancelIcon(), widget.MediumImportance, act.disableAll)
	v.status = &widget.Label{Wrapping: fyne.TextWrapWord}
	v.toast = newToast()
	v.status.Hide()
	v.tracked = newNote("", fyne.TextWrapWord)
	v.tracked.Hide()
	v.switchNote = newNote("", fyne.TextWrapWord)
	v.switchNote.Hide()
	return v
}

func (v *hooksView) buildUI() fyne.CanvasObject {
	v.scopeBar = container.NewBorder(nil, nil,
		container.NewHBox(widget.NewLabel("Disable in the"), v.scope),
		container.NewHBox(v.enableAll, v.disableAll))
	top := container.NewVBox(v.scopeBar, v.tracked, v.switchNote, v.status, v.toast.buildUI())
	v.split = container.NewHSplit(v.scroll, v.details.buildUI())
	v.split.Offset = 0.6
	return container.NewBorder(top, nil, nil, nil, v.split)
}

// setBusy disables the switches while a write runs.
func (v *hooksView) setBusy(busy bool) {
	v.busy = busy
	v.applyBusy()
}

// applyBusy enables or disables the switches and the all-hooks buttons as
// busy says (a locked switch stays disabled).
func (v *hooksView) applyBusy() {
	busy := v.busy
	for _, w := range []fyne.Disableable{v.enableAll, v.disableAll, v.scope} {
		if busy {
			w.Disable()
		} else {
			w.Enable()
		}
	}
	for _, g := range v.groups {
		for _, r := range g.rows {
			if r.toggle == nil || r.lock != nil {
				continue
			}
			if busy {
				r.toggle.Disable()
			} else {
				r.toggle.Enable()
			}
		}
	}
}

// setStatus shows the outcome of the last write ("" hides it).
func (v *hooksView) setStatus(text string, importance widget.Importance) {
	v.status.Importance = importance
	v.status.SetText(shown(text))
	if text == "" {
		v.status.Hide()
	} else {
		v.status.Show()
	}
}

// showLoading replaces the content with a progress message.
func (v *hooksView) showLoading(what string) {
	v.problems, v.groups = nil, nil
	v.details.show(nil, v.names)
	v.content.Objects = []fyne.CanvasObject{
		&widget.Label{Text: what, Alignment: fyne.TextAlignCenter},
		widget.NewProgressBarInfinite(),
	}
	v.content.Refresh()
}

// show lays out the hooks of p, scrolls the list to offset and selects the
// hook with ID selected if it is still there (a reload passes the current
// view's place, a switch of project the place it had in that project).
func (v *hooksView) show(p *project, selected string, offset fyne.Position) {
	v.names = pathNamer{project: p.Dir, home: p.Home}
	v.problems = newFileProblems(p, v.names)
	act := rowActions{selected: v.selectHook, toggled: v.actions.toggled, reviewOf: reviewsOf(p), observer: p.observer(), riskAgents: p.riskAgents(), reach: p.Reach}
	v.details.proj, v.details.observer, v.details.riskAgents, v.details.reviewOf = p.proj, act.observer, act.riskAgents, act.reviewOf
	v.groups = groupByEvent(p, switchFor(p, v.names), v.names, act)
	v.showSwitches(p.switches())

	var objs []fyne.CanvasObject
	unreadable := p.proj.Unreadable()
	for _, e := range unreadable {
		objs = append(objs, unreadableNotice(e, v.names))
	}
	if ui := v.problems.buildUI(); ui != nil {
		objs = append(objs, ui, widget.NewSeparator())
	}
	if n := startFoldersNotice(p, v.names, v.actions.openStartFolder); n != nil {
		objs = append(objs, n, widget.NewSeparator())
	}
	if len(v.groups) == 0 && len(unreadable) == 0 {
		objs = append(objs, v.emptyState(p)...)
	}
	for i, g := range v.groups {
		if i > 0 {
			objs = append(objs, spacer())
		}
		objs = append(objs, g.buildUI())
	}
	v.content.Objects = objs
	v.wireKeyboard()
	v.applyBusy()
	v.content.Refresh()
	v.scroll.Refresh()
	v.scroll.ScrollToOffset(offset)
	v.selectID(selected)
}

// selectHook shows h in the details pane and highlights its row.
func (v *hooksView) selectHook(h *hooks.Hook) { v.selectID(h.ID) }

func (v *hooksView) selectID(id string) {
	var found *hooks.Hook
	for _, g := range v.groups {
		for _, r := range g.rows {
			on := id != "" && r.hook.ID == id
			r.selectable.SetSelected(on)
			if on {
				found = r.hook
			}
		}
	}
	if found == nil {
		id = ""
	}
	v.selectedID = id
	v.details.show(found, v.names)
}

// rows returns every row in display order.
func (v *hooksView) rows() []*hookRow {
	var out []*hookRow
	for _, g := range v.groups {
		out = append(out, g.rows...)
	}
	return out
}

// groupByEvent groups the hooks of p by event: the agent's events in its
// order, then unknown event names in the order they were first seen.
// Within a group hooks keep the agent's order (the order it merges them
// in); sw gives each its switch.
func groupByEvent(p *project, sw func(*hooks.Hook) hookSwitch, names pathNamer, act rowActions) []*eventGroup {
	events := p.agent.Events()
	order := make([]hooks.Event, 0, len(events))
	for _, e := range events {
		order = append(order, e.Name)
	}
	byEvent := map[hooks.Event][]*hooks.Hook{}
	for _, h := range p.proj.Hooks() {
		if _, seen := byEvent[h.Event]; !seen {
			if _, known := agents.LookupEvent(events, h.Event); !known {
				order = append(order, h.Event)
			}
		}
		byEvent[h.Event] = append(byEvent[h.Event], h)
	}
	var groups []*eventGroup
	for _, e := range order {
		if hs := byEvent[e]; len(hs) > 0 {
			subtitle := eventSubtitle(p, events, e)
			if k := hs[0].Kind; k != hooks.KindHook {
				subtitle = fmt.Sprintf("not hooks: %ss %s runs from these files; each says when it runs and whether %s asks first", k.Title(), p.Info.Title, p.Info.Title)
			}
			groups = append(groups, newEventGroup(e, subtitle, hs, p.proj, sw, names, act))
		}
	}
	return groups
}

// eventSubtitle describes an event group: when the agent fires the event,
// what its matcher is compared with and what else the agent says about it.
func eventSubtitle(p *project, events []agents.EventInfo, e hooks.Event) string {
	info, ok := agents.LookupEvent(events, e)
	if !ok {
		s := "not a " + p.Info.Title + " event: these hooks never run"
		if sg, ok := p.agent.(agents.EventSuggester); ok {
			if sug := sg.SuggestEvent(string(e)); sug != "" {
				s += " (did you mean " + string(sug) + "?)"
			}
		}
		return s
	}
	s := info.Description
	switch info.Context {
	case agents.ContextTool, agents.ContextTrigger:
		s += " · matcher: " + info.ContextLabel
	case agents.ContextNone:
		s += " · matchers are ignored"
	}
	for _, n := range info.Notes {
		s += " · " + n
	}
	return s
}

// newEventGroup is the group of event e: its title, the subtitle that
// describes the event, and a row per hook with the switch sw gives it.
func newEventGroup(e hooks.Event, subtitle string, hs []*hooks.Hook, proj agents.Project, sw func(*hooks.Hook) hookSwitch, names pathNamer, act rowActions) *eventGroup {
	title := string(e) + "  ·  " + plural(len(hs), "hook")
	if k := hs[0].Kind; k != hooks.KindHook {
		// an MCP server, a helper command: named as what it is
		title = plural(len(hs), k.Title())
	}
	if e == "" {
		title = "(empty event name)  ·  " + plural(len(hs), "hook")
	}
	g := &eventGroup{
		event:    e,
		title:    &widget.Label{Text: shown(title), TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText},
		subtitle: newNote(shown(subtitle), fyne.TextWrapWord),
	}
	for _, h := range hs {
		g.rows = append(g.rows, newHookRow(h, proj, sw(h), names, act))
	}
	return g
}

func (g *eventGroup) buildUI() fyne.CanvasObject {
	objs := []fyne.CanvasObject{g.title, g.subtitle}
	for _, r := range g.rows {
		objs = append(objs, widget.NewSeparator(), r.buildUI())
	}
	return container.NewVBox(objs...)
}

// spacer is a fixed gap between groups.
func spacer() fyne.CanvasObject {
	s := widget.NewLabel("")
	s.SizeName = theme.SizeNameCaptionText
	return s
}

// place is where the list is scrolled to and which hook is selected.
func (v *hooksView) place() (selected string, offset fyne.Position) {
	return v.selectedID, v.scroll.Offset
}

// showError replaces the content with an error message.
func (v *hooksView) showError(err error) {
	v.problems, v.groups = nil, nil
	v.content.Objects = []fyne.CanvasObject{
		&widget.Label{Text: "Could not open the project: " + shown(err.Error()), Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance},
	}
	v.content.Refresh()
}

// wireKeyboard makes the switches work from the keyboard on screen only:
// a switch that gets the focus scrolls its row into view and selects it,
// Up and Down move to the neighbouring switch, and Space on a switch that
// is not on screen does nothing.
func (v *hooksView) wireKeyboard() {
	var toggles []*hookRow
	for _, r := range v.rows() {
		if r.toggle != nil {
			toggles = append(toggles, r)
		}
	}
	for i, r := range toggles {
		r.toggle.onFocus = func() {
			scrollIntoView(v.scroll, r.selectable)
			v.selectID(r.hook.ID)
		}
		r.toggle.onScreen = func() bool { return onScreenIn(v.scroll, r.toggle) }
		r.toggle.onArrow = func(up bool) {
			j := i + 1
			if up {
				j = i - 1
			}
			if j < 0 || j >= len(toggles) {
				return
			}
			if c := fyne.CurrentApp().Driver().CanvasForObject(r.toggle); c != nil {
				c.Focus(toggles[j].toggle)
			}
		}
	}
}

// emptyState says that the folder has no hooks for the agent, with every
// file that was looked at, and offers the demo.
func (v *hooksView) emptyState(p *project) []fyne.CanvasObject {
	title := &widget.Label{Text: "No hooks for " + p.Info.Title + " in this folder.",
		TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText, Wrapping: fyne.TextWrapWord}
	objs := []fyne.CanvasObject{title, newNote("Hookwarden looked at these files:", fyne.TextWrapWord)}
	for _, f := range p.Files {
		if f.Condition == fileAbsent {
			continue
		}
		text, _, icon := fileStatusText(f)
		path := &widget.Label{Text: shown(fileTitle(f, v.names)), TextStyle: fyne.TextStyle{Monospace: true}, Wrapping: fyne.TextWrapBreak}
		objs = append(objs, container.NewBorder(nil, nil, container.NewHBox(indent(), widget.NewIcon(icon),
			newBadge(strings.ToUpper(f.Kind), layerColor(p.Info, f.Layer))), nil,
			container.NewVBox(path, newNote(shown(text), fyne.TextWrapWord))))
	}
	if v.actions.openDemo != nil {
		demo := newButton("Open the demo", theme.MediaPlayIcon(), widget.MediumImportance, v.actions.openDemo)
		objs = append(objs, newNote("The demo is a temporary project with hooks of every kind; it never touches your files.",
			fyne.TextWrapWord), container.NewHBox(demo))
	}
	return objs
}

// unreadableNotice stands where the hooks of a file that cannot be read
// would be: the file, line and column, and what that means.
func unreadableNotice(e settingsio.FileError, names pathNamer) fyne.CanvasObject {
	where := names.place(e.Path, e.Line, e.Column)
	what := string(e.Layer) + " settings"
	if e.Source != "" {
		what = string(e.Layer) + " " + shown(e.Source)
	}
	msg := &widget.Label{Text: shown(fmt.Sprintf("%s: %s", where, e.Message)), TextStyle: fyne.TextStyle{Monospace: true},
		Wrapping: fyne.TextWrapBreak, Importance: widget.DangerImportance}
	note := &widget.Label{Text: fmt.Sprintf("The hooks of this file (%s) cannot be read: none of them is shown here, "+
		"and the review counts the file as needing review until it is fixed.", what), Wrapping: fyne.TextWrapWord}
	return container.NewBorder(nil, nil, container.NewVBox(widget.NewIcon(theme.NewErrorThemedResource(theme.ErrorIcon()))), nil,
		container.NewVBox(msg, note))
}

// showIf shows o when show is true and hides it otherwise.
func showIf(o fyne.CanvasObject, show bool) {
	if show {
		o.Show()
	} else {
		o.Hide()
	}
}
