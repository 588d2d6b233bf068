package all

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/trust"
)

// TestEveryAgentsTrustStatesAreItsReview: every agent is a TrustStater
// (list --json of 100,000 hooks must not hold their reviews), and its
// TrustStates give each reviewed hook the state its Review gives it, on
// the demo before any approval, once everything is approved, and once a
// script an approved hook runs changed; kept a few at a time, they are
// the review's hooks that keep takes, in its order.
func TestEveryAgentsTrustStatesAreItsReview(t *testing.T) {
	ctx := context.Background()
	for _, a := range Registry().All() {
		name := a.Info().Name
		t.Run(name, func(t *testing.T) {
			demo, err := assets.MaterializeDemo(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			env := agents.Env{Vars: demo.Overlay(nil), GOOS: "linux", Home: demo.Home}
			statuses := map[trust.HookStatus]int{}
			compare := func(when string) *agents.Review {
				p, err := a.Open(ctx, env, demo.ProjectDir)
				if err != nil {
					t.Fatal(err)
				}
				if _, ok := p.(agents.TrustStater); !ok {
					t.Fatalf("%s is no TrustStater: list --json holds the review of every hook", name)
				}
				r, err := p.Review(ctx)
				if err != nil {
					t.Fatal(err)
				}
				states, err := agents.TrustStates(ctx, p, nil)
				if err != nil {
					t.Fatal(err)
				}
				if len(states) != len(r.Hooks) {
					t.Fatalf("%s: %d trust states, %d reviewed hooks", when, len(states), len(r.Hooks))
				}
				for i, s := range states {
					w := r.Hooks[i]
					statuses[w.Status]++
					if s.HookID != w.HookID || s.Status != w.Status || s.Label != w.Label || s.Key != w.Key || s.PreviousKey != w.PreviousKey ||
						len(s.Unresolved) != len(w.Unresolved) || len(s.Scripts) != len(w.Scripts) {
						t.Errorf("%s: trust state %d is %s %s %q, the review says %s %s %q", when, i, s.HookID, s.Status, s.Label, w.HookID, w.Status, w.Label)
					}
				}
				keep := func(h *agents.HookReview) bool { return h.NeedsReview() || h.Unwatched() }
				kept, err := agents.TrustStates(ctx, p, keep)
				if err != nil {
					t.Fatal(err)
				}
				var want, got []string
				for i := range r.Hooks {
					if keep(&r.Hooks[i]) {
						want = append(want, r.Hooks[i].HookID+" "+string(r.Hooks[i].Status))
					}
				}
				for _, h := range kept {
					got = append(got, h.HookID+" "+string(h.Status))
				}
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("%s: kept trust states\n%s\nthe review's\n%s", when, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
				return r
			}
			compare("before any approval")
			p, err := a.Open(ctx, env, demo.ProjectDir)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := p.Approve(ctx, agents.ApproveRequest{All: true, AcceptUnwatched: true}); err != nil {
				t.Fatal(err)
			}
			r := compare("approved")
			changed := false
			for _, h := range r.Hooks {
				for _, s := range h.Scripts {
					if !changed && strings.HasPrefix(s.Path, demo.ProjectDir) {
						if data, err := os.ReadFile(s.Path); err == nil && os.WriteFile(s.Path, append(data, "\n# changed\n"...), 0o755) == nil {
							changed = true
						}
					}
				}
			}
			if changed {
				compare("a script changed")
			}
			if statuses[trust.StatusNew] == 0 || statuses[trust.StatusTrusted]+statuses[trust.StatusPartlyUnwatched] == 0 {
				t.Errorf("the demo gave %v: not every state was compared", statuses)
			}
		})
	}
}
