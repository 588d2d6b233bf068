package ui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/history"
	"github.com/hookwarden/hookwarden/hooks"
)

// maxRecordedShown bounds the recorded events the dialog lists.
const maxRecordedShown = 200

// recordedSource is what the "Recorded" dialog works on: the history,
// the project's recorded events (newest first) and the agent's observer.
type recordedSource struct {
	store    history.Store
	events   []history.Record
	recorder agents.Recorder
	observer agents.Observer
	env      agents.Env
}

// loadRecorded reads the history for p's agent and folder.
func loadRecorded(p *project) (*recordedSource, error) {
	dir, err := history.Dir(p.Env.Get, p.GOOS)
	if err != nil {
		return nil, err
	}
	s := &recordedSource{store: history.Store{Dir: dir}, env: p.env()}
	s.recorder, _ = p.agent.(agents.Recorder)
	s.observer = p.observer()
	recs, _ := s.store.List()
	for i := len(recs) - 1; i >= 0 && len(s.events) < maxRecordedShown; i-- {
		r := recs[i]
		if r.Agent != p.Agent {
			continue
		}
		if s.recorder != nil && r.IsJSON() {
			f := s.recorder.PayloadFacts(hooks.Event(r.Event), r.PayloadBytes())
			if r.Project == "" {
				r.Project = f.Project
			}
			if r.Tool == "" {
				r.Tool = f.Tool
			}
		}
		if r.Project == "" {
			r.Project = r.Cwd
		}
		if r.Project == p.Dir || r.Project == p.Requested {
			s.events = append(s.events, r)
		}
	}
	return s, nil
}

// recordedLabel is a recorded event in the list.
func recordedLabel(r history.Record) string {
	s := r.Time.Local().Format("2006-01-02 15:04:05") + "  " + r.Event
	if r.Tool != "" {
		s += " " + r.Tool
	}
	if r.Source == history.SourceImport {
		s += "  (rebuilt)"
	}
	return s
}

// whyFired says, for a recorded event, which hooks the agent's plan runs
// for its payload and why each other hook of the event does not: "why
// didn't it fire?" (agents.WhyNot), on the files as they are now.
func whyFired(proj agents.Project, rec agents.Recorder, obs agents.Observer, r history.Record) string {
	if rec == nil {
		return "Hookwarden cannot read this agent's recorded payloads."
	}
	if !r.IsJSON() {
		return "The recorded payload is not a JSON object; nothing can be planned for it."
	}
	ev := hooks.Event(r.Event)
	plan, err := proj.Plan(ev, rec.PayloadFacts(ev, r.PayloadBytes()).Query)
	if err != nil {
		return "No plan: " + err.Error()
	}
	var b strings.Builder
	var ran []string
	for _, h := range plan.Hooks {
		if !obs.Ours(h) {
			ran = append(ran, "  ✓ "+plan.Name(h)+"  ("+agents.OriginLabel(h)+")")
		}
	}
	if len(ran) == 0 {
		b.WriteString(plan.Label + ": none of your hooks runs.\n")
	} else {
		fmt.Fprintf(&b, "%s: runs %s\n%s\n", plan.Label, plan.Order, strings.Join(ran, "\n"))
	}
	for _, s := range agents.WhyNot(proj, plan) {
		if obs.Ours(s.Hook) {
			continue
		}
		name := s.ID
		if s.Hook != nil {
			name = plan.Name(s.Hook)
		}
		fmt.Fprintf(&b, "  ✗ %s: %s\n", name, s.Reason)
	}
	if len(r.Rebuilt) > 0 {
		b.WriteString("Rebuilt from the agent's log; inferred: " + strings.Join(r.Rebuilt, ", ") + "\n")
	}
	return b.String()
}

// showRecorded is the "Recorded" dialog: the Record switch (with the
// history's location and size, and Clear history), the project's recorded
// events, why each hook ran or did not for the one selected, and "Use
// this payload" to dry-run the hooks with it.
func (v *dryRunView) showRecorded() {
	p := v.project
	if p == nil || v.agent == nil {
		return
	}
	src, err := loadRecorded(p)
	if err != nil {
		showError(err, v.window)
		return
	}
	title := v.agentTitle()
	where := widget.NewLabel("")
	where.Wrapping = fyne.TextWrapWord
	showWhere := func() {
		size, _ := src.store.Size()
		where.SetText(fmt.Sprintf("History: %s (%s, never sent anywhere)", src.store.Dir, sizeText(size)))
	}
	showWhere()
	record := widget.NewCheck("Record "+title+"'s events", nil)
	if src.recorder == nil {
		record.Disable()
	} else if st, err := agents.RecordStatus(src.env, src.recorder, src.observer); err == nil {
		record.Checked = st.On()
	}
	record.OnChanged = func(on bool) {
		do := agents.RecordOff
		if on {
			do = agents.RecordOn
		}
		if _, err := do(src.env, p.Agent, src.recorder, src.observer); err != nil {
			showError(err, v.window)
		}
	}
	why := widget.NewLabel("Select an event to see which hooks ran for it, and why the others did not.")
	why.Wrapping = fyne.TextWrapWord
	selected := -1
	use := newButton("Use this payload", theme.MediaPlayIcon(), widget.HighImportance, nil)
	use.Disable()
	list := widget.NewList(func() int { return len(src.events) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(shown(recordedLabel(src.events[i])))
		})
	list.OnSelected = func(i widget.ListItemID) {
		selected = i
		why.SetText(shownBlock(whyFired(v.agent, src.recorder, src.observer, src.events[i])))
		use.Enable()
	}
	clear := newButton("Clear history", theme.DeleteIcon(), widget.DangerImportance, func() {
		dialog.ShowConfirm("Clear history", "Delete every recorded event in "+src.store.Dir+"?", func(ok bool) {
			if !ok {
				return
			}
			if err := src.store.Clear(); err != nil {
				showError(err, v.window)
			}
			src.events, selected = nil, -1
			list.Refresh()
			use.Disable()
			showWhere()
		}, v.window)
	})
	empty := ""
	if len(src.events) == 0 {
		empty = "No recorded event for this project yet: turn recording on and use " + title + " here, or run hookwarden history import."
	}
	head := container.NewVBox(container.NewBorder(nil, nil, record, clear), where)
	if empty != "" {
		note := widget.NewLabel(empty)
		note.Wrapping = fyne.TextWrapWord
		head.Add(note)
	}
	body := container.NewVSplit(list, container.NewVScroll(why))
	d := dialog.NewCustom("Recorded events", "Close", container.NewBorder(head, use, nil, nil, body), v.window)
	use.OnTapped = func() {
		if selected >= 0 && selected < len(src.events) {
			v.useRecorded(src.events[selected], src.recorder)
		}
		d.Hide()
	}
	d.Resize(fyne.NewSize(760, 560))
	showDialog(v.window, d, nil)
}

// useRecorded puts a recorded event into the editor: its event, its tool
// or matcher value, and its payload as recorded.
func (v *dryRunView) useRecorded(r history.Record, rec agents.Recorder) {
	if !slices.ContainsFunc(v.events, func(e agents.EventInfo) bool { return string(e.Name) == r.Event }) {
		v.status.SetText("The recorded event " + shown(r.Event) + " is not one of " + shown(v.agentTitle()) + "'s events.")
		return
	}
	v.event.SetSelected(r.Event)
	if rec != nil && r.IsJSON() {
		q := rec.PayloadFacts(hooks.Event(r.Event), r.PayloadBytes()).Query
		if q.Tool != "" {
			v.tool.SetText(q.Tool)
		} else if q.Trigger != "" {
			if slices.Contains(v.trigger.Options, q.Trigger) {
				v.trigger.SetSelected(q.Trigger)
			} else {
				v.tool.SetText(q.Trigger)
			}
		}
	}
	text := string(r.PayloadBytes())
	if pretty, err := indentJSON(r.PayloadBytes()); err == nil {
		text = pretty
	}
	v.payload.SetText(text)
	v.validatePayload()
	v.showPlanPreview()
	v.status.SetText("Hook input: the " + shown(r.Event) + " recorded " + r.Time.Local().Format("2006-01-02 15:04:05") + ".")
}

// sizeText is n in B, KiB or MiB.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
