package copilot

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// switchNote says how Copilot's switch works.
const switchNote = "Copilot CLI reads a hook's switch from disabledHooks in ~/.copilot/settings.json: a list of the hooks' " +
	"keys, each a hash of the hook's event and definition, not of its file — so one key switches off every copy of the " +
	"same hook in every layer. Switching a hook off adds its key; switching it on removes it again, every other byte of " +
	"the file kept. disableAllHooks in a file is Copilot's own per-file switch (in a repository settings file it stops " +
	"every hook)."

// finder resolves a hook ID (that hook alone), Copilot's key (or 8+
// characters of it) or a command to hooks.
var finder = agents.Finder{Trim: true, Miss: "no Copilot CLI hook with the ID, key or command %q (see `hookwarden list --agent copilot`)",
	Alone: func(h *hooks.Hook, ref string) bool { return h.ID == ref },
	Names: func(h *hooks.Hook, ref string) bool {
		key := handlerOf(h).Key
		return key != "" && (key == ref || len(ref) >= 8 && strings.HasPrefix(key, ref)) || strings.TrimSpace(h.Command) == ref
	}}

// Find resolves what the user typed (finder) among the hooks.
func (p *project) Find(ref string) ([]*hooks.Hook, error) {
	all := make([]*hooks.Hook, len(p.Handlers))
	for i, h := range p.Handlers {
		all[i] = h.Hook
	}
	return finder.Find(all, ref)
}

// Switches has one scope (the user settings.json) and an all-hooks
// switch over every hook with a key.
func (p *project) Switches() agents.SwitchInfo {
	f := p.Paths.UserSettings
	return agents.SwitchInfo{Note: switchNote,
		EnableAll:  "This removes the key of every Copilot hook of this folder from disabledHooks in " + f + ".",
		DisableAll: map[string]string{"": "This adds the key of every Copilot hook of this folder to disabledHooks in " + f + "."}}
}

// SwitchOf is a hook's switch: on unless its key is in disabledHooks;
// locked off while its file sets disableAllHooks; none for a hook Copilot
// drops or whose key Hookwarden cannot compute.
func (p *project) SwitchOf(h *hooks.Hook) agents.HookSwitch {
	c := handlerOf(h)
	if c == nil || !c.Valid || c.Key == "" {
		return agents.HookSwitch{}
	}
	sw := agents.HookSwitch{Switchable: true, Enabled: !slices.Contains(p.DisabledKeys, c.Key)}
	switch {
	case c.File.DisableAll:
		sw.Locked = "Locked: disableAllHooks is true in " + c.File.Path
	case p.AllOff != "":
		sw.Locked = "Locked: disableAllHooks is true in " + p.AllOff + " (every hook is off)"
	}
	return sw
}

// Toggle adds the hooks' keys to disabledHooks of the user settings.json
// (off) or removes them (on), through settingsio's list patch: every other
// byte stays, the write is atomic and redone when another program
// changed the file in between.
func (p *project) Toggle(_ context.Context, req agents.ToggleRequest) (*agents.ToggleResult, error) {
	if req.Scope != "" && req.Scope != "user" {
		return nil, &agents.InputError{Msg: fmt.Sprintf("--scope %q: Copilot CLI reads hook switches (disabledHooks) from ~/.copilot/settings.json only", req.Scope)}
	}
	targets, err := req.Targets(p.Find, func() (all []*hooks.Hook) {
		for _, h := range p.Handlers {
			if h.Valid && h.Key != "" {
				all = append(all, h.Hook)
			}
		}
		return all
	}, "name the hook: its ID, its Copilot key or its command (see hookwarden list --agent copilot)")
	if err != nil {
		return nil, err
	}
	var keys, names []string
	for _, hk := range targets {
		c := handlerOf(hk)
		if c == nil || !c.Valid || c.Key == "" {
			return nil, agents.NotSupported("toggle", fmt.Sprintf("%s has no switch: Copilot drops it, or it is a %s hook whose key Hookwarden cannot compute", p.Title(hk), hk.Type))
		}
		if !slices.Contains(keys, c.Key) {
			keys = append(keys, c.Key)
			names = append(names, p.Title(hk))
		}
	}
	path := p.Paths.UserSettings
	res := &agents.ToggleResult{Files: []string{}, Report: []string{}}
	decide := func(list *settingsio.Node) (settingsio.ListChange, error) {
		var ch settingsio.ListChange
		have := map[string]bool{}
		if list != nil {
			for i, it := range list.Items {
				if it.Kind == settingsio.String && slices.Contains(keys, it.Raw) {
					have[it.Raw] = true
					if req.Enable {
						ch.Remove = append(ch.Remove, i)
					}
				}
			}
		}
		if !req.Enable {
			for _, k := range keys {
				if !have[k] {
					ch.Append = append(ch.Append, k)
				}
			}
		}
		return ch, nil
	}
	backup, changed, err := agents.PatchListFile(path, []string{"disabledHooks"}, decide)
	if err != nil {
		return nil, err
	}
	res.Backup, res.Files, res.Changed = backup, changed, len(changed) > 0
	verb := "disabled"
	if req.Enable {
		verb = "enabled"
	}
	if !res.Changed {
		res.Message = fmt.Sprintf("nothing to write: %s is already %s in %s", strings.Join(names, ", "), verb, path)
		return res, nil
	}
	for i, k := range keys {
		if req.Enable {
			res.Report = append(res.Report, fmt.Sprintf("removed %s (%s) from disabledHooks in %s", k, names[i], path))
		} else {
			res.Report = append(res.Report, fmt.Sprintf("added %s (%s) to disabledHooks in %s", k, names[i], path))
		}
	}
	res.Message = fmt.Sprintf("%s %d Copilot CLI hook key(s) in %s", verb, len(keys), path)
	for _, k := range keys {
		n := 0
		for _, h := range p.Handlers {
			if h.Key == k {
				n++
			}
		}
		if n > 1 {
			res.Notes = append(res.Notes, fmt.Sprintf("key %s… is shared by %d identical hooks: Copilot switches them together", k[:12], n))
		}
	}
	if _, err := os.Stat(path); err != nil {
		res.Incomplete = "cannot read " + path + " back: " + err.Error()
	}
	return res, nil
}
