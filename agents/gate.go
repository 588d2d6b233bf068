package agents

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// Gate is Hookwarden's dry-run gate, assembled once for every agent: of
// the planned hooks, those reviewed(h) says Hookwarden reviews need a
// current review (RunGate.HoldReviewed: review reads the reviews, why
// says why one needs review, nil for the default words); hold, when set,
// holds more hooks whenever the request is gated (the user's hooks that
// run the project's code); then the request's sandbox rule is applied
// with sup's probe. It returns the gate and the spawn-time script check
// of the approved hooks.
func Gate(req RunRequest, plan *Plan, planned []*hooks.Hook, reviewed func(*hooks.Hook) bool,
	review func() (find func(id string) *HookReview, err error), why func(rv *HookReview, err error) string,
	projectDir string, sup sandbox.Config, hold func(*RunGate)) (*RunGate, func(*hooks.Hook) error) {
	g := &RunGate{Plan: plan, Planned: planned, Picked: len(req.HookIDs) > 0}
	check := g.HoldReviewed(req, projectDir, reviewed, review, why)
	if hold != nil && (!req.Confirmed || req.Sandbox == SandboxAlways) {
		hold(g)
	}
	g.Choose(req, sandbox.Prober(sup))
	return g, check
}

// Select is the hooks a run request takes: picked by ID among all
// (picks(h, id): the hook of the event that ID names; the last one),
// alone, planned or not; or those of the plan a selector names (its ID,
// its command, or names(h, sel)); else the plan's. Every selector that
// names none is in the error.
func Select(all []*hooks.Hook, picks func(h *hooks.Hook, id string) bool, plan *Plan, req RunRequest, names func(h *hooks.Hook, sel string) bool) ([]*hooks.Hook, error) {
	var out []*hooks.Hook
	if len(req.HookIDs) > 0 {
		for _, id := range req.HookIDs {
			var found *hooks.Hook
			for _, h := range all {
				if picks(h, id) {
					found = h
				}
			}
			if found == nil {
				return nil, &RequestError{Msg: fmt.Sprintf("no %s hook %q", plan.Event, id)}
			}
			out = append(out, found)
		}
		return out, nil
	}
	if len(req.Select) == 0 {
		return plan.Hooks, nil
	}
	var missing []string
	for _, sel := range req.Select {
		n := len(out)
		for _, h := range plan.Hooks {
			if h.ID == sel || names(h, sel) || strings.TrimSpace(h.Command) == strings.TrimSpace(sel) {
				out = append(out, h)
			}
		}
		if len(out) == n {
			missing = append(missing, sel)
		}
	}
	if len(missing) > 0 {
		return nil, &RequestError{Msg: fmt.Sprintf("no hook %q in the plan for %s", strings.Join(missing, `", "`), plan.Event)}
	}
	return out, nil
}
