package agents

import (
	"context"

	"github.com/hookwarden/hookwarden/hooks"
)

// Switch is an agent's per-hook on/off switch, written the way the agent
// reads it.
type Switch interface {
	// Find resolves what a user typed on the command line to hooks: an
	// ID, or the agent's own name of a hook (Gemini's name or command,
	// Claude's handler label, Codex's command or trust key). No match is
	// an error saying what was looked for.
	Find(ref string) ([]*hooks.Hook, error)
	// Toggle switches hooks on or off and says what it wrote.
	Toggle(ctx context.Context, req ToggleRequest) (*ToggleResult, error)
	// Scopes are the places a switch can be written, in the agent's words
	// ("workspace", "user"); nil when it has only one.
	Scopes() []string
}

// ToggleRequest is one switch.
type ToggleRequest struct {
	// Hooks are the hooks to switch (from Find or Hooks); All switches
	// every hook (Gemini's /hooks disable-all).
	Hooks []*hooks.Hook
	All   bool
	// Enable switches on; otherwise off.
	Enable bool
	// Scope is one of Scopes ("" for the agent's default).
	Scope string
	// ForceWorkspace writes a file git tracks (it shows in `git status`);
	// without it such a write is refused with *TrackedError.
	ForceWorkspace bool
}

// ToggleResult says what a switch did.
type ToggleResult struct {
	// Message is one line for the user ("disabled lint in .gemini/settings.json").
	Message string `json:"message"`
	// Files are the files written; Backups lets the change be undone
	// (paths of the saved previous contents, by file).
	Files   []string          `json:"files"`
	Backups map[string]string `json:"backups,omitempty"`
	// Changed is false when nothing needed writing.
	Changed bool `json:"changed"`
	// Notes are further things to say (a user-scope switch shadowed by the
	// workspace).
	Notes []string `json:"notes,omitempty"`
}

// TrackedError refuses a write to a file git tracks.
type TrackedError struct {
	File string
	Msg  string
}

func (e *TrackedError) Error() string { return e.Msg }
