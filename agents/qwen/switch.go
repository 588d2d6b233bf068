package qwen

import (
	"context"
	"fmt"
	"slices"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Qwen Code has no per-hook switch (observed: "enabled": false on a hook,
// a hooks.disabled list and Gemini CLI's hooksConfig.disabled are all
// ignored; the /hooks browser is read-only). Its one switch is
// disableAllHooks, read from every scope by precedence (system-defaults <
// user < project < system), so Hookwarden switches every hook at once,
// in the user's settings or the project's.

const switchNote = "Qwen Code has no per-hook switch (\"enabled\": false and hooks.disabled are ignored): " +
	"Hookwarden switches every hook at once with disableAllHooks in your user settings (~/.qwen/settings.json) " +
	"or in the project's .qwen/settings.json. To stop one hook, remove it from its file. " +
	"A project's \"disableAllHooks\": false re-enables hooks your user settings switched off; a system setting beats both."

func (p *project) Switches() agents.SwitchInfo {
	return agents.SwitchInfo{Scopes: []string{"user", "project"}, Note: switchNote,
		EnableAll: "Hookwarden takes disableAllHooks out of the scope's settings file (or sets it to false where a lower scope says true).",
		DisableAll: map[string]string{
			"user":    "Hookwarden sets \"disableAllHooks\": true in ~/.qwen/settings.json: Qwen Code runs no hook in any folder (unless a project sets it false).",
			"project": "Hookwarden sets \"disableAllHooks\": true in this folder's .qwen/settings.json: Qwen Code runs no hook here.",
		}}
}

func (p *project) SwitchOf(h *hooks.Hook) agents.HookSwitch {
	c := handlerOf(h)
	if c == nil || !c.Valid() {
		return agents.HookSwitch{}
	}
	return agents.HookSwitch{Switchable: true, Enabled: p.snap.off == nil, Locked: "Locked: Qwen Code has no per-hook switch; switch all hooks with disableAllHooks"}
}

func (p *project) Tracked(ctx context.Context, scope string) *agents.Tracked {
	if scope != "project" {
		return &agents.Tracked{File: p.snap.byLayer(layerUser).Path}
	}
	t, err := &agents.Tracked{File: p.snap.byLayer(layerProject).Path}, error(nil)
	if t.Tracked, err = settingsio.GitTracked(ctx, t.File, p.env.Vars); err != nil {
		t.Unknown = err.Error()
	} else if t.Tracked {
		t.Note = "git tracks " + t.File + ": the switch shows in git status (Qwen Code itself also rewrites it when it lacks \"$version\")"
	}
	return t
}

// finder finds a hook by ID, name or command (every hook with it).
var finder = agents.Finder{Miss: "no Qwen Code hook %q (give its ID, name or command)", Names: func(h *hooks.Hook, ref string) bool {
	return h.ID == ref || handlerOf(h).Name == ref && ref != "" || title(h) == ref || h.Command == ref
}}

func (p *project) Find(ref string) ([]*hooks.Hook, error) { return finder.Find(p.snap.hooks, ref) }

// Toggle writes disableAllHooks to the scope; a single hook is refused
// with what to do instead.
func (p *project) Toggle(ctx context.Context, req agents.ToggleRequest) (*agents.ToggleResult, error) {
	if !req.All {
		return nil, agents.NotSupported("switch", "Qwen Code has no per-hook switch (\"enabled\": false and hooks.disabled are ignored): "+
			"switch every hook with hookwarden disable-all --agent qwen [--scope user|project] (disableAllHooks), or remove the hook from its file")
	}
	scope := req.Scope
	if scope == "" {
		scope = "user"
	}
	if scope != "user" && scope != "project" {
		return nil, &agents.InputError{Msg: fmt.Sprintf("Qwen Code switches hooks in scope user or project, not %q", scope)}
	}
	f := p.snap.byLayer(map[string]settingsio.Layer{"user": layerUser, "project": layerProject}[scope])
	if f.Path == "" {
		return nil, &agents.InputError{Msg: "this folder has no project settings file of its own: " + f.Ignored}
	}
	if f.Err != nil {
		return nil, fmt.Errorf("%s cannot be read, so Hookwarden does not write it: %s", f.Path, agents.PlaceOfError(f.Err))
	}
	if t := p.Tracked(ctx, scope); scope == "project" && !req.ForceWorkspace && t.Tracked {
		return nil, &agents.TrackedError{File: f.Path, Msg: "git tracks " + f.Path + ": pass --force-workspace to write it anyway, or switch in user scope",
			Question: "git tracks " + f.Path + ". Write the switch there anyway?", Instead: "user", InsteadLabel: "Switch in user settings"}
	}
	sw := claudeschema.Switch{Key: "disableAllHooks"}
	for _, g := range p.snap.files {
		var v *bool
		if g.disableAll != nil && g.Ignored == "" {
			v = &g.disableAll.Bool
		}
		sw.Files, sw.Values = append(sw.Files, g.Path), append(sw.Values, v)
	}
	written, backup, changed, shadow, err := sw.Set(ctx, slices.Index(p.snap.files, f), !req.Enable)
	res := &agents.ToggleResult{Files: changed, Backup: backup, Changed: len(changed) > 0}
	what := fmt.Sprintf("\"disableAllHooks\": %v", written)
	if written == nil {
		what = "disableAllHooks removed"
	}
	res.Message = fmt.Sprintf("Switched every Qwen Code hook %s in %s (%s).", map[bool]string{true: "on", false: "off"}[req.Enable], f.Path, what)
	res.Report = []string{res.Message}
	if shadow != "" {
		res.Notes = append(res.Notes, shadow+": Qwen Code still reads that value")
		res.Incomplete = shadow
	}
	return res, err
}
