package claude

import (
	"slices"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Name is Hook.Agent of a Claude Code handler.
const Name hooks.Agent = "claude"

// Is reports whether h is a Claude Code handler.
func Is(h *hooks.Hook) bool { return h.Agent == Name }

// agent is Claude Code behind the agent contract.
type agent struct{}

// New returns Claude Code's agent.
func New() agent { return agent{} }

// Info names Claude Code.
func (agent) Info() agents.Info {
	return agents.Info{Facts: facts(), Name: "claude", Title: "Claude Code", Types: slices.Clone(handlerTypes),
		Statuses: []hooks.Status{statusBlockedByPolicy, StatusNeverRuns, statusOverridden},
		Tones: map[hooks.Status]agents.Tone{statusBlockedByPolicy: agents.ToneHeld, StatusNeverRuns: agents.ToneWarn,
			statusOverridden: agents.ToneNeutral},
		Layers: map[settingsio.Layer]agents.LayerRole{
			layerManaged: agents.RoleAdmin, settingsio.LayerUser: agents.RoleUser, LayerProject: agents.RoleProject,
			LayerLocal: agents.RoleLocal, layerPlugin: agents.RoleAddOn, layerSkill: agents.RoleProject,
		},
		Lacks: map[agents.Capability]string{
			agents.CapFolderTrust: "Claude Code records its folder trust (hasTrustDialogAccepted in ~/.claude.json) " +
				"when its trust dialog is answered in an interactive session; Hookwarden only reads it",
			agents.CapRepair: "Claude Code has no trust file of its own to repair: its approvals are Hookwarden's",
			agents.CapCarryOver: "Claude Code has no trust key of its own, so Hookwarden carries no approval over to a moved handler: " +
				"approve it again where it is now (hookwarden untrust --gone drops the approval it left behind)",
		}}
}
