package trust

import (
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Gate is a plan split by approval: the hooks that may run without asking
// and the workspace hooks trusted_hooks.json does not approve, which run
// only after the user confirms.
type Gate struct {
	Run        *hooks.Plan   // nil when nothing may run
	Unapproved []*hooks.Hook // workspace hooks needing confirmation
	// Err is set when trusted_hooks.json could not be read; then no
	// workspace hook counts as approved.
	Err error
}

// HoldUnapproved splits plan into the hooks that may run and the workspace
// hooks that are not approved in trusted_hooks.json. Hookwarden never runs a
// project hook the user did not approve or confirm.
func HoldUnapproved(snap *settingsio.Snapshot, opts Options, plan *hooks.Plan) Gate {
	if plan == nil {
		return Gate{}
	}
	var g Gate
	keys, err := TrustedKeys(snap, opts)
	g.Err = err
	approved := make(map[string]bool, len(keys))
	for _, k := range keys {
		approved[k] = true
	}
	run := &hooks.Plan{Event: plan.Event, Sequential: plan.Sequential}
	for _, h := range plan.Hooks {
		if h.Origin.Layer == settingsio.LayerWorkspace && !approved[h.Key()] {
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
