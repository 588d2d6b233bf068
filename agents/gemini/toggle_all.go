package gemini

import (
	"fmt"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// bulkResult is what EnableAll or DisableAll did.
type bulkResult struct {
	Action string       `json:"action"` // "enable-all" or "disable-all"
	Status toggleStatus `json:"status"`
	// Count is the number of hooks that changed state (Gemini's "<n> hook(s)").
	Count int `json:"count"`
	// Names is the list disable-all wrote.
	Names []string   `json:"names,omitempty"`
	Edits []fileEdit `json:"edits"`
	// Locked are entries of read-only files that keep hooks disabled.
	Locked  []lock   `json:"locked"`
	Notes   []string `json:"notes"`
	Message string   `json:"message"`
}

// EnableAll is Gemini's /hooks enable-all: when a registered hook is
// disabled, it sets hooksConfig.disabled to [] in the workspace and the
// user settings — here only in the files whose list has entries (an absent
// or empty list already means the same). Hooks that the system files
// disable stay disabled and are reported as Locked.
func (t *toggler) EnableAll() (*bulkResult, error) {
	res := &bulkResult{Action: "enable-all", Status: toggleNoOp}
	registered := t.registered()
	var disabled []*hooks.Hook
	for _, h := range registered {
		if t.listedDisabled(h) {
			disabled = append(disabled, h)
		}
	}
	switch {
	case len(registered) == 0:
		res.Message = "No hooks configured."
		return res, nil
	case len(disabled) == 0:
		res.Message = "All hooks are already enabled."
		return res, nil
	}
	for _, scope := range []settingsio.Layer{settingsio.LayerWorkspace, settingsio.LayerUser} {
		f, err := t.writableFile(scope)
		if err != nil {
			continue
		}
		edit, err := t.editList(scope, f.Path, false, removeAll)
		if err != nil {
			return res, err
		}
		if edit != nil {
			res.Edits = append(res.Edits, *edit)
		}
	}
	seen := map[string]bool{}
	for _, h := range disabled {
		name := disableName(h)
		locks := t.locks(name)
		if len(locks) == 0 {
			res.Count++
		}
		if !seen[name] {
			seen[name] = true
			res.Locked = append(res.Locked, locks...)
		}
	}
	if len(res.Edits) > 0 {
		res.Status = toggleChanged
	}
	res.Notes = t.notes("", "")
	res.Message = fmt.Sprintf("Enabled %d hook(s) successfully.", res.Count)
	return res, nil
}

// DisableAll is Gemini's /hooks disable-all: when a registered hook is
// enabled, it sets hooksConfig.disabled of the workspace settings (or the
// user settings, scope LayerUser) to the display names of all registered
// hooks (name || command), each once. Entries already there in that order
// are kept as written.
func (t *toggler) DisableAll(scope settingsio.Layer) (*bulkResult, error) {
	res := &bulkResult{Action: "disable-all", Status: toggleNoOp}
	target, err := t.writableFile(scope)
	if err != nil {
		return nil, err
	}
	registered := t.registered()
	enabled := 0
	seen := map[string]bool{}
	for _, h := range registered {
		if !t.listedDisabled(h) {
			enabled++
		}
		if n := h.DisplayName(); !seen[n] {
			seen[n] = true
			res.Names = append(res.Names, n)
		}
	}
	switch {
	case len(registered) == 0:
		res.Message = "No hooks configured."
		return res, nil
	case enabled == 0:
		res.Message = "All hooks are already disabled."
		return res, nil
	}
	edit, err := t.editList(scope, target.Path, true, replaceWith(res.Names))
	if err != nil {
		return nil, err
	}
	if edit != nil {
		res.Edits = []fileEdit{*edit}
		res.Status = toggleChanged
	}
	res.Count = enabled
	res.Notes = t.notes(scope, "")
	res.Message = fmt.Sprintf("Disabled %d hook(s) successfully.", enabled)
	return res, nil
}

// removeAll empties the list.
func removeAll(list *settingsio.Node, _ func(string) string) settingsio.ListChange {
	var c settingsio.ListChange
	if list != nil {
		for i := range list.Items {
			c.Remove = append(c.Remove, i)
		}
	}
	return c
}

// replaceWith sets the list to names, keeping the entries that already
// start it.
func replaceWith(names []string) listEdit {
	return func(list *settingsio.Node, expand func(string) string) settingsio.ListChange {
		var items []*settingsio.Node
		if list != nil {
			items = list.Items
		}
		keep := 0
		for keep < len(items) && keep < len(names) && items[keep].Is(settingsio.String) && expand(items[keep].Raw) == names[keep] {
			keep++
		}
		c := settingsio.ListChange{Append: names[keep:]}
		for i := keep; i < len(items); i++ {
			c.Remove = append(c.Remove, i)
		}
		return c
	}
}

// registered returns the hooks Gemini CLI's registry holds (getAllHooks):
// valid hooks of the settings files in a trusted folder, and of active
// extensions, disabled ones included.
func (t *toggler) registered() []*hooks.Hook {
	var out []*hooks.Hook
	for _, h := range t.Registry.Hooks {
		switch h.Status {
		case hooks.StatusInvalid, hooks.StatusBlockedUntrustedFolder:
			continue
		}
		if h.Origin.Layer == settingsio.LayerExtension && !t.extensionActive(h.Origin.Extension) {
			continue
		}
		out = append(out, h)
	}
	return out
}

func (t *toggler) extensionActive(name string) bool {
	for _, e := range t.Snapshot.Extensions {
		if e.Name == name {
			return e.Active
		}
	}
	return false
}

// listedDisabled reports whether the merged hooksConfig.disabled has the
// hook (the registry's enabled flag).
func (t *toggler) listedDisabled(h *hooks.Hook) bool {
	name := disableName(h)
	for _, e := range t.Registry.Disabled {
		if e.Value == name {
			return true
		}
	}
	return false
}
