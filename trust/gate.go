package trust

import (
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Gate is a plan split by review: the hooks that may run without asking
// and the workspace hooks that need the user's confirmation first.
type Gate struct {
	Run        *hooks.Plan   // nil when nothing may run
	Unapproved []*hooks.Hook // workspace hooks needing confirmation
	// Err is set when the review could not be made (e.g. a corrupt
	// trusted_hooks.json or store); then no workspace hook counts as
	// approved.
	Err error
}

// HoldUnapproved splits plan into the hooks that may run and the project
// hooks (workspace hooks, and hooks the project controls through a .env
// file, see hooks.Hook.ProjectControlled) that need review: not approved
// in trusted_hooks.json, changed, or running a script that changed (or vanished, or became a link out of the
// project) since it was approved. Hookwarden never runs a project hook the
// user did not approve or confirm.
func HoldUnapproved(snap *settingsio.Snapshot, opts Options, plan *hooks.Plan) Gate {
	if plan == nil {
		return Gate{}
	}
	var g Gate
	rep, err := Audit(snap, opts)
	g.Err = err
	approved := map[string]bool{}
	if rep != nil {
		for _, h := range rep.Hooks {
			if !h.NeedsReview() {
				approved[h.HookID] = true
			}
		}
	}
	run := &hooks.Plan{Event: plan.Event, Sequential: plan.Sequential}
	for _, h := range plan.Hooks {
		if (h.Origin.Layer == settingsio.LayerWorkspace || h.ProjectControlled != "") && !approved[h.ID] {
			g.Unapproved = append(g.Unapproved, h)
			continue
		}
		run.Hooks = append(run.Hooks, h)
	}
	if len(run.Hooks) > 0 {
		g.Run = run
	}
	return g
}
