package claude

import (
	"fmt"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// DisabledHooks lists the Claude Code handlers Hookwarden disabled
// out of the snapshot's settings files (they live in the store until they
// are enabled again) as hooks with status disabled, so that they stay
// visible next to the ones Claude Code reads.
func DisabledHooks(store trust.Store, snap *Snapshot) ([]*hooks.Hook, error) {
	data, err := store.Load()
	if err != nil {
		return nil, err
	}
	return DisabledHooksData(store, data, snap), nil
}

// DisabledHooksData is DisabledHooks from store's content as
// the caller loaded it for this command (data = store.Load()).
func DisabledHooksData(store trust.Store, data *trust.StoreData, snap *Snapshot) []*hooks.Hook {
	var files []string
	for _, f := range snap.Layers {
		if f != nil && f.Path != "" {
			files = append(files, f.Path)
		}
	}
	var out []*hooks.Hook
	for _, r := range DisabledIn(data, files...) {
		out = append(out, claudeDisabledHook(store, r))
	}
	return out
}

func claudeDisabledHook(store trust.Store, r *Disabled) *hooks.Hook {
	rm := r.Removed
	h := &hooks.Hook{
		ID:         "hookwarden-disabled:" + r.ID,
		Agent:      Name,
		Event:      hooks.Event(rm.Place.Event),
		Matcher:    rm.Matcher,
		HasMatcher: rm.HasMatcher,
		Type:       r.Type,
		Origin:     hooks.Origin{Layer: r.Layer, File: r.File, Path: rm.Place.String()},
		Status:     hooks.StatusDisabled,
		Reason: fmt.Sprintf("disabled by Hookwarden on %s: moved out of %s into %s; enable it to put it back (hookwarden enable --agent claude %s)",
			r.DisabledAt, r.File, store.Path(), r.ID),
		Ext: &Handler{},
	}
	if n, perr := ParseJSON(r.File, []byte(rm.Handler)); perr == nil && n.Is(settingsio.Object) {
		h.Node = n
		if c := n.Get("command"); c.Is(settingsio.String) {
			h.Command, h.RawCommand = c.Str, c.Raw
		}
	}
	if h.Command == "" {
		h.Command = r.Label
	}
	return h
}
