package gemini

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// toggler enables and disables hooks the way Gemini CLI 0.61's
// /hooks enable|disable|enable-all|disable-all persist it
// (packages/cli/src/utils/hookSettings.ts, hooksCommand.ts): by editing
// hooksConfig.disabled in the workspace and user settings files. Unlike
// Gemini, it edits the file as it is on disk right before the write (never
// a stale or empty in-memory copy, so an untrusted folder's workspace file
// is never clobbered) and keeps its comments and layout.
//
// The snapshot and registry are used to find hooks, to explain and to
// report; the decisions that depend on a file's list are taken on the
// file's current content. Load a new snapshot after a change.
type toggler struct {
	Snapshot *Project
	Registry *Registry
	// Env is the environment the snapshot was loaded with; disabled
	// entries are compared after Gemini's load-time expansion in it.
	Env settingsio.Env
	// Journal, when set, lets switching back restore a file byte for byte
	// (see settingsio.EditJournal); nil edits exactly as Gemini CLI does.
	Journal *settingsio.EditJournal
}

// newToggler returns a Toggler for a loaded project, with the switch
// journal in Hookwarden's folder (settingsio.HookwardenDir of env) when
// that can be located.
func newToggler(snap *Project, env settingsio.Env) *toggler {
	t := &toggler{Snapshot: snap, Registry: build(snap), Env: env}
	if dir, err := settingsio.HookwardenDir(env, runtime.GOOS); err == nil {
		t.Journal = &settingsio.EditJournal{Path: filepath.Join(dir, settingsio.JournalFileName)}
	}
	return t
}

// toggleStatus is Gemini's result status.
type toggleStatus string

// Toggle statuses.
const (
	toggleChanged toggleStatus = "success"
	toggleNoOp    toggleStatus = "no-op"
)

// scopeFile names a settings file by its layer.
type scopeFile struct {
	Layer settingsio.Layer `json:"layer"`
	Path  string           `json:"path"`
}

// toggleResult is what Disable or Enable did.
type toggleResult struct {
	Action string       `json:"action"` // "enable" or "disable"
	Name   string       `json:"name"`
	Status toggleStatus `json:"status"`
	// Edits are the files written.
	Edits []fileEdit `json:"edits"`
	// AlreadyInState are writable files that already were as wanted
	// (Gemini's alreadyInStateScopes).
	AlreadyInState []scopeFile `json:"already_in_state"`
	// Locked lists entries of read-only files (system, system-defaults)
	// that keep the hook disabled whatever Hookwarden writes.
	Locked []lock `json:"locked"`
	// Hooks are the hooks the name matches (none when it was only listed).
	Hooks []*hooks.Hook `json:"-"`
	// Notes are facts that change what the edit means (an untrusted
	// folder, hooks switched off).
	Notes []string `json:"notes"`
	// Message is Gemini CLI's feedback for the same command.
	Message string `json:"message"`
}

// Disable adds name (a hook's name, or its command when it has none — what
// Gemini matches) to hooksConfig.disabled of the workspace settings file
// (Gemini's choice) or the user file (scope LayerUser). It is a no-op when
// that file already lists it. A name that matches no hook and is listed
// nowhere is an *UnknownHookError.
func (t *toggler) Disable(name string, scope settingsio.Layer) (*toggleResult, error) {
	target, err := t.writableFile(scope)
	if err != nil {
		return nil, err
	}
	res := &toggleResult{Action: "disable", Name: name, Hooks: t.matching(name)}
	if err := t.checkKnown(name, res.Hooks); err != nil {
		return nil, err
	}
	edit, err := t.editList(scope, target.Path, true, appendIfMissing(name))
	if err != nil {
		return nil, err
	}
	if edit == nil {
		res.Status = toggleNoOp
		res.AlreadyInState = []scopeFile{{scope, target.Path}}
	} else {
		res.Status = toggleChanged
		res.Edits = []fileEdit{*edit}
		if other := t.otherScope(scope); other != nil && len(listedIn(other, name)) > 0 {
			res.AlreadyInState = []scopeFile{{other.Layer, other.Path}}
		}
	}
	res.Notes = t.notes(scope, name)
	res.Message = geminiFeedback(res.Action, name, res.Status, res.Edits, res.AlreadyInState)
	return res, nil
}

// Enable removes name from hooksConfig.disabled of the workspace and user
// settings files (or only of the given scopes), everywhere it is listed.
// Entries in the system and system-defaults files, which Gemini CLI never
// writes, are reported as Locked: the hook stays disabled.
func (t *toggler) Enable(name string, scopes ...settingsio.Layer) (*toggleResult, error) {
	if len(scopes) == 0 {
		scopes = []settingsio.Layer{settingsio.LayerWorkspace, settingsio.LayerUser}
	}
	res := &toggleResult{Action: "enable", Name: name, Hooks: t.matching(name)}
	if err := t.checkKnown(name, res.Hooks); err != nil {
		return nil, err
	}
	for _, scope := range []settingsio.Layer{settingsio.LayerWorkspace, settingsio.LayerUser} {
		if !slices.Contains(scopes, scope) {
			continue
		}
		f, err := t.writableFile(scope)
		if err != nil {
			if len(scopes) == 1 {
				return nil, err
			}
			continue // the workspace of the home folder: Gemini reads no such file
		}
		edit, err := t.editList(scope, f.Path, false, removeMatching(name))
		if err != nil {
			return nil, err
		}
		if edit != nil {
			res.Edits = append(res.Edits, *edit)
		} else {
			res.AlreadyInState = append(res.AlreadyInState, scopeFile{scope, f.Path})
		}
	}
	res.Status = toggleNoOp
	if len(res.Edits) > 0 {
		res.Status = toggleChanged
	}
	res.Locked = t.locks(name)
	res.Notes = t.notes("", name)
	res.Message = geminiFeedback(res.Action, name, res.Status, res.Edits, res.AlreadyInState)
	return res, nil
}

// appendIfMissing adds name unless the list has it.
func appendIfMissing(name string) listEdit {
	return func(list *settingsio.Node, expand func(string) string) settingsio.ListChange {
		if list != nil {
			for _, it := range list.Items {
				if it.Is(settingsio.String) && expand(it.Raw) == name {
					return settingsio.ListChange{}
				}
			}
		}
		return settingsio.ListChange{Append: []string{name}}
	}
}

// removeMatching removes every entry equal to name (Gemini's filter).
func removeMatching(name string) listEdit {
	return func(list *settingsio.Node, expand func(string) string) settingsio.ListChange {
		var c settingsio.ListChange
		if list != nil {
			for i, it := range list.Items {
				if it.Is(settingsio.String) && expand(it.Raw) == name {
					c.Remove = append(c.Remove, i)
				}
			}
		}
		return c
	}
}

// unknownHookError is a name that matches no hook and no disabled entry.
type unknownHookError struct {
	Name string
	// CommandOf are named hooks whose command is Name: Gemini matches those
	// by name only.
	CommandOf []*hooks.Hook
}

func (e *unknownHookError) Error() string {
	if len(e.CommandOf) > 0 {
		h := e.CommandOf[0]
		return fmt.Sprintf("no hook is named %q: it is the command of the hook named %q (%s:%d), and Gemini CLI matches a named hook only by its name; use %q",
			e.Name, h.Name, h.Origin.File, h.Origin.Line, h.Name)
	}
	return fmt.Sprintf("no hook has the name or command %q, and no hooksConfig.disabled lists it (Gemini CLI matches a hook by its name, or by its command when it has no name; `hookwarden list` shows them)", e.Name)
}

// checkKnown accepts a name that matches a hook or is listed somewhere.
func (t *toggler) checkKnown(name string, matches []*hooks.Hook) error {
	if name == "" {
		return fmt.Errorf("no hook name given")
	}
	if len(matches) > 0 {
		return nil
	}
	for _, f := range t.Snapshot.Settings {
		if len(listedIn(f, name)) > 0 {
			return nil
		}
	}
	e := &unknownHookError{Name: name}
	for _, h := range t.Registry.Hooks {
		if h.Status != hooks.StatusInvalid && h.Name != "" && h.Command == name {
			e.CommandOf = append(e.CommandOf, h)
		}
	}
	return e
}

// matching returns the hooks Gemini would toggle for name (setHookEnabled:
// every entry whose name || command equals it).
func (t *toggler) matching(name string) []*hooks.Hook {
	var out []*hooks.Hook
	for _, h := range t.Registry.Hooks {
		if h.Status != hooks.StatusInvalid && disableName(h) == name {
			out = append(out, h)
		}
	}
	return out
}
