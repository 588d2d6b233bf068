package agents

import (
	"context"
	"fmt"
	"slices"
)

// ApproveKeys approves, for every agent of reg, the hooks of the project
// folder dir whose trust key (HookReview.Key) is one of keys, through the
// agent's own Reviewer as `hookwarden trust KEY` does: how the demo project
// comes with some hooks approved, whichever agent they belong to. A key
// that no agent's review has is an error, and so is an agent that cannot
// open or review the project, or approve what it was given.
func ApproveKeys(ctx context.Context, reg *Registry, env Env, dir string, keys []string) error {
	found := map[string]bool{}
	for _, a := range reg.All() {
		title := a.Info().Title
		p, err := a.Open(ctx, env, dir)
		if err != nil {
			return fmt.Errorf("%s: %w", title, err)
		}
		r, err := p.Review(ctx)
		if err != nil {
			return fmt.Errorf("%s: %w", title, err)
		}
		var ids []string
		for _, h := range r.Hooks {
			if slices.Contains(keys, h.Key) && !slices.Contains(ids, h.HookID) {
				ids = append(ids, h.HookID)
				found[h.Key] = true
			}
		}
		if len(ids) == 0 {
			continue
		}
		res, err := p.Approve(ctx, ApproveRequest{IDs: ids})
		if err == nil && res != nil && len(res.Lost) > 0 {
			err = fmt.Errorf("approvals lost: %q", res.Lost)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", title, err)
		}
	}
	var missing []string
	for _, k := range keys {
		if !found[k] {
			missing = append(missing, k)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("no hook has the key %q", missing)
	}
	return nil
}
