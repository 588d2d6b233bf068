package ui

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// reviewState is a project's trust review (agents.Reviewer.Review), made
// when the project is read: the banner, the Hooks tab's review badges and
// the Review tab show it.
type reviewState struct {
	// Review is nil when it could not be made; ReviewErr says why.
	Review    *agents.Review
	ReviewErr error
	// Untraced are the hooks of the user's own settings whose reach into
	// this folder only a run shows and that were never traced here
	// (agents.UntracedIn): not clean, not held.
	Untraced []agents.UntracedHook
	// Reach are, by hook ID, the user's own hooks that reach this folder
	// or were never traced here (agents.UserReachOf), for the rows' marks.
	Reach map[string]agents.UserHookReach
	// StartFolders are the folders below the repository's top (when the
	// project is it) an agent may be started in, each reviewed
	// (loadStartFolders); StartFoldersErr says why they could not be.
	StartFolders    agents.StartFolders
	StartFoldersErr error
}

// loadReview reviews the project's hooks through its agent.
func (p *project) loadReview() {
	p.reviewState = reviewState{}
	if p.proj == nil {
		return
	}
	p.Review, p.ReviewErr = reviewProject(p)
	p.Untraced = agents.UntracedIn(p.env(), p.proj)
	p.Reach = agents.UserReachOf(p.env(), p.proj)
	p.loadStartFolders()
}

// reviewProject reviews p's hooks again, reading every script and the
// trust store now.
func reviewProject(p *project) (*agents.Review, error) {
	if p.proj == nil {
		return nil, p.openErr
	}
	r, err := p.proj.Review(context.Background())
	if err != nil {
		return nil, fmt.Errorf("reviewing the project hooks: %w", err)
	}
	return r, nil
}

// reviewsOf finds the review of a hook of p by its ID, from the review
// made when p was loaded.
func reviewsOf(p *project) func(*hooks.Hook) (reviewItem, bool) {
	byID := map[string]reviewItem{}
	if p.Review != nil {
		for i := range p.Review.Hooks {
			byID[p.Review.Hooks[i].HookID] = hookItem(p.Review, i)
		}
	}
	return func(h *hooks.Hook) (reviewItem, bool) {
		it, ok := byID[h.ID]
		return it, ok
	}
}
