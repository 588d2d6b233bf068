package agents

import (
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Tone is what a hook's status means for the user, as a view colours it.
type Tone string

// Tones.
const (
	// ToneNeutral: nothing to act on (disabled by the user, hooks off).
	ToneNeutral Tone = ""
	// ToneGood: the hook runs as configured.
	ToneGood Tone = "good"
	// ToneBad: the hook is broken and never runs.
	ToneBad Tone = "bad"
	// ToneWarn: the hook is configured but does not run as it reads (a
	// duplicate, an event that never fires).
	ToneWarn Tone = "warn"
	// ToneHeld: a trust or policy decision holds the hook back.
	ToneHeld Tone = "held"
)

// StatusTone is the tone of a status: the neutral statuses' own, else
// what the agent says of its own (ToneNeutral when it says nothing).
func StatusTone(info Info, s hooks.Status) Tone {
	switch s {
	case hooks.StatusRuns:
		return ToneGood
	case hooks.StatusInvalid:
		return ToneBad
	case hooks.StatusDuplicate:
		return ToneWarn
	case hooks.StatusBlockedUntrustedFolder:
		return ToneHeld
	}
	return info.Tones[s]
}

// LayerRole is who controls a settings layer.
type LayerRole string

// Layer roles.
const (
	// RoleNone: not a settings layer of the agent (a trust file, .env).
	RoleNone LayerRole = ""
	// RoleDefaults: the defaults an administrator ships under everything.
	RoleDefaults LayerRole = "defaults"
	// RoleUser: the user's own settings.
	RoleUser LayerRole = "user"
	// RoleProject: the project's shared settings (reviewed).
	RoleProject LayerRole = "project"
	// RoleLocal: the project's settings kept out of version control.
	RoleLocal LayerRole = "local"
	// RoleAdmin: the system's or administrator's settings.
	RoleAdmin LayerRole = "admin"
	// RoleAddOn: an extension's or plugin's hooks.
	RoleAddOn LayerRole = "add-on"
)

// LayerRole is who controls one of the agent's layers (RoleNone for a
// layer it does not name).
func (i Info) LayerRole(l settingsio.Layer) LayerRole { return i.Layers[l] }
