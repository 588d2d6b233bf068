// Package all registers every agent Hookwarden knows, in one place: adding
// an agent is one package under agents/ and one line here.
package all

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/agents/codex"
	"github.com/hookwarden/hookwarden/agents/copilot"
	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/agents/qwen"
)

// Registry returns the agents in the order the faces show them; the first
// is the default of --agent and of the window.
func Registry() *agents.Registry {
	return agents.NewRegistry(
		gemini.New(),
		claude.New(),
		codex.New(),
		copilot.New(),
		qwen.New(),
	)
}
