package agents

import (
	"context"
	"fmt"
)

// approveKeys approves the hooks of the project folder dir whose trust key
// (HookReview.Key) is one of keys, through agent a's own Reviewer as
// `hookwarden trust KEY` does, and returns the keys it found.
func approveKeys(ctx context.Context, a Agent, env Env, dir string, keys []string) ([]string, error) {
	title := a.Info().Title
	p, err := a.Open(ctx, env, dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", title, err)
	}
	r, err := p.Review(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", title, err)
	}
	wanted := make(map[string]bool, len(keys))
	for _, k := range keys {
		wanted[k] = true
	}
	var ids, found []string
	taken := map[string]bool{}
	for _, h := range r.Hooks {
		if wanted[h.Key] && !taken[h.HookID] {
			taken[h.HookID] = true
			ids = append(ids, h.HookID)
			found = append(found, h.Key)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	res, err := p.Approve(ctx, ApproveRequest{IDs: ids, AcceptUnwatched: true}) // the keys were approved before, as they were
	if err == nil && res != nil && len(res.Lost) > 0 {
		err = fmt.Errorf("approvals lost: %q", res.Lost)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", title, err)
	}
	return found, nil
}
