package agents

import "context"

// FolderTruster is an agent's own trust of a project folder (Gemini's
// trustedFolders.json, Codex's [projects] trust_level, Claude Code's
// hasTrustDialogAccepted).
type FolderTruster interface {
	// SetFolderTrust writes level (one of FolderTrust.Levels) for the
	// project; Unsupported where the agent keeps it where Hookwarden does
	// not write.
	SetFolderTrust(ctx context.Context, level string) error
}

// FolderTrust is the agent's trust of the project folder.
type FolderTrust struct {
	// Supported is false when the agent has no folder trust (Reason says so).
	Supported bool `json:"supported"`
	// Trusted: the agent loads the project's hooks.
	Trusted bool `json:"trusted"`
	// State is the agent's own word ("trusted", "untrusted", "unset",
	// "TRUST_PARENT", …) and Source the file and rule that decided it.
	State  string `json:"state"`
	Source string `json:"source,omitempty"`
	// Reason is the effect in words ("project hooks do not load").
	Reason string `json:"reason,omitempty"`
	// Levels are what SetFolderTrust accepts; nil when it cannot be set.
	Levels []string `json:"levels,omitempty"`
}
