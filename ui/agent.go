package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2/widget"
)

// newAgentSwitch is the header's choice between the registered agents,
// by title, in the registry's order.
func newAgentSwitch(opts Options, onChanged func(name string)) *widget.RadioGroup {
	var titles []string
	for _, a := range opts.Agents.All() {
		titles = append(titles, a.Info().Title)
	}
	r := &widget.RadioGroup{Options: titles, Selected: agentOf(opts).Info().Title, Horizontal: true, Required: true}
	r.OnChanged = func(title string) {
		if a, ok := opts.Agents.ByTitle(title); ok {
			onChanged(a.Info().Name)
		}
	}
	return r
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
		m.header.agent.SetSelected(a.Info().Title)
	}
}

// agentFor is the agent to show dir with: the one it had last in this
// session, else the one on the switch.
func (m *mainWindow) agentFor(dir string) string {
	if abs, err := filepath.Abs(dir); err == nil {
		if place, ok := m.places[abs]; ok && place.agent != "" {
			return place.agent
		}
	}
	return m.agent
}
