package ui

import (
	"fmt"
	"path/filepath"
	"slices"

	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
)

// agentSwitch is the header's choice between the registered agents, in
// the registry's order: a drop-down (it fits a narrow window) whose
// entries say what each agent finds in the folder on screen ("Gemini CLI
// · 2 need review").
type agentSwitch struct {
	*widget.Select
	// titles and names are the agents' titles and names, labels the
	// entries shown for them, in order.
	titles, names, labels []string
	// relabelling is set while the entries are renamed (no change of
	// agent).
	relabelling bool
}

// newAgentSwitch is the agent switch; onChanged gets the name of the agent
// the user picks.
func newAgentSwitch(opts Options, onChanged func(name string)) *agentSwitch {
	s := &agentSwitch{}
	for _, a := range opts.Agents.All() {
		s.titles = append(s.titles, a.Info().Title)
		s.names = append(s.names, a.Info().Name)
	}
	s.labels = slices.Clone(s.titles)
	s.Select = widget.NewSelect(slices.Clone(s.labels), func(label string) {
		if i := slices.Index(s.labels, label); i >= 0 && !s.relabelling {
			onChanged(s.names[i])
		}
	})
	s.Selected = agentOf(opts).Info().Title
	s.PlaceHolder = slices.MaxFunc(s.labels, func(a, b string) int { return len(a) - len(b) })
	return s
}

// setCounts names each agent's count in its entry; nil shows the titles.
func (s *agentSwitch) setCounts(counts []agents.FolderCount) {
	title := s.selectedTitle()
	labels := slices.Clone(s.titles)
	for _, c := range counts {
		if i := slices.Index(s.names, c.Agent.Name); i >= 0 {
			labels[i] = agentLabel(s.titles[i], c)
		}
	}
	s.relabelling = true
	s.labels = labels
	s.Options = slices.Clone(labels)
	// The drop-down is as wide as its place holder: the longest entry,
	// so that the count of the agent on it is not cut off.
	s.PlaceHolder = slices.MaxFunc(labels, func(a, b string) int { return len(a) - len(b) })
	s.selectTitle(title)
	s.relabelling = false
	s.Refresh()
}

// agentLabel is an agent's entry on the switch.
func agentLabel(title string, c agents.FolderCount) string {
	switch {
	case c.NeedReview == 1:
		return title + " · 1 needs review"
	case c.NeedReview > 1:
		return fmt.Sprintf("%s · %d need review", title, c.NeedReview)
	case c.Hooks > 0:
		return title + " · " + plural(c.Hooks, "hook")
	}
	return title
}

// selectTitle moves the switch to the agent of a title, as a pick would.
func (s *agentSwitch) selectTitle(title string) {
	if i := slices.Index(s.titles, title); i >= 0 {
		s.SetSelected(s.labels[i])
	}
}

// selectedTitle is the title of the agent on the switch.
func (s *agentSwitch) selectedTitle() string {
	if i := slices.Index(s.labels, s.Selected); i >= 0 {
		return s.titles[i]
	}
	return ""
}

// onAgentChanged shows the project on screen for the agent picked on the
// switch; every tab follows. The choice is remembered for the project.
func (m *mainWindow) onAgentChanged(name string) {
	m.agent = name
	if m.current == nil || m.current.Agent == name || m.openButton.Disabled() {
		return
	}
	if m.current.Demo != nil {
		m.switchDemoAgent(name)
		return
	}
	m.openAs(m.current.Requested, name)
}

// switchDemoAgent is the switch while the demo stands in for a folder that
// had no hooks: the folder itself when it has hooks for the agent, else
// the same demo copy (it has hooks of every agent) for it.
func (m *mainWindow) switchDemoAgent(name string) {
	m.savePlace()
	demo := m.current
	opts := m.opts
	opts.Agent = name
	m.startLoading(demo.Requested)
	m.thread.Go(func() {
		p := loadFolder(opts, demo.Requested)
		if !p.hasContent() {
			p = demo.withAgent(agentOf(opts))
		}
		m.thread.Do(func() { m.show(p, nil) })
	})
}

// selectAgent moves the switch to the agent of a name, as a click on it
// would.
func (m *mainWindow) selectAgent(name string) {
	if a, ok := m.opts.Agents.Get(name); ok {
		m.header.agent.selectTitle(a.Info().Title)
	}
}

// agentShown is the agent dir was shown with last in this session ("" for
// a folder not shown yet).
func (m *mainWindow) agentShown(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		if place, ok := m.places[abs]; ok {
			return place.agent
		}
	}
	return ""
}
