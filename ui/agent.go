package ui

import (
	"path/filepath"

	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
)

// The agents' names, as the agent switch and the texts say them.
const (
	geminiName = "Gemini CLI"
	claudeName = "Claude Code"
)

// agentName is the name of an agent.
func agentName(a hooks.Agent) string {
	if a == claude.Name {
		return claudeName
	}
	return geminiName
}

// agentNamed is the agent of a name on the switch.
func agentNamed(name string) hooks.Agent {
	if name == claudeName {
		return claude.Name
	}
	return hooks.AgentGemini
}

// agentOrGemini is name, or Gemini CLI for "".
func agentOrGemini(name string) string {
	if name == "" {
		return geminiName
	}
	return name
}

// newAgentSwitch is the header's choice between the agents.
func newAgentSwitch(onChanged func(hooks.Agent)) *widget.RadioGroup {
	r := &widget.RadioGroup{Options: []string{geminiName, claudeName}, Selected: geminiName, Horizontal: true, Required: true}
	r.OnChanged = func(name string) { onChanged(agentNamed(name)) }
	return r
}

// onAgentChanged shows the project on screen for the agent picked on the
// switch; every tab follows. The choice is remembered for the project.
func (m *mainWindow) onAgentChanged(a hooks.Agent) {
	m.agent = a
	if m.current == nil || m.current.Agent == a || m.openButton.Disabled() {
		return
	}
	if m.current.Demo != nil {
		m.switchDemoAgent(a)
		return
	}
	m.openAs(m.current.Requested, a)
}

// switchDemoAgent is the switch while the demo stands in for a folder that
// had no hooks: the folder itself when it has hooks for agent a, else the
// same demo copy (it has hooks of both agents) for a.
func (m *mainWindow) switchDemoAgent(a hooks.Agent) {
	m.savePlace()
	demo := m.current
	opts := m.opts
	opts.Agent = a
	m.startLoading(demo.Requested)
	m.thread.Go(func() {
		p := loadFolder(opts, demo.Requested)
		if !p.hasContent() {
			p = demo.withAgent(a)
		}
		m.thread.Do(func() { m.show(p, nil) })
	})
}

// selectAgent moves the switch to a, as a click on it would.
func (m *mainWindow) selectAgent(a hooks.Agent) { m.header.agent.SetSelected(agentName(a)) }

// agentFor is the agent to show dir with: the one it had last in this
// session, else the one on the switch.
func (m *mainWindow) agentFor(dir string) hooks.Agent {
	if abs, err := filepath.Abs(dir); err == nil {
		if place, ok := m.places[abs]; ok && place.agent != "" {
			return place.agent
		}
	}
	return m.agent
}
