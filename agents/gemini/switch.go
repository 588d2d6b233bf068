package gemini

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Gemini CLI's switch is hooksConfig.disabled of the workspace or the
// user settings, matched by a hook's name (its command when it has none),
// as /hooks enable|disable|enable-all|disable-all write it (Toggler).

// switchScopes are the two files Gemini CLI writes, the default first.
var switchScopes = []string{string(settingsio.LayerWorkspace), string(settingsio.LayerUser)}

// toggler edits the disabled lists of the project's settings files; the
// switch journal in Hookwarden's folder lets an enable restore a file byte
// for byte.
func (p *Project) toggler() *toggler {
	t := &toggler{Snapshot: p, Registry: p.reg, Env: p.env.Vars}
	goos := p.env.GOOS
	if goos == "" {
		goos = runtime.GOOS
	}
	if dir, err := settingsio.HookwardenDir(p.env.Vars, goos); err == nil {
		t.Journal = &settingsio.EditJournal{Path: filepath.Join(dir, settingsio.JournalFileName)}
	}
	return t
}

// Switches are the workspace and user scopes and what the all-hooks
// switches write.
func (p *Project) Switches() agents.SwitchInfo {
	return agents.SwitchInfo{
		Scopes: switchScopes,
		EnableAll: "This empties hooksConfig.disabled in the workspace and the user settings. " +
			"Entries in the system settings stay: only their administrator can change them.",
		DisableAll: map[string]string{
			string(settingsio.LayerWorkspace): disableAllText(settingsio.LayerWorkspace),
			string(settingsio.LayerUser):      disableAllText(settingsio.LayerUser),
		},
	}
}

func disableAllText(scope settingsio.Layer) string {
	return fmt.Sprintf("This sets hooksConfig.disabled in the %s settings to the name of every hook, replacing the list that is there now. "+
		"Comments and the rest of the file are kept.", scope)
}

// SwitchOf reads a hook's switch from the merged disabled list: Gemini
// matches the hook's name, or its command when it has none. An entry in a
// system file locks it off.
func (p *Project) SwitchOf(h *hooks.Hook) agents.HookSwitch {
	if !h.IsHook() {
		return agents.HookSwitch{} // Gemini's hook switches do not reach it
	}
	return switchOf(h, p.reg)
}

func switchOf(h *hooks.Hook, reg *Registry) agents.HookSwitch {
	sw := agents.HookSwitch{Switchable: h.Status != hooks.StatusInvalid, Enabled: true}
	if !sw.Switchable {
		return sw
	}
	for _, e := range reg.Disabled {
		if e.Value != disableName(h) {
			continue
		}
		sw.Enabled = false
		var places []string
		for i, l := range e.Layers {
			if l == settingsio.LayerSystem || l == settingsio.LayerSystemDefaults {
				place := e.Files[i]
				if i < len(e.Lines) && e.Lines[i] > 0 {
					place += fmt.Sprintf(":%d", e.Lines[i])
				}
				places = append(places, fmt.Sprintf("%s settings %s", l, place))
			}
		}
		if len(places) > 0 {
			sw.Locked = "Locked: disabled by the " + strings.Join(places, " and the ") +
				", which only its administrator can change (Gemini CLI and Hookwarden only read it)"
		}
	}
	return sw
}

// Find returns the hooks Gemini CLI switches for name (trimmed, as Gemini
// trims the slash command's argument): every valid hook whose name, or
// command when it has none, is name. A name that only a disabled list
// names finds no hook and no error; one that matches nothing is an
// *UnknownHookError.
func (p *Project) Find(ref string) ([]*hooks.Hook, error) {
	name := strings.TrimSpace(ref)
	t := p.toggler()
	hs := t.matching(name)
	if err := t.checkKnown(name, hs); err != nil {
		return nil, err
	}
	return hs, nil
}

// Tracked says whether git tracks the workspace settings file, which a
// switch in the workspace scope edits.
func (p *Project) Tracked(ctx context.Context, scope string) *agents.Tracked {
	if scope != "" && scope != string(settingsio.LayerWorkspace) {
		return nil
	}
	tr := p.toggler().WorkspaceTracked(ctx)
	if tr.Path == "" {
		return nil
	}
	return &agents.Tracked{File: tr.Path, Tracked: tr.Tracked, Unknown: tr.Unknown,
		Note: tr.Path + " is tracked by git: a workspace disable changes a file you share. " + userScopeNote("")}
}

// Toggle is /hooks enable|disable NAME (one name at a time) or
// enable-all|disable-all, into scope (disable: the workspace by default;
// enable: both files unless a scope is named). A workspace disable is
// refused when git tracks the file, unless forced.
func (p *Project) Toggle(ctx context.Context, req agents.ToggleRequest) (*agents.ToggleResult, error) {
	for _, h := range req.Hooks {
		if !h.IsHook() {
			return nil, agents.NotSupported("toggle", hooks.CommandTitleOf(h)+" is not a hook: Gemini CLI's hook switches do not reach it")
		}
	}
	scope, err := parseScope(req.Scope)
	if err != nil {
		return nil, err
	}
	name := ""
	if !req.All {
		if name, err = toggleName(req); err != nil {
			return nil, err
		}
	}
	if !req.Enable && scope == "" {
		scope = settingsio.LayerWorkspace
	}
	res := &agents.ToggleResult{}
	t := p.toggler()
	if !req.Enable && scope == settingsio.LayerWorkspace && !req.ForceWorkspace {
		tr := t.WorkspaceTracked(ctx)
		switch {
		case tr.Tracked:
			return nil, &agents.TrackedError{File: tr.Path, Question: trackedMessage(tr.Path, name),
				Msg: trackedMessage(tr.Path, name) +
					"\nUse --scope user for that, or --force-workspace to edit the tracked file anyway (commit it, or 'hookwarden enable' puts it back byte for byte).",
				Instead: string(settingsio.LayerUser), InsteadLabel: "Disable in user settings"}
		case tr.Unknown != "":
			res.Warnings = append(res.Warnings, tr.Unknown)
		}
	}
	var status toggleStatus
	var message string
	var edits []fileEdit
	var locked []lock
	var notes []string
	b, changed, err := agents.BackedUp(p.writableFiles(), func() error {
		switch {
		case req.All && req.Enable:
			r, err := t.EnableAll()
			if err != nil {
				return err
			}
			status, message, edits, locked, notes = r.Status, r.Message, r.Edits, r.Locked, r.Notes
		case req.All:
			r, err := t.DisableAll(scope)
			if err != nil {
				return err
			}
			status, message, edits, locked, notes = r.Status, r.Message, r.Edits, r.Locked, r.Notes
		case req.Enable:
			var scopes []settingsio.Layer
			if scope != "" {
				scopes = append(scopes, scope)
			}
			r, err := t.Enable(name, scopes...)
			if err != nil {
				return err
			}
			status, message, edits, locked, notes = r.Status, r.Message, r.Edits, r.Locked, r.Notes
			if r.Status != toggleChanged && len(r.Locked) > 0 {
				message = "" // Gemini's "already enabled" would be wrong for a locked hook
			}
		default:
			r, err := t.Disable(name, scope)
			if err != nil {
				return err
			}
			status, message, edits, locked, notes = r.Status, r.Message, r.Edits, r.Locked, r.Notes
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	res.Backup, res.Files, res.Changed = b, changed, status == toggleChanged
	if message != "" {
		res.Report = append(res.Report, message)
	}
	res.Report = append(res.Report, editLines(edits)...)
	for _, l := range locked {
		res.Report = append(res.Report, "locked: "+l.String())
	}
	res.Notes = notes
	if req.Enable {
		res.Notes = append(res.Notes, p.trackedEditNotes(ctx, t, edits)...)
	}
	res.Message = toggleSummary(message, locked)
	if req.Enable && len(locked) > 0 {
		res.Incomplete = lockedText(locked)
	}
	return res, nil
}

// writableFiles are the settings files a switch may write.
func (p *Project) writableFiles() []string {
	var out []string
	for _, f := range []string{p.Paths.Workspace, p.Paths.User} {
		if f != "" {
			out = append(out, f)
		}
	}
	return out
}

// parseScope is a scope Gemini CLI writes ("" for the command's default).
func parseScope(s string) (settingsio.Layer, error) {
	switch settingsio.Layer(s) {
	case "", settingsio.LayerWorkspace, settingsio.LayerUser:
		return settingsio.Layer(s), nil
	}
	return "", &agents.InputError{Msg: fmt.Sprintf("--scope %q: use workspace or user (Gemini CLI never writes the system files)", s)}
}

// toggleName is the one name a switch of one hook takes: the name typed,
// or the name Gemini CLI matches the hook by.
func toggleName(req agents.ToggleRequest) (string, error) {
	names := req.Refs
	for _, h := range req.Hooks {
		names = append(names, disableName(h))
	}
	switch {
	case len(names) == 0:
		return "", &agents.InputError{Msg: "no hook name given (a hook's name, or its command when it has none)"}
	case len(names) > 1:
		return "", &agents.InputError{Msg: fmt.Sprintf("one hook name at a time (quote a command with spaces): got %q", names)}
	}
	name := strings.TrimSpace(names[0]) // Gemini trims the slash command's argument
	if name == "" {
		return "", &agents.InputError{Msg: "the hook name is empty"}
	}
	return name, nil
}

// editLines says each file change with its place.
func editLines(edits []fileEdit) []string {
	var out []string
	for _, e := range edits {
		switch {
		case e.Deleted:
			out = append(out, fmt.Sprintf("removed %s: Hookwarden had created it to disable hooks (%s settings)", e.Path, e.Layer))
			continue
		case e.Restored:
			out = append(out, fmt.Sprintf("restored %s byte for byte as it was before Hookwarden disabled hooks in it", e.Path))
			continue
		case e.Created:
			out = append(out, fmt.Sprintf("created %s (%s settings)", e.Path, e.Layer))
		}
		if e.JournalError != "" {
			out = append(out, fmt.Sprintf("note: enabling again may leave an empty hooksConfig.disabled in %s: %s", e.Path, e.JournalError))
		}
		for _, r := range e.Removed {
			out = append(out, fmt.Sprintf("%s:%d: removed %q from hooksConfig.disabled", e.Path, r.Line, r.Value))
		}
		for _, a := range e.Added {
			out = append(out, fmt.Sprintf("%s:%d: added %q to hooksConfig.disabled", e.Path, a.Line, a.Value))
		}
	}
	return out
}

// trackedEditNotes say when an enable changed a workspace file git tracks
// without putting it back as it was (the entry came with the repository,
// or the file changed since Hookwarden's disable): the change shows in git
// status.
func (p *Project) trackedEditNotes(ctx context.Context, t *toggler, edits []fileEdit) []string {
	var out []string
	for _, e := range edits {
		if e.Layer != settingsio.LayerWorkspace || e.Restored || e.Deleted {
			continue
		}
		if tr := t.WorkspaceTracked(ctx); tr.Tracked {
			out = append(out, fmt.Sprintf("%s is tracked by git: this change shows in git status (commit it, or 'git checkout -- %s' to undo it)", e.Path, posixQuote(e.Path)))
		}
	}
	return out
}

// toggleSummary is Gemini's feedback, then what keeps a hook disabled,
// for the views.
func toggleSummary(message string, locked []lock) string {
	var parts []string
	if message != "" {
		parts = append(parts, message)
	}
	for _, l := range locked {
		parts = append(parts, "Still disabled by "+l.String()+".")
	}
	return strings.Join(parts, " ")
}

// lockedText is why an enable that read-only files defeat did not take.
func lockedText(locks []lock) string {
	files := map[string]bool{}
	var names []string
	for _, l := range locks {
		if !files[l.File] {
			files[l.File] = true
			names = append(names, l.File)
		}
	}
	return fmt.Sprintf("still disabled by %s, which Gemini CLI only reads (ask its administrator)", strings.Join(names, " and "))
}

// posixQuote quotes s for a POSIX shell when it needs it.
func posixQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
