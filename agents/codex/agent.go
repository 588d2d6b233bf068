package codex

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// version is the Codex CLI release whose behaviour this package models.
const version = "0.171.0"

// agent is Codex CLI behind the agent contract.
type agent struct {
	// SystemDir replaces /etc/codex (tests; "" reads /etc/codex).
	SystemDir string
}

// New returns Codex CLI's agent.
func New() agent { return agent{} }

// Info names Codex CLI.
func (agent) Info() agents.Info {
	return agents.Info{Facts: facts(), Name: string(Name), Title: "Codex CLI", Version: version, Types: []string{"command", "mcp_tool", "prompt", "agent"},
		Statuses: []hooks.Status{statusUntrusted, statusModified, statusProjectUntrusted, statusManagedOnly,
			statusUnsupported, statusSkipped, statusUnknownEvent, statusInvalidMatcher},
		Layers: map[settingsio.Layer]agents.LayerRole{layerSystem: agents.RoleAdmin, layerManaged: agents.RoleAdmin,
			layerUser: agents.RoleUser, layerProject: agents.RoleProject},
		Lacks: map[agents.Capability]string{
			agents.CapRepair: "Codex keeps its own trust (trusted_hash in config.toml): there is nothing of Hookwarden's to put back; approve the hooks again",
		}}
}
