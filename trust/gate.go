package trust

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Gate is a plan split by review: the hooks that may run without asking
// and the workspace hooks that need the user's confirmation first.
type Gate struct {
	Run        *hooks.Plan   // nil when nothing may run
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
func HoldUnapproved(snap *settingsio.Snapshot, opts Options, plan *hooks.Plan) Gate {
	if plan == nil {
		return Gate{}
	}
	g := Gate{Why: map[string]string{}}
	rep, err := Audit(snap, opts)
	g.Err = err
	reviews := map[string]HookReview{}
	if rep != nil {
		for _, h := range rep.Hooks {
			reviews[h.HookID] = h
		}
	}
	checked := map[string]HookReview{}
	run := &hooks.Plan{Event: plan.Event, Sequential: plan.Sequential}
	for _, h := range plan.Hooks {
		if h.Origin.Layer != settingsio.LayerWorkspace && h.ProjectControlled == "" {
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
	g.Check = ScriptCheck(snap.ProjectDir, checked, func(h *hooks.Hook) string { return h.Command })
	return g
}

// holdReason says in words why a hook is held back.
func holdReason(rv HookReview, reviewed bool) string {
	switch {
	case !reviewed:
		return "not reviewed (the audit failed)"
	case rv.Status == StatusNew:
		return "not approved"
	case rv.Status == StatusChanged:
		return "changed since it was approved"
	case rv.Status == StatusScriptChanged:
		return "a script it runs changed since it was approved"
	case rv.Status == StatusDefinitionChanged:
		return "its definition (env, timeout, matcher, …) changed since it was approved"
	case rv.Status == StatusApprovedOutside:
		return "approved outside Hookwarden: scripts not fingerprinted"
	case rv.RunsUnseenCode():
		return "runs code Hookwarden cannot see: " + unseenList(rv.Unresolved)
	}
	return "needs review"
}

// unseenList joins the texts of unresolved code for one line.
func unseenList(us []UnresolvedCode) string {
	parts := make([]string, len(us))
	for i, u := range us {
		parts[i] = u.String()
	}
	return strings.Join(parts, "; ")
}

// ScriptCheck returns the spawn-time check for the hooks of reviews (by
// hook ID; each a review that showed the hook verified): right before the
// runner starts such a hook, it takes the scripts' fingerprints again and
// refuses when the command no longer finds the same scripts with the same
// content (or existence), or the hook's command is not the reviewed one.
// Hooks not in reviews pass. command gives the command line discovery
// reads for a hook (the agent's, e.g. with its placeholders filled).
//
// What remains: the check and the interpreter's own open of the file are
// two separate steps, so a swap in the microseconds between them, or of a
// file a script reads later while it runs (a helper sourced after a
// sleep), is not caught. Closing that needs the hook to run on a frozen
// copy of the project (the sandbox's read-only snapshot), not a check.
func ScriptCheck(project string, reviews map[string]HookReview, command func(*hooks.Hook) string) func(*hooks.Hook) error {
	if len(reviews) == 0 {
		return nil
	}
	return func(h *hooks.Hook) error {
		rv, ok := reviews[h.ID]
		if !ok {
			return nil
		}
		if cmd := command(h); cmd != rv.ScriptCommand() {
			return fmt.Errorf("its command is not the one reviewed")
		}
		fresh := HookReview{ProjectHook: rv.ProjectHook, DiscoverCommand: rv.DiscoverCommand, ScriptRoots: rv.ScriptRoots}
		a := auditor{project: project, scripts: map[string]scriptNow{}}
		a.reviewScripts(&fresh, nil)
		if fresh.ScriptsError != "" {
			return fmt.Errorf("its scripts cannot be found any more: %s", fresh.ScriptsError)
		}
		if changed := ChangedSinceReview(rv, fresh); len(changed) > 0 {
			var names []string
			for _, s := range changed {
				names = append(names, s.Path)
			}
			return fmt.Errorf("a script it runs changed after the check: %s", strings.Join(names, ", "))
		}
		if len(fresh.Unresolved) > 0 && len(rv.Unresolved) == 0 {
			return fmt.Errorf("it now runs code Hookwarden cannot see: %s", unseenList(fresh.Unresolved))
		}
		return nil
	}
}
