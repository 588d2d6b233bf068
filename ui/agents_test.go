package ui

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/agents/gemini"
)

// testAgents are the registered agents, as main.go passes them in Options.
func testAgents() *agents.Registry { return all.Registry() }

// geminiBuilt makes p a Gemini CLI project of a registry a test built by
// hand, which the window can show.
func geminiBuilt(p *project, reg *gemini.Registry) *project {
	a, _ := testAgents().Get("gemini")
	p.setAgent(a)
	p.proj = gemini.ProjectOf(agents.Env{}, reg)
	return p
}

// geminiRegistry is the registry a Gemini CLI project merged.
func geminiRegistry(p *project) *gemini.Registry { return p.proj.(*gemini.Project).Registry() }

// geminiDetails is a Gemini CLI project for a details pane of hooks built
// by hand.
func geminiDetails() agents.Project {
	return gemini.ProjectOf(agents.Env{}, &gemini.Registry{Snapshot: &gemini.Project{}})
}

// agentNamed is the registered agent of a name.
func agentNamed(name string) agents.Agent {
	a, _ := testAgents().Get(name)
	return a
}
