package codex

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Find resolves a hook the user named: its ID, its trust key, or its
// command (Codex hooks have no names), as written or with its spaces
// collapsed. Only hooks Codex lists can be switched, so only they are
// found.
func (p *Project) Find(ref string) ([]*hooks.Hook, error) {
	ref = strings.TrimSpace(ref)
	var out []*hooks.Hook
	for _, h := range p.snap.Handlers {
		if !h.Listed {
			continue
		}
		if h.Hook.ID == ref || h.Key == ref {
			return []*hooks.Hook{h.Hook}, nil
		}
		if sameCommand(h.Hook.Command, ref) {
			out = append(out, h.Hook)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no Codex hook with the command, trust key or ID %q (Codex hooks have no names: give the command or the key, see `hookwarden list --agent codex`)", ref)
	}
	return out, nil
}

// Scopes is nil: Codex reads hook switches from the user config.toml only.
func (p *Project) Scopes() []string { return nil }

// Toggle writes enabled = false into [hooks.state."<key>"] of the user
// config.toml (keeping a trusted_hash there), and on enable enabled = true,
// as Codex's own /hooks view writes it (source: codex-rs tui
// write_hook_enabled, an upsert of {"enabled": …}); a hook that already
// is as asked is not written. Managed hooks cannot be switched (Codex
// always runs them).
func (p *Project) Toggle(_ context.Context, req agents.ToggleRequest) (*agents.ToggleResult, error) {
	if req.Scope != "" {
		return nil, agents.NotSupported("toggle", "Codex CLI reads hook switches from the user config.toml only: there is no scope to choose")
	}
	targets := req.Hooks
	if req.All {
		targets = nil
		for _, h := range p.snap.Handlers {
			if h.Listed && !h.IsManaged {
				targets = append(targets, h.Hook)
			}
		}
	}
	res := &agents.ToggleResult{Files: []string{}}
	var edits []settingsio.TOMLEdit
	var names []string
	for _, hk := range targets {
		h := p.byHook[hk]
		if h == nil || !h.Listed {
			return nil, fmt.Errorf("%s is not a hook Codex lists here: it cannot be switched", shortName(hk))
		}
		if _, err := p.checkKey(h.Key); err != nil {
			return nil, err
		}
		if h.Enabled == req.Enable {
			continue
		}
		edits = append(edits, settingsio.TOMLSetBool(stateTable(h.Key), "enabled", req.Enable))
		names = append(names, shortName(hk))
		if req.Enable && h.Trust != Trusted {
			res.Notes = append(res.Notes, fmt.Sprintf("%s is %s: Codex still skips it until it is trusted (hookwarden trust --agent codex)", shortName(hk), h.Trust))
		}
	}
	verb := "disabled"
	if req.Enable {
		verb = "enabled"
	}
	path := p.snap.Paths.UserConfigTOML
	if len(edits) == 0 {
		res.Message = "nothing to change: already " + verb
		return res, nil
	}
	v, err := p.editUserConfig(edits...)
	if err != nil {
		return nil, err
	}
	for _, hk := range targets {
		h := p.byHook[hk]
		st := v.states[h.Key]
		if st.enabled == nil || *st.enabled != req.Enable {
			return nil, fmt.Errorf("%s: [hooks.state.%q] enabled does not read back as %t", path, h.Key, req.Enable)
		}
	}
	res.Changed, res.Files = true, []string{path}
	res.Message = fmt.Sprintf("%s %s in %s", verb, strings.Join(names, ", "), path)
	return res, nil
}
