package agents

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Switch is an agent's per-hook on/off switch, written the way the agent
// reads it.
type Switch interface {
	// Find resolves what a user typed on the command line to hooks: an
	// ID, or the agent's own name of a hook (Gemini's name or command,
	// Claude's handler label, Codex's command or trust key). No match is
	// an error saying what was looked for. Finder does it from the
	// agent's ways of naming a hook.
	Find(ref string) ([]*hooks.Hook, error)
	// Toggle switches hooks on or off and says what it wrote. An error
	// before anything was written is an *InputError (the request names
	// nothing the agent can switch), a *TrackedError (the write would
	// change a file git tracks), an *Unsupported or another failure; one
	// after some writes comes with the result of those.
	Toggle(ctx context.Context, req ToggleRequest) (*ToggleResult, error)
	// Switches says how the agent's switch works: its scopes, whether
	// every hook can be switched at once, and a note for the views.
	Switches() SwitchInfo
	// SwitchOf is the switch of one hook of the project as the agent
	// reads it.
	SwitchOf(h *hooks.Hook) HookSwitch
}

// SwitchTracker is a Switch that can tell in advance whether a switch
// written to a scope changes a file git tracks (optional: an agent whose
// switches write only the user's files, Hookwarden's store, or a file
// that depends on the hook, has none; Toggle refuses a tracked write
// either way, with a *TrackedError).
type SwitchTracker interface {
	// Tracked says whether a switch written to scope ("" for the
	// default) would change a file git tracks, so that a view can say so
	// before the user flips a switch; nil when it cannot tell.
	Tracked(ctx context.Context, scope string) *Tracked
}

// TrackedOf is p's SwitchTracker answer for scope; nil when p has none.
func TrackedOf(ctx context.Context, p Project, scope string) *Tracked {
	if t, ok := p.(SwitchTracker); ok {
		return t.Tracked(ctx, scope)
	}
	return nil
}

// SwitchInfo is how an agent's switch works.
type SwitchInfo struct {
	// Scopes are the places a switch can be written, in the agent's words
	// ("workspace", "user"), the default first; nil when it has only one.
	Scopes []string `json:"scopes,omitempty"`
	// Note says how the switches work when they are not a setting the
	// agent reads ("" when they are).
	Note string `json:"note,omitempty"`
	// EnableAll and DisableAll say what switching every hook on, and off
	// into a scope, does, for a confirmation; "" when the agent cannot
	// switch every hook at once (AllReason says why).
	EnableAll  string            `json:"enable_all,omitempty"`
	DisableAll map[string]string `json:"disable_all,omitempty"`
	AllReason  string            `json:"all_reason,omitempty"`
}

// HookSwitch is the state of one hook's switch.
type HookSwitch struct {
	// Switchable is false for a hook that has nothing to switch (one the
	// agent drops as invalid).
	Switchable bool `json:"switchable"`
	// Enabled: the switch is on.
	Enabled bool `json:"enabled"`
	// Locked says why the switch cannot be flipped ("Locked: …"), "" if
	// it can.
	Locked string `json:"locked,omitempty"`
}

// ToggleRequest is one switch.
type ToggleRequest struct {
	// Hooks are the hooks to switch (from Find or Hooks); Refs are
	// references as the user typed them on the command line, which the
	// agent resolves as Find does (with its own rules: how many at a
	// time, what an enable without any does); All switches every hook
	// (Gemini's /hooks disable-all).
	Hooks []*hooks.Hook
	Refs  []string
	All   bool
	// Enable switches on; otherwise off.
	Enable bool
	// Scope is one of SwitchInfo.Scopes ("" for the agent's default).
	Scope string
	// ForceWorkspace writes a file git tracks (it shows in `git status`);
	// without it such a write is refused with *TrackedError.
	ForceWorkspace bool
}

// ToggleResult says what a switch did.
type ToggleResult struct {
	// Message is what the views say afterwards, in sentences.
	Message string `json:"message"`
	// Report is the same for the command line, one line each, in order
	// (the agent's own feedback, each file change and its place); empty,
	// the command line prints Message.
	Report []string `json:"report"`
	// Notes are further things to say about the switch (a folder that is
	// not trusted, a hook that still does not run), after Message and
	// Report.
	Notes []string `json:"notes,omitempty"`
	// Warnings are things the command line says on its error stream
	// without failing (git could not tell whether a file is tracked).
	Warnings []string `json:"warnings,omitempty"`
	// Files are the files written; Backup holds them as they were
	// before, so that the change can be undone (Restore), nil when
	// nothing was written.
	Files  []string           `json:"files"`
	Backup *settingsio.Backup `json:"-"`
	// Changed is false when nothing needed writing.
	Changed bool `json:"changed"`
	// Incomplete says why the switch did not take effect everywhere (a
	// read-only file keeps the hook off); the command line fails with it
	// after the report.
	Incomplete string `json:"incomplete,omitempty"`
}

// Tracked says whether a file a switch would write is tracked by git.
type Tracked struct {
	File    string `json:"file"`
	Tracked bool   `json:"tracked"`
	// Unknown says why git could not tell (Tracked is then false).
	Unknown string `json:"unknown,omitempty"`
	// Note says what that means for the switch, for the views.
	Note string `json:"note,omitempty"`
}

// TrackedError refuses a write to a file git tracks.
type TrackedError struct {
	File string
	// Msg is the refusal for the command line (with its flags);
	// Question the same for a view that asks before writing.
	Msg      string
	Question string
	// Instead is the scope that writes no tracked file ("" for none).
	Instead string
	// InsteadLabel is the view's button for it ("Disable in user settings").
	InsteadLabel string
}

func (e *TrackedError) Error() string { return e.Msg }

// InputError is a request that names nothing the agent can switch, or
// names it in a way it does not take (a command line mistake).
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// BackedUp backs up files, runs write and seals the backup: it returns
// the backup and the files write changed (a nil backup when it changed
// none). A backup that fails stops the write: a change that cannot be
// undone is not made.
func BackedUp(files []string, write func() error) (*settingsio.Backup, []string, error) {
	b, err := settingsio.BackUp(files...)
	if err != nil {
		return nil, nil, err
	}
	werr := write()
	changed, serr := b.Seal()
	if len(changed) == 0 {
		b = nil
	}
	if werr == nil {
		werr = serr
	}
	return b, changed, werr
}

// Targets are the hooks req names: its Hooks and what find makes of each
// of its Refs (a ref that names none is the request's error), or, with
// All, every hook all lists; none is the error of a request that names
// nothing.
func (req ToggleRequest) Targets(find func(ref string) ([]*hooks.Hook, error), all func() []*hooks.Hook, none string) ([]*hooks.Hook, error) {
	targets := append([]*hooks.Hook(nil), req.Hooks...)
	for _, ref := range req.Refs {
		found, err := find(ref)
		if err != nil {
			return nil, &InputError{Msg: err.Error()}
		}
		targets = append(targets, found...)
	}
	switch {
	case req.All:
		return all(), nil
	case len(targets) == 0:
		return nil, &InputError{Msg: none}
	}
	return targets, nil
}

// Finder is how an agent resolves what a user typed to hooks (Switch.Find),
// declared as data: the agent's ways of naming a hook.
type Finder struct {
	// Trim takes the spaces around the reference off first.
	Trim bool
	// Alone says the reference names h so that h alone is the answer (its
	// ID, a key unique to it); nil when no name is unique.
	Alone func(h *hooks.Hook, ref string) bool
	// Names says the reference names h among others (every hook it names
	// is found: a command, a name).
	Names func(h *hooks.Hook, ref string) bool
	// Miss is the *InputError when none is found, a format taking the
	// reference (%q) that says what was looked for.
	Miss string
}

// Find is the hooks of all that ref names: the first one it names alone,
// else every one it names; none is an *InputError.
func (f Finder) Find(all []*hooks.Hook, ref string) ([]*hooks.Hook, error) {
	if f.Trim {
		ref = strings.TrimSpace(ref)
	}
	var out []*hooks.Hook
	for _, h := range all {
		if f.Alone != nil && f.Alone(h, ref) {
			return []*hooks.Hook{h}, nil
		}
		if f.Names(h, ref) {
			out = append(out, h)
		}
	}
	if len(out) == 0 {
		return nil, &InputError{Msg: fmt.Sprintf(f.Miss, ref)}
	}
	return out, nil
}
