package ui

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/agents/gemini"
)

// testAgents are the registered agents, as main.go passes them in Options.
func testAgents() *agents.Registry { return all.Registry() }

// geminiBuilt makes p, whose Registry a test built by hand, a Gemini CLI
// project the window can show.
func geminiBuilt(p *project) *project {
	a, _ := testAgents().Get("gemini")
	p.setAgent(a)
	p.proj = gemini.ProjectOf(agents.Env{}, p.Registry)
	return p
}

// geminiDetails is a Gemini CLI project for a details pane of hooks built
// by hand.
func geminiDetails() agents.Project {
	return gemini.ProjectOf(agents.Env{}, &gemini.Registry{Snapshot: &gemini.Snapshot{}})
}

// agentNamed is the registered agent of a name.
func agentNamed(name string) agents.Agent {
	a, _ := testAgents().Get(name)
	return a
}
