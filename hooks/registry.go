package hooks

import "github.com/hookwarden/hookwarden/settingsio"

// Registry is every hook found for a project, merged the way Gemini CLI
// merges them, each with its status and diagnostics.
type Registry struct {
	Snapshot *settingsio.Snapshot
	// HooksEnabled is the merged hooksConfig.enabled; HooksEnabledBy names
	// the file that decided it ("" for the default).
	HooksEnabled   bool
	HooksEnabledBy string
	// Disabled is the merged hooksConfig.disabled (UNION, first-seen order).
	Disabled []DisabledEntry
	// Hooks holds every hook config found, valid or not, in Gemini CLI's
	// registry order: settings layers in merge order (system-defaults,
	// user, workspace, system), then active extensions.
	Hooks []*Hook
	// Diagnostics holds every diagnostic: file-level ones and those of hooks.
	Diagnostics []Diagnostic
}

// DisabledEntry is one hooksConfig.disabled value and the files that list it.
type DisabledEntry struct {
	Value  string             `json:"value"`
	Layers []settingsio.Layer `json:"layers"`
	Files  []string           `json:"files"`
}

// Build merges a snapshot into a registry. It never fails: what Gemini would
// drop or refuse shows up as statuses and diagnostics.
func Build(snap *settingsio.Snapshot) *Registry {
	panic("hooks.Build: not written yet")
}

// Plan returns what Gemini CLI would run for event and ctx, or nil when no
// hook matches (Gemini's "no plan").
func (r *Registry) Plan(event Event, ctx *PlanContext) *Plan {
	panic("hooks.Plan: not written yet")
}
