package claude

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Claude Code has no per-hook switch: off moves a handler out of its
// settings file into Hookwarden's store (Disable), on puts it back
// (Enable). Plugin and managed handlers cannot be moved.

// switchNote explains the switches of Claude Code handlers.
const switchNote = "Claude Code has no per-hook switch: switching a handler off moves it out of its settings file " +
	"into Hookwarden's store (comments and layout kept), switching it on puts it back where it was. " +
	"Plugin and managed handlers cannot be moved."

// Switches has no scopes (a handler is switched in the file it comes from)
// and no all-hooks switch.
func (p *project) Switches() agents.SwitchInfo {
	return agents.SwitchInfo{Note: switchNote, AllReason: "Claude Code keeps no list of disabled hooks to fill or empty: " +
		"switch its handlers one by one (hookwarden disable --agent claude HANDLER)"}
}

// SwitchOf is a handler's switch: off when Hookwarden moved it into its
// store, locked for plugin and managed handlers, none for a handler Claude
// Code rejects.
func (p *project) SwitchOf(h *hooks.Hook) agents.HookSwitch {
	if !h.IsHook() || inFrontmatter(h) {
		return agents.HookSwitch{} // Hookwarden switches only settings hooks
	}
	if _, off := disabledID(h); off {
		return agents.HookSwitch{Switchable: true}
	}
	sw := agents.HookSwitch{Switchable: h.Status != hooks.StatusInvalid, Enabled: h.Status != hooks.StatusDisabled}
	if lock := switchLock(h); lock != "" && sw.Switchable {
		sw.Locked = "Locked: " + lock
	}
	return sw
}

// Find picks handlers by a hook ID, a fingerprint (or a prefix of at
// least 8 characters), or a label (command with args, URL, MCP tool):
// every handler with that label.
func (p *project) Find(ref string) ([]*hooks.Hook, error) {
	hs, missing := selectHandlers(p.reg.Hooks, []string{ref})
	if len(missing) > 0 {
		return nil, &agents.InputError{Msg: fmt.Sprintf("no Claude Code handler %q", ref)}
	}
	return hs, nil
}

// Toggle moves handlers out of their files into Hookwarden's store, or
// puts disabled ones back; an enable that names none lists them.
func (p *project) Toggle(ctx context.Context, req agents.ToggleRequest) (*agents.ToggleResult, error) {
	switch {
	case req.All:
		return nil, agents.NotSupported("toggle", p.Switches().AllReason)
	case req.Scope != "":
		return nil, &agents.InputError{Msg: fmt.Sprintf("--scope %q: Claude Code's handlers are switched in the file they come from", req.Scope)}
	case req.Enable:
		return p.enable(req)
	}
	return p.disable(ctx, req)
}

// switchStore is the store disabled handlers live in, or why there is none.
func (p *project) switchStore() error {
	if p.store.Dir == "" {
		return errors.Join(errors.New("Hookwarden's store cannot be located"), p.storeErr)
	}
	return nil
}

// disable moves the handlers out of their files, one file edit at a time,
// last place first, so that earlier places stay valid. A file git tracks
// is refused unless forced.
func (p *project) disable(ctx context.Context, req agents.ToggleRequest) (*agents.ToggleResult, error) {
	hs := req.Hooks
	if len(req.Refs) > 0 {
		var missing []string
		hs, missing = selectHandlers(p.reg.Hooks, req.Refs)
		if len(missing) > 0 {
			return nil, &agents.InputError{Msg: fmt.Sprintf("no Claude Code handler %q", strings.Join(missing, `", "`))}
		}
	}
	if len(hs) == 0 {
		return nil, &agents.InputError{Msg: "name the handler: its command (with args), URL, id or fingerprint"}
	}
	for _, h := range hs {
		if !h.IsHook() {
			return nil, agents.NotSupported("disable", Label(h)+" is not a hook: Hookwarden switches only hooks; remove it from "+h.Origin.File+" or approve it")
		}
		if inFrontmatter(h) {
			return nil, agents.NotSupported("disable", "a hook of a skill's or subagent's frontmatter ("+h.Origin.File+") cannot be switched by Hookwarden; edit the file or approve it")
		}
	}
	res := &agents.ToggleResult{}
	if !req.ForceWorkspace {
		for _, h := range hs {
			tracked, err := settingsio.GitTracked(ctx, h.Origin.File, p.env.Vars)
			if err != nil {
				res.Warnings = append(res.Warnings, err.Error())
			}
			if tracked {
				q := fmt.Sprintf("%s is tracked by git: disabling %s moves it out of a file you share with the repository "+
					"(it shows in git status, and the next git pull that touches it stops on the local change).", h.Origin.File, Label(h))
				return nil, &agents.TrackedError{File: h.Origin.File, Question: q,
					Msg: q + " Use --force-workspace to edit it anyway ('hookwarden enable --agent claude' puts it back byte for byte)."}
			}
		}
	}
	if err := p.switchStore(); err != nil {
		return nil, err
	}
	files := []string{p.store.Path()}
	for _, h := range hs {
		files = append(files, h.Origin.File)
	}
	var messages []string
	b, changed, err := agents.BackedUp(files, func() error {
		q := p
		for i := len(hs) - 1; i >= 0; i-- {
			h := hs[i]
			if i < len(hs)-1 {
				again, err := agent{}.Open(ctx, p.env, p.ProjectDir)
				if err != nil {
					return err
				}
				q = again.(*project)
				if h = q.reg.Hook(h.ID); h == nil {
					return fmt.Errorf("%s moved while disabling; run the command again", hs[i].ID)
				}
			}
			rec, err := disable(h, q.ProjectDir, p.store, p.env.Clock())
			if err != nil {
				return err
			}
			res.Report = append(res.Report, fmt.Sprintf("disabled %s: moved out of %s (%s) into %s", rec.Label, rec.File, rec.Removed.Place, p.store.Path()),
				"  enable with: hookwarden enable --agent claude "+rec.ID)
			messages = append(messages, fmt.Sprintf("Disabled %s: moved out of %s (%s) into %s. Switch it on to put it back.",
				rec.Label, rec.File, rec.Removed.Place, p.store.Path()))
		}
		return nil
	})
	res.Backup, res.Files, res.Changed = b, changed, len(changed) > 0
	res.Message = strings.Join(messages, " ")
	return res, err
}

// enable puts handlers back (by record ID or label, latest disabled first:
// reverse order restores files byte for byte); with none named it lists
// the disabled handlers of the project.
func (p *project) enable(req agents.ToggleRequest) (*agents.ToggleResult, error) {
	if err := p.switchStore(); err != nil {
		return nil, err
	}
	data, err := p.store.Load()
	if err != nil {
		return nil, err
	}
	var files []string
	for _, f := range p.Settings {
		files = append(files, f.Path)
	}
	disabled := disabledIn(data, files...)
	res := &agents.ToggleResult{}
	if len(req.Refs) == 0 && len(req.Hooks) == 0 {
		if len(disabled) == 0 {
			res.Report = append(res.Report, "no disabled Claude Code handlers for this project")
		}
		for _, d := range disabled {
			res.Report = append(res.Report, fmt.Sprintf("%s  %s %s  %s (%s)", d.ID, d.Removed.Place.Event, matcherLabel(d.Removed.Matcher), d.Label, d.File))
		}
		res.Message = strings.Join(res.Report, "; ")
		return res, nil
	}
	var ids []string
	var messages []string
	for _, sel := range req.Refs {
		found := false
		for i := len(disabled) - 1; i >= 0; i-- {
			if d := disabled[i]; d.ID == sel || d.Label == sel {
				ids, found = append(ids, d.ID), true
			}
		}
		if !found {
			return nil, &agents.InputError{Msg: fmt.Sprintf("no disabled Claude Code handler %q (run 'hookwarden enable --agent claude' for the list)", sel)}
		}
	}
	for _, h := range req.Hooks {
		if id, ok := disabledID(h); ok {
			ids = append(ids, id)
		} else {
			messages = append(messages, Label(h)+" is in its file already.")
		}
	}
	backupFiles := []string{p.store.Path()}
	for _, d := range disabled {
		backupFiles = append(backupFiles, d.File)
	}
	b, changed, err := agents.BackedUp(backupFiles, func() error {
		for _, id := range ids {
			r, err := enable(id, p.store)
			if err != nil {
				return err
			}
			cli, view := "put back where it was (the file is as before)", "put back where it was; the file is as it was before"
			switch {
			case r.AlreadyThere:
				cli, view = "it was already in the file", "it was in the file already"
			case !r.Exact:
				at := r.Record.Removed.Place.String()
				cli, view = "put back at "+at+" (the file changed since, so as near its old place as possible)",
					"put back at "+at+", as near its old place as the file now allows"
			}
			res.Report = append(res.Report, fmt.Sprintf("enabled %s in %s: %s", r.Record.Label, r.Record.File, cli))
			messages = append(messages, fmt.Sprintf("Enabled %s in %s: %s.", r.Record.Label, r.Record.File, view))
		}
		return nil
	})
	res.Backup, res.Files, res.Changed = b, changed, len(changed) > 0
	res.Message = strings.Join(messages, " ")
	return res, err
}

var _ agents.UserHookSwitches = (*project)(nil)

// SwitchOffs are the project settings that switch off a user-level hook
// of Hookwarden's (agents.UserHookSwitches): a disableAllHooks true in
// .claude/settings.json or .claude/settings.local.json that is the value
// left after Claude Code's precedence (only managed hooks run then).
func (p *project) SwitchOffs(mine func(command string) bool) []agents.SwitchOff {
	n, f := p.Setting("disableAllHooks")
	if n == nil || f == nil || !p.reg.DisableAllHooks || (f.Layer != LayerProject && f.Layer != LayerLocal) {
		return nil
	}
	var out []agents.SwitchOff
	for _, h := range p.reg.Hooks {
		if !h.IsHook() || h.Origin.Layer != settingsio.LayerUser || h.Status != hooks.StatusHooksOff || !mine(h.Command) {
			continue
		}
		out = append(out, agents.SwitchOff{Command: h.Command, File: f.Path, Line: n.Pos.Line,
			Setting: "disableAllHooks is true, so Claude Code runs no hook of your own settings"})
	}
	return out
}

// claudeDisabledIDPrefix starts the ID of a handler DisabledHooks
// lists (the rest is its store record's ID).
const claudeDisabledIDPrefix = "hookwarden-disabled:"

// switchLock says why Disable cannot move a handler out of its
// file (the same words as its error), or "" when it can: a plugin handler
// comes back with every plugin update, and managed settings belong to the
// administrator.
func switchLock(h *hooks.Hook) string {
	switch h.Origin.Layer {
	case layerPlugin:
		return fmt.Sprintf("%s comes from plugin %s: Claude Code cannot switch off one plugin hook; disable the plugin (enabledPlugins) instead", claudeLabel(h), h.Origin.Extension)
	case layerManaged:
		return fmt.Sprintf("%s comes from managed settings (%s): only the administrator can change it", claudeLabel(h), h.Origin.File)
	}
	return ""
}

// disabledID returns the store record ID of a handler that
// DisabledHooks listed (what Enable takes); ok is false for a
// handler Claude Code reads from its file.
func disabledID(h *hooks.Hook) (id string, ok bool) {
	return strings.CutPrefix(h.ID, claudeDisabledIDPrefix)
}

// unapproved returns the handlers of planned that Hookwarden reviews
// (project, local and plugin ones) and that rep, the audit of the same
// handlers, does not show as trusted, or shows running code Hookwarden
// cannot see. A dry run runs them only after the
// user confirms. With no audit (nil rep) every reviewed handler counts as
// unapproved.
func unapproved(rep *agents.Review, planned []*hooks.Hook) []*hooks.Hook {
	trusted := map[string]bool{}
	if rep != nil {
		for _, h := range rep.Hooks {
			if h.Verified() {
				trusted[h.HookID] = true
			}
		}
	}
	var out []*hooks.Hook
	for _, h := range planned {
		if reviewed(h) && !trusted[h.ID] {
			out = append(out, h)
		}
	}
	return out
}

// scriptCheck is the spawn-time check (ScriptCheck) for the handlers
// rep shows verified: right before the runner starts one, its scripts must
// still be the ones the audit fingerprinted.
func scriptCheck(rep *agents.Review) func(*hooks.Hook) error {
	if rep == nil {
		return nil
	}
	reviews := map[string]trust.HookReview{}
	for _, h := range rep.Hooks {
		if h.Verified() {
			reviews[h.HookID] = h.HookReview
		}
	}
	return trust.ScriptCheck(rep.Project, reviews, func(h *hooks.Hook) string { return claudeScriptCommand(h, rep.Project) })
}
