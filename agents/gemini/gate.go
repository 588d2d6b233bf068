package gemini

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// gate is a plan split by review: the hooks that may run without asking
// and the workspace hooks that need the user's confirmation first.
type gate struct {
	Run        *agents.Plan  // nil when nothing may run
	Unapproved []*hooks.Hook // workspace hooks needing confirmation
	// Why says, by hook ID, why each of Unapproved is held back.
	Why map[string]string
	// Err is set when the review could not be made (e.g. a corrupt
	// trusted_hooks.json or store); then no workspace hook counts as
	// approved.
	Err error
	// Check verifies, right before a hook of Run is spawned, that every
	// script it runs is still the one this gate's audit fingerprinted; the
	// runner refuses to start a hook it fails for (hooks.Runner.Check). It
	// closes the window between the check and the run (a script or a
	// symbolic link swapped after the audit, while a confirmation was open,
	// or by an earlier hook of a sequential plan) down to the moment of
	// the spawn; see ScriptCheck for what remains.
	Check func(*hooks.Hook) error
}

// HoldUnapproved splits plan into the hooks that may run and the project
// hooks (workspace hooks, and hooks the project controls through a .env
// file, see hooks.Hook.ProjectControlled) that need review: not approved
// in trusted_hooks.json, changed, running a script that changed (or
// vanished, or became a link out of the project) since it was approved, or
// running code Hookwarden cannot see (HookReview.Unresolved). Hookwarden
// never runs a project hook the user did not approve or confirm.
func HoldUnapproved(snap *Snapshot, opts Options, plan *agents.Plan) gate {
	if plan == nil {
		return gate{}
	}
	g := gate{Why: map[string]string{}}
	rep, err := Audit(snap, opts)
	g.Err = err
	reviews := map[string]trust.HookReview{}
	if rep != nil {
		for _, h := range rep.Hooks {
			reviews[h.HookID] = h
		}
	}
	checked := map[string]trust.HookReview{}
	run := &agents.Plan{Event: plan.Event, Sequential: plan.Sequential}
	for _, h := range plan.Hooks {
		if h.Origin.Layer != settingsio.LayerWorkspace && FactsOf(h).ProjectControlled == "" {
			run.Hooks = append(run.Hooks, h)
			continue
		}
		rv, ok := reviews[h.ID]
		if !ok || !rv.Verified() {
			g.Unapproved = append(g.Unapproved, h)
			g.Why[h.ID] = holdReason(rv, ok)
			continue
		}
		checked[h.ID] = rv
		run.Hooks = append(run.Hooks, h)
	}
	if len(run.Hooks) > 0 {
		g.Run = run
	}
	g.Check = trust.ScriptCheck(snap.ProjectDir, checked, func(h *hooks.Hook) string { return h.Command })
	return g
}

// holdReason says in words why a hook is held back.
func holdReason(rv trust.HookReview, reviewed bool) string {
	switch {
	case !reviewed:
		return "not reviewed (the audit failed)"
	case rv.Status == trust.StatusNew:
		return "not approved"
	case rv.Status == trust.StatusChanged:
		return "changed since it was approved"
	case rv.Status == trust.StatusScriptChanged:
		return "a script it runs changed since it was approved"
	case rv.Status == trust.StatusDefinitionChanged:
		return "its definition (env, timeout, matcher, …) changed since it was approved"
	case rv.Status == trust.StatusApprovedOutside:
		return "approved outside Hookwarden: scripts not fingerprinted"
	case rv.RunsUnseenCode():
		return "runs code Hookwarden cannot see: " + trust.UnseenList(rv.Unresolved)
	}
	return "needs review"
}
