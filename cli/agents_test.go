package cli

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/all"
)

// testAgents are the registered agents, as main.go passes them to IO.
func testAgents() *agents.Registry { return all.Registry() }
