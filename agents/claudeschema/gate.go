package claudeschema

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/trust"
)

// Gate is Hookwarden's dry-run gate for an agent whose reviewed hooks
// are approved in Hookwarden's store: of the planned hooks, those
// reviewed(h) says Hookwarden reviews need a current approval (review
// finds it by hook ID); the others run as the agent runs them. It returns
// the gate with the sandbox rule applied and the spawn-time script check
// of the approved ones.
func Gate(req agents.RunRequest, plan *agents.Plan, planned []*hooks.Hook, reviewed func(*hooks.Hook) bool,
	review func() (*agents.Review, error), projectDir string, sup sandbox.Config) (*agents.RunGate, func(*hooks.Hook) error) {
	g := &agents.RunGate{Plan: plan, Planned: planned, Picked: len(req.HookIDs) > 0}
	var check func(*hooks.Hook) error
	if !req.Confirmed || req.Sandbox == agents.SandboxAlways {
		r, err := review()
		if err != nil {
			g.ReviewErr = err.Error()
		}
		verified := map[string]trust.HookReview{}
		for _, h := range planned {
			if !reviewed(h) {
				continue
			}
			var rv *agents.HookReview
			if r != nil {
				rv = r.Hook(h.ID)
			}
			switch {
			case rv == nil:
				g.Review = append(g.Review, agents.Skip{Hook: h, ID: h.ID, Reason: "not reviewed"})
			case rv.RunsUnseenCode():
				g.Review = append(g.Review, agents.Skip{Hook: h, ID: h.ID, Reason: "runs code Hookwarden cannot see"})
			case rv.NeedsReview():
				g.Review = append(g.Review, agents.Skip{Hook: h, ID: h.ID, Reason: string(rv.Status)})
			default:
				verified[h.ID] = rv.HookReview
			}
		}
		check = trust.ScriptCheck(projectDir, verified, func(h *hooks.Hook) string { return h.Command })
	}
	g.Choose(req, sandbox.Prober(sup))
	return g, check
}

// Select is the hooks a run request takes: picked by ID among all (of
// the event, valid ones only: ok), alone, planned or not; or those of the
// plan a selector names (names(h, sel)); else the plan's.
func Select(all []*hooks.Hook, ok func(*hooks.Hook) bool, plan *agents.Plan, req agents.RunRequest, names func(h *hooks.Hook, sel string) bool) ([]*hooks.Hook, error) {
	var out []*hooks.Hook
	if len(req.HookIDs) > 0 {
		for _, id := range req.HookIDs {
			n := len(out)
			for _, h := range all {
				if h.ID == id && ok(h) {
					out = append(out, h)
					break
				}
			}
			if len(out) == n {
				return nil, &agents.RequestError{Msg: fmt.Sprintf("no %s hook %q", plan.Event, id)}
			}
		}
		return out, nil
	}
	if len(req.Select) == 0 {
		return plan.Hooks, nil
	}
	for _, sel := range req.Select {
		n := len(out)
		for _, h := range plan.Hooks {
			if h.ID == sel || names(h, sel) || strings.TrimSpace(h.Command) == strings.TrimSpace(sel) {
				out = append(out, h)
			}
		}
		if len(out) == n {
			return nil, &agents.RequestError{Msg: fmt.Sprintf("no hook %q in the plan for %s", sel, plan.Event)}
		}
	}
	return out, nil
}
