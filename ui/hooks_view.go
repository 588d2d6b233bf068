package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/hooks"
)

// hooksView is the Hooks tab: every hook of the project, merged, grouped by
// event in Gemini CLI's event order (unknown event names last), with the
// problems of the settings files above them.
type hooksView struct {
	content  *fyne.Container
	scroll   *container.Scroll
	problems *fileProblems
	groups   []*eventGroup
}

// eventGroup is the hooks of one event.
type eventGroup struct {
	event    hooks.Event
	title    *widget.Label
	subtitle *widget.RichText
	rows     []*hookRow
}

func newHooksView() *hooksView {
	v := &hooksView{content: container.NewVBox()}
	v.scroll = container.NewVScroll(v.content)
	return v
}

func (v *hooksView) buildUI() fyne.CanvasObject { return v.scroll }

// showLoading replaces the content with a progress message.
func (v *hooksView) showLoading(what string) {
	v.problems, v.groups = nil, nil
	v.content.Objects = []fyne.CanvasObject{
		&widget.Label{Text: what, Alignment: fyne.TextAlignCenter},
		widget.NewProgressBarInfinite(),
	}
	v.content.Refresh()
}

// show lays out the hooks of p.
func (v *hooksView) show(p *project) {
	names := pathNamer{project: p.Dir, home: p.Home}
	v.problems = newFileProblems(p, names)
	v.groups = groupByEvent(p.Registry.Hooks, names)

	var objs []fyne.CanvasObject
	if ui := v.problems.buildUI(); ui != nil {
		objs = append(objs, ui, widget.NewSeparator())
	}
	if len(v.groups) == 0 {
		objs = append(objs, &widget.Label{Text: "No hooks configured for this project.", Alignment: fyne.TextAlignCenter})
	}
	for i, g := range v.groups {
		if i > 0 {
			objs = append(objs, spacer())
		}
		objs = append(objs, g.buildUI())
	}
	v.content.Objects = objs
	v.content.Refresh()
	v.scroll.ScrollToTop()
}

// groupByEvent groups hooks by event: the 11 events in Gemini CLI's order,
// then unknown event names in the order they were first seen. Within a group
// hooks keep the registry order, which is the order Gemini merges them in.
func groupByEvent(hs []*hooks.Hook, names pathNamer) []*eventGroup {
	byEvent := map[hooks.Event][]*hooks.Hook{}
	var unknown []hooks.Event
	for _, h := range hs {
		if _, seen := byEvent[h.Event]; !seen && !h.Event.Valid() {
			unknown = append(unknown, h.Event)
		}
		byEvent[h.Event] = append(byEvent[h.Event], h)
	}
	var groups []*eventGroup
	for _, e := range append(append([]hooks.Event{}, hooks.Events...), unknown...) {
		if len(byEvent[e]) > 0 {
			groups = append(groups, newEventGroup(e, byEvent[e], names))
		}
	}
	return groups
}

func newEventGroup(e hooks.Event, hs []*hooks.Hook, names pathNamer) *eventGroup {
	title := string(e) + "  ·  " + plural(len(hs), "hook")
	if e == "" {
		title = "(empty event name)  ·  " + plural(len(hs), "hook")
	}
	g := &eventGroup{
		event:    e,
		title:    &widget.Label{Text: title, TextStyle: fyne.TextStyle{Bold: true}, SizeName: theme.SizeNameSubHeadingText},
		subtitle: newNote(eventSubtitle(e), fyne.TextWrapWord),
	}
	for _, h := range hs {
		g.rows = append(g.rows, newHookRow(h, names))
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

// showError replaces the content with an error message.
func (v *hooksView) showError(err error) {
	v.problems, v.groups = nil, nil
	v.content.Objects = []fyne.CanvasObject{
		&widget.Label{Text: "Could not open the project: " + err.Error(), Wrapping: fyne.TextWrapWord, Importance: widget.DangerImportance},
	}
	v.content.Refresh()
}
