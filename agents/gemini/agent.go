package gemini

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Name is Hook.Agent of a Gemini CLI hook (and Info().Name).
const Name hooks.Agent = "gemini"

// agent is Gemini CLI behind the agent contract.
type agent struct{}

// New returns Gemini CLI's agent.
func New() agent { return agent{} }

// Info names Gemini CLI.
func (agent) Info() agents.Info {
	return agents.Info{Facts: facts(), Name: string(Name), Title: "Gemini CLI", Version: "0.61.0",
		Layers: map[settingsio.Layer]agents.LayerRole{
			settingsio.LayerSystemDefaults: agents.RoleDefaults, settingsio.LayerUser: agents.RoleUser,
			settingsio.LayerWorkspace: agents.RoleProject, settingsio.LayerSystem: agents.RoleAdmin,
			settingsio.LayerExtension: agents.RoleAddOn,
		},
		Lacks: map[agents.Capability]string{
			agents.CapCarryOver: "Gemini CLI keys a hook's trust by its name and command, not by its place: " +
				"a hook that was only moved keeps its approval, and there is nothing to carry over",
		}}
}
