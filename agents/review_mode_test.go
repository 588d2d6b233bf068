package agents_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/trust"
)

// An approval records, for a script the hook runs as a program, whether it
// may be executed (ScriptSnapshot.Mode). trust.ChangedSinceReview compared
// only the text's hash, so an exec bit a pull (or anything else) cleared or
// set between the review on screen and the click was approved unseen, and
// the next audit read the hook as unchanged. Now the approval is refused,
// writing nothing, for every agent.
func TestEveryAgentRefusesAnApprovalAfterTheExecBitChangedSinceTheReview(t *testing.T) {
	ctx := context.Background()
	for _, a := range all.Registry().All() {
		name := a.Info().Name
		t.Run(name, func(t *testing.T) {
			p, _ := openDemo(t, a)
			r, err := p.Review(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var target *agents.HookReview
			var script trust.ScriptReview
			for i := range r.Hooks {
				h := &r.Hooks[i]
				for _, s := range h.Scripts {
					fi, err := os.Stat(s.Path)
					if h.NeedsReview() && s.How == trust.FoundProgram && err == nil && fi.Mode().Perm()&0o111 != 0 && target == nil {
						target, script = h, s
					}
				}
			}
			if target == nil {
				t.Skip("no reviewed hook of this agent runs a script as a program in the demo")
			}
			if err := os.Chmod(script.Path, 0o644); err != nil {
				t.Fatal(err)
			}
			before := storeBytes(t, r.Files)
			_, err = p.Approve(ctx, agents.ApproveRequest{IDs: []string{target.HookID}, Reviewed: []trust.HookReview{target.HookReview}})
			var changed *agents.ChangedSinceReview
			if !errors.As(err, &changed) || len(changed.Hooks) != 1 {
				t.Fatalf("approval after %s lost its exec bit: %v, want ChangedSinceReview", script.Path, err)
			}
			if after := storeBytes(t, r.Files); after != before {
				t.Errorf("a refused approval wrote the trust files")
			}
		})
	}
}
