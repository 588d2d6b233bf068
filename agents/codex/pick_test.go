package codex

import (
	"context"
	"strconv"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// TestApprovingByIDOrKeyApprovesThatHookAlone: a hook ID or trust key
// names one hook (as Find reads it), so `trust ID` approves that hook and
// no other, even when a pulled hook's command is that very text. On main
// the approval also took every hook whose command spelled the reference:
// a project hook written as "<the user's hook's ID>" was approved with it.
func TestApprovingByIDOrKeyApprovesThatHookAlone(t *testing.T) {
	for _, by := range []string{"id", "key"} {
		t.Run(by, func(t *testing.T) {
			f := newFixture(t, "proj")
			one := `{"type":"command","command":"echo one"}`
			testenv.WriteFile(t, f.projectHooks(), `{"hooks":{"Stop":[{"hooks":[`+one+`]}]}}`)
			f.trustProject()
			first := f.open().Handlers[0]
			ref := map[string]string{"id": first.Hook.ID, "key": first.Key}[by]
			testenv.WriteFile(t, f.projectHooks(), `{"hooks":{"Stop":[{"hooks":[`+one+`]},{"hooks":[{"type":"command","command":`+strconv.Quote(ref)+`}]}]}}`)
			p := f.open()
			if len(p.Handlers) != 2 || p.Handlers[0].Hook.ID != first.Hook.ID || p.Handlers[0].Key != first.Key {
				t.Fatalf("the fixture moved the first hook: %d handlers", len(p.Handlers))
			}
			res, err := p.Approve(context.Background(), agents.ApproveRequest{IDs: []string{ref}})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Approved) != 1 || res.Approved[0] != "echo one" {
				t.Errorf("trust %s approved %q, want only \"echo one\"", by, res.Approved)
			}
			for _, h := range reviewOf(t, f.open()).Hooks {
				if h.Command == ref && !h.NeedsReview() {
					t.Errorf("the hook whose command is the %s was approved with it", by)
				}
			}
		})
	}
}
