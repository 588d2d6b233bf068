package claudeschema

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// Gate is the kit's dry-run gate (agents.Gate) for an agent whose
// reviewed hooks are approved in Hookwarden's store: of the planned
// hooks, those reviewed(h) says Hookwarden reviews need a current
// approval (review finds it by hook ID, in the default words); the
// others run as the agent runs them. hold, when set, holds more hooks
// before the sandbox rule is applied (the user's hooks that run the
// project's code), whenever the request is gated.
func Gate(req agents.RunRequest, plan *agents.Plan, planned []*hooks.Hook, reviewed func(*hooks.Hook) bool,
	review func() (*agents.Review, error), projectDir string, sup sandbox.Config, hold func(*agents.RunGate)) (*agents.RunGate, func(*hooks.Hook) error) {
	return agents.Gate(req, plan, planned, reviewed, func() (func(string) *agents.HookReview, error) {
		r, err := review()
		if r == nil {
			return nil, err
		}
		return r.Hook, err
	}, nil, projectDir, sup, hold)
}
