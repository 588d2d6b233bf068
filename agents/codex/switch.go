package codex

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Find resolves a hook the user named (the finder, the reference's
// spaces trimmed). Only hooks Codex lists can be switched, so only they
// are found.
func (p *project) Find(ref string) ([]*hooks.Hook, error) {
	var listed []*hooks.Hook
	for _, h := range p.Handlers {
		if h.Listed {
			listed = append(listed, h.Hook)
		}
	}
	f := p.finder("no Codex hook with the command, trust key or ID %q (Codex hooks have no names: give the command or the key, see `hookwarden list --agent codex`)")
	f.Trim = true
	return f.Find(listed, ref)
}

// finder finds a hook by its ID or its trust key (that hook alone), or by
// its command (Codex hooks have no names), as written or with its spaces
// collapsed; miss says what was looked for when none is found.
func (p *project) finder(miss string) agents.Finder {
	return agents.Finder{Miss: miss,
		Alone: func(h *hooks.Hook, ref string) bool { c := p.byHook[h]; return h.ID == ref || c != nil && c.Key == ref },
		Names: func(h *hooks.Hook, ref string) bool { return sameCommand(h.Command, ref) },
	}
}

// switchNote says how Codex's switch works.
const switchNote = "Codex reads each hook's switch from [hooks.state.\"<key>\"] enabled in the user config.toml " +
	"(its key is the file, event and position of the hook). Switching a hook off writes enabled = false there, " +
	"keeping its trusted_hash; switching it on removes that line again (Codex reads a missing enabled as on), so the file " +
	"is back to its bytes before the switch. Managed hooks " +
	"always run."

// Switches has no scopes (Codex reads switches from the user config.toml
// only) and an all-hooks switch over every hook Codex lists.
func (p *project) Switches() agents.SwitchInfo {
	return agents.SwitchInfo{Note: switchNote,
		EnableAll:  "This removes enabled = false for every disabled Codex hook in " + p.Paths.UserConfigTOML + ".",
		DisableAll: map[string]string{"": "This writes enabled = false for every Codex hook that is not managed in " + p.Paths.UserConfigTOML + "; trusted hashes stay."}}
}

// SwitchOf is a hook's switch as Codex reads it: managed hooks are locked
// on, hooks Codex does not list have none.
func (p *project) SwitchOf(h *hooks.Hook) agents.HookSwitch {
	c := p.byHook[h]
	if c == nil || !c.Listed {
		return agents.HookSwitch{}
	}
	sw := agents.HookSwitch{Switchable: true, Enabled: c.Enabled}
	if c.IsManaged {
		sw.Locked = "Locked: a managed hook; Codex always runs it"
	}
	return sw
}

// Toggle writes enabled = false into [hooks.state."<key>"] of the user
// config.toml (keeping a trusted_hash there), and on enable removes the
// enabled key again (and the table when nothing else is left in it), so a
// disable and an enable leave the file byte for byte as it was. Codex
// reads a missing enabled as true (source: codex-rs hooks config_rules.rs;
// observed: the kit's trusted-hash example). Codex's own /hooks view
// upserts enabled = true instead (codex-rs tui write_hook_enabled); both
// read the same. A hook that already is as asked is not written. Managed hooks cannot be switched (Codex
// always runs them).
func (p *project) Toggle(_ context.Context, req agents.ToggleRequest) (*agents.ToggleResult, error) {
	if req.Scope != "" {
		return nil, &agents.InputError{Msg: fmt.Sprintf("--scope %q: Codex CLI reads hook switches from the user config.toml only", req.Scope)}
	}
	targets, err := req.Targets(p.Find, func() (all []*hooks.Hook) {
		for _, h := range p.Handlers {
			if h.Listed && !h.IsManaged {
				all = append(all, h.Hook)
			}
		}
		return all
	}, "name the hook: its command or its trust key (see hookwarden list --agent codex)")
	if err != nil {
		return nil, err
	}
	res := &agents.ToggleResult{Files: []string{}, Report: []string{}}
	var edits []settingsio.TOMLEdit
	var names []string
	for _, hk := range targets {
		h := p.byHook[hk]
		if h == nil || !h.Listed {
			return nil, &agents.InputError{Msg: fmt.Sprintf("%s is not a hook Codex lists here: it cannot be switched", shortName(hk))}
		}
		if _, err := p.checkKey(h.Key); err != nil {
			return nil, &agents.InputError{Msg: err.Error()}
		}
		if h.Enabled == req.Enable {
			continue
		}
		if req.Enable {
			edits = append(edits, settingsio.TOMLRemove(stateTable(h.Key), "enabled"))
		} else {
			edits = append(edits, settingsio.TOMLSetBool(stateTable(h.Key), "enabled", false))
		}
		names = append(names, shortName(hk))
		if req.Enable && h.Trust != trusted {
			res.Notes = append(res.Notes, fmt.Sprintf("%s is %s: Codex still skips it until it is trusted (hookwarden trust --agent codex)", shortName(hk), h.Trust))
		}
	}
	verb := "disabled"
	if req.Enable {
		verb = "enabled"
	}
	path := p.Paths.UserConfigTOML
	if len(edits) == 0 {
		res.Message = "Nothing to change: already " + verb + "."
		res.Report = []string{"nothing to change: already " + verb}
		return res, nil
	}
	var v configValues
	b, changed, err := agents.BackedUp([]string{path}, func() error {
		var err error
		v, err = p.editUserConfig(edits...)
		return err
	})
	res.Backup, res.Files, res.Changed = b, changed, len(changed) > 0
	if err != nil {
		return res, err
	}
	for _, hk := range targets {
		h := p.byHook[hk]
		st := v.states[h.Key]
		if enabled := st.enabled == nil || *st.enabled; enabled != req.Enable {
			return res, fmt.Errorf("%s: [hooks.state.%q] enabled does not read back as %t", path, h.Key, req.Enable)
		}
	}
	line := fmt.Sprintf("%s %s in %s", verb, strings.Join(names, ", "), path)
	res.Report = []string{line}
	res.Message = strings.ToUpper(line[:1]) + line[1:] + "."
	return res, nil
}
