package ui

import (
	"context"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/all"
)

// Plumbing of the Dry run view until the session holds the project read
// through the agent contract (w-core): the view reads p again through the
// registry.

// agentRegistry is the agents Hookwarden knows.
func agentRegistry() *agents.Registry { return all.Registry() }

// openAgentProject reads p's folder as its agent does, in p's environment
// (never the real machine behind it).
func openAgentProject(p *project) (agents.Project, error) {
	reg := agentRegistry()
	a, ok := reg.Get(string(p.Agent))
	if !ok {
		a = reg.Default()
	}
	return a.Open(context.Background(), agents.Env{Vars: p.Env, GOOS: p.GOOS, Home: p.Home, Init: p.Init}, p.Dir)
}
