package ui

import (
	"slices"
	"strings"

	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// eventPicker is the Dry run tab's event and context picker: the agent's
// events (agents.Agent.Events), and for the chosen one the tool name (a
// free entry with the known tools suggested), a matcher value of a closed
// set, or a free matcher value, as the event takes.
type eventPicker struct {
	events       []agents.EventInfo
	event        *widget.Select
	contextLabel *widget.Label
	tool         *widget.SelectEntry
	trigger      *widget.Select
}

// newEventPicker calls changed when the event changes and contextChanged
// when its tool or value does.
func newEventPicker(changed, contextChanged func()) *eventPicker {
	p := &eventPicker{contextLabel: key("Tool")}
	p.event = widget.NewSelect(nil, func(string) { changed() })
	p.tool = widget.NewSelectEntry(nil)
	p.tool.OnChanged = func(string) { contextChanged() }
	p.trigger = widget.NewSelect(nil, func(string) { contextChanged() })
	return p
}

// setEvents offers events; a chosen event they do not have is dropped.
func (p *eventPicker) setEvents(events []agents.EventInfo) {
	p.events = events
	var names []string
	for _, e := range events {
		names = append(names, string(e.Name))
	}
	p.event.Options = names
	if !slices.Contains(names, p.event.Selected) {
		p.event.Selected = ""
	}
	p.event.Refresh()
}

// selectedEvent is the chosen event.
func (p *eventPicker) selectedEvent() hooks.Event { return hooks.Event(p.event.Selected) }

// eventInfo is the chosen event's description.
func (p *eventPicker) eventInfo() agents.EventInfo {
	info, _ := agents.LookupEvent(p.events, p.selectedEvent())
	return info
}

// values are the known values of the chosen event's context; a tool
// event without samples of its own offers the first tool event's.
func (p *eventPicker) values(info agents.EventInfo) []string {
	if len(info.Values) > 0 || info.Context != agents.ContextTool {
		return info.Values
	}
	for _, e := range p.events {
		if e.Context == agents.ContextTool && len(e.Values) > 0 {
			return e.Values
		}
	}
	return nil
}

// showContext shows the picker the chosen event takes, keeping a value
// for which a hook runs (hasPlan) and else picking the first that has one.
func (p *eventPicker) showContext(hasPlan func(e hooks.Event, tool, trigger string) bool) {
	info := p.eventInfo()
	values := p.values(info)
	p.tool.Hide()
	p.trigger.Hide()
	p.contextLabel.SetText("")
	switch {
	case info.Context == agents.ContextTool:
		p.contextLabel.SetText("Tool")
		p.tool.SetOptions(values)
		if !slices.Contains(values, p.tool.Text) || !hasPlan(info.Name, p.tool.Text, "") {
			p.tool.SetText(likelyValue(values, func(s string) bool { return hasPlan(info.Name, s, "") }))
		}
		p.tool.Show()
	case info.Context == agents.ContextNone:
	case len(values) > 0:
		p.contextLabel.SetText(contextCaption(info))
		p.trigger.Options = values
		if !slices.Contains(values, p.trigger.Selected) || !hasPlan(info.Name, "", p.trigger.Selected) {
			p.trigger.Selected = likelyValue(values, func(s string) bool { return hasPlan(info.Name, "", s) })
		}
		p.trigger.Refresh()
		p.trigger.Show()
	default:
		p.contextLabel.SetText(contextCaption(info))
		p.tool.SetOptions(nil)
		p.tool.SetText("")
		p.tool.Show()
	}
}

// contextCaption names a matcher value in the agent's words ("Source").
func contextCaption(info agents.EventInfo) string {
	if info.ContextLabel == "" {
		return "Matcher value"
	}
	return strings.ToUpper(info.ContextLabel[:1]) + info.ContextLabel[1:]
}

// likelyValue is the first option for which a hook runs, else the first.
func likelyValue(options []string, runs func(string) bool) string {
	for _, o := range options {
		if runs(o) {
			return o
		}
	}
	if len(options) > 0 {
		return options[0]
	}
	return ""
}

// contextValues are the tool and the matcher value the chosen event
// takes.
func (p *eventPicker) contextValues() (tool, trigger string) {
	info := p.eventInfo()
	switch {
	case info.Context == agents.ContextTool:
		return strings.TrimSpace(p.tool.Text), ""
	case info.Context == agents.ContextNone:
		return "", ""
	case len(p.values(info)) > 0:
		return "", p.trigger.Selected
	}
	return "", strings.TrimSpace(p.tool.Text)
}
