package agents

import (
	"context"

	"github.com/hookwarden/hookwarden/settingsio"
)

// FolderTrustReader is a Project whose agent has a trust of the project
// folder of its own (Gemini's trustedFolders.json, Codex's [projects]
// trust_level, Claude Code's hasTrustDialogAccepted), which Hookwarden
// shows (optional: without one, Summary().FolderTrust says why).
type FolderTrustReader interface {
	// FolderTrustDetails are the decision about the folder in rows
	// (project, state, the rule that decided, why, the file), for the
	// command line; the error is a trust file the agent refuses to start
	// with.
	FolderTrustDetails() ([]Field, error)
}

// FolderTruster is a FolderTrustReader whose decision Hookwarden records
// as the agent's own trust dialog does (optional: an agent that keeps it
// where Hookwarden does not write says why in Info.Lacks[CapFolderTrust]).
type FolderTruster interface {
	FolderTrustReader
	// SetFolderTrust writes level (one of FolderTrust.Levels) for the
	// project.
	SetFolderTrust(ctx context.Context, level string) (*FolderTrustResult, error)
}

// FolderTrustResult says what SetFolderTrust wrote.
type FolderTrustResult struct {
	// Message is one line ("recorded TRUST_FOLDER for /p in …").
	Message string `json:"message"`
	// Files are the files written; Backup holds them as they were (nil
	// when nothing changed).
	Files  []string           `json:"files"`
	Backup *settingsio.Backup `json:"-"`
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
