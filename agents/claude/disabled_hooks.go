package claude

import (
	"fmt"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// disabledHooks lists the Claude Code handlers Hookwarden disabled
// out of the snapshot's settings files (they live in the store until they
// are enabled again) as hooks with status disabled, so that they stay
// visible next to the ones Claude Code reads.
func disabledHooks(store trust.Store, snap *project) ([]*hooks.Hook, error) {
	data, err := store.Load()
	if err != nil {
		return nil, err
	}
	return disabledHooksData(store, data, snap), nil
}

// disabledHooksData is DisabledHooks from store's content as
// the caller loaded it for this command (data = store.Load()).
func disabledHooksData(store trust.Store, data *trust.StoreData, snap *project) []*hooks.Hook {
	var files []string
	for _, f := range snap.Settings {
		if f != nil && f.Path != "" {
			files = append(files, f.Path)
		}
	}
	var out []*hooks.Hook
	for _, r := range disabledIn(data, files...) {
		out = append(out, claudeDisabledHook(store, r))
	}
	return out
}

func claudeDisabledHook(store trust.Store, r *disabled) *hooks.Hook {
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
		Ext: &handler{},
	}
	if n, perr := parseJSON(r.File, []byte(rm.Handler)); perr == nil && n.Is(settingsio.Object) {
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
