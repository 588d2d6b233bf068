package cli

import (
	"context"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// hookRisk analyses a hook of p (nil: none at hand) in its project folder;
// Hookwarden's own observer obs reads as no risk (agents.HookRisk).
func hookRisk(opt risk.Options, p agents.Project, h *hooks.Hook, projectDir string, obs agents.Observer) risk.Report {
	return agents.HookRisk(p, h, projectDir, obs, opt)
}

// listReviewMax is the most hooks a project can have for list to take
// its whole review's risks (reviewRisks): the review of a project holds
// every hook's review at once, which at 100,000 hooks would take list
// --json past its memory bound (issue 28: 400 MB); 20,000 costs about
// 110 MB more.
const listReviewMax = 20000

// reviewRisks is the risk the review gives each hook it reviews, by hook
// ID (the highest when it reviews an ID more than once; nil when the
// review cannot be read), with the trust states of its hooks whose
// discovery is incomplete (what trustStates gives, from the same review:
// no second pass). The review's risk adds what the hook's command alone
// does not say (a discovery that cannot be followed, the agent's floors
// for what it does not know, the files the review reads), so list shows
// it (listedRisk), never a lower risk than audit. Only the reports are
// kept, not the review.
//
// A project of more than listReviewMax hooks gives only the trust states
// (agents.TrustStates, streamed: no risk analysis held), and list floors
// the hooks whose discovery is incomplete as the review does
// (agents.FloorUnwatchedRisk); the agent's other floors are not applied
// there (audit has them).
func reviewRisks(ctx context.Context, p agents.Project) (map[string]risk.Report, map[string]agents.HookReview) {
	incomplete := func(h *agents.HookReview) bool { return len(h.Unresolved) > 0 }
	state := func(h *agents.HookReview) agents.HookReview {
		return agents.HookReview{HookReview: trust.HookReview{Status: h.Status, Unresolved: h.Unresolved}, HookID: h.HookID}
	}
	states := map[string]agents.HookReview{}
	if len(p.Hooks()) > listReviewMax {
		hs, err := agents.TrustStates(ctx, p, incomplete)
		if err != nil {
			return nil, nil
		}
		for i := range hs {
			states[hs[i].HookID] = state(&hs[i])
		}
		return nil, states
	}
	r, err := p.Review(ctx)
	if err != nil || r == nil {
		return nil, nil
	}
	out := make(map[string]risk.Report, len(r.Hooks))
	for i := range r.Hooks {
		h := &r.Hooks[i]
		if incomplete(h) {
			states[h.HookID] = state(h)
		}
		if old, ok := out[h.HookID]; ok && old.Level >= h.Risk.Level {
			continue
		}
		out[h.HookID] = h.Risk
	}
	return out, states
}

// listedRisk is the risk list shows for h: Hookwarden's own observer
// reads as none; a hook the review reviewed has the review's risk
// (reviewed, from reviewRisks), unless its own command's analysis is
// higher; any other has its command's analysis (hookRisk), at least
// review when its discovery is incomplete (states).
func listedRisk(opt risk.Options, p agents.Project, h *hooks.Hook, projectDir string, obs agents.Observer, reviewed map[string]risk.Report, states map[string]agents.HookReview) risk.Report {
	if obs.Ours(h) {
		return risk.Report{Level: risk.LevelNone}
	}
	own := hookRisk(opt, p, h, projectDir, obs)
	if r, ok := reviewed[h.ID]; ok {
		if r.Level >= own.Level {
			return r
		}
		return own
	}
	if st, ok := states[h.ID]; ok {
		st.Risk = own
		agents.FloorUnwatchedRisk(&st)
		return st.Risk
	}
	return own
}

// hookRisks analyses every hook of a listing with one cache (a script
// many hooks run is read and analysed once). Sequential: in a benchmark on
// this 2-core machine, spreading the hooks over goroutines was slower.
func hookRisks(ra risk.Agents, p agents.Project, hs []*hooks.Hook, projectDir string, obs agents.Observer) []risk.Report {
	out := make([]risk.Report, len(hs))
	opt := risk.Options{Cache: risk.NewCache(), Agents: ra}
	for i, h := range hs {
		out[i] = hookRisk(opt, p, h, projectDir, obs)
	}
	return out
}

// riskLabel is the level and the first finding, for text output.
func riskLabel(r risk.Report) string {
	f, ok := r.First()
	if !ok {
		return "risk: none"
	}
	return "risk: " + r.Level.String() + " — " + f.Summary
}
