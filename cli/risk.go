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

// listStates is what list reads of a project's trust review, streamed
// (agents.TrustStates: the review is never held, at any size), by hook
// ID: the trust states of the hooks whose discovery is incomplete (the
// partly unwatched note, and the risk's floor) and the files the review
// fingerprints for each hook (agents.GateFiles), without their text. With
// them list shows each entry the risk audit shows (listedRisk).
type listStates struct {
	incomplete map[string]agents.HookReview
	files      map[string][]gateFile
	// err says why the review could not be read (Hookwarden's store is
	// broken, …): list then has no trust state and no floor of what
	// cannot be watched, so it says so and fails (statesError).
	err error
}

// statesError is list's error when the trust review could not be read:
// the list is printed in full, but it is incomplete, never clean.
type statesError struct{ err error }

func (e *statesError) Error() string {
	return "incomplete list: the trust review could not be read, so no entry's trust state is shown and a part Hookwarden cannot watch does not raise its risk: " + e.err.Error()
}

func (e *statesError) Unwrap() error { return e.err }

// done is what a list writer returns once it wrote the list: nil, or the
// statesError when the review could not be read.
func (st listStates) done() error {
	if st.err != nil {
		return &statesError{st.err}
	}
	return nil
}

// gateFile is a file a review fingerprints for a hook, as list keeps it.
type gateFile struct{ path, via string }

// reviewStates reads p's trust states for list (empty, with the error,
// when the review cannot be read: list then shows each command's own
// analysis and fails once it is printed).
// Each state is dropped once read, so 100,000 hooks' reviews are never
// held at once (issue 28's memory bound).
func reviewStates(ctx context.Context, p agents.Project) listStates {
	st := listStates{incomplete: map[string]agents.HookReview{}, files: map[string][]gateFile{}}
	_, err := agents.TrustStates(ctx, p, func(h *agents.HookReview) bool {
		if len(h.Unresolved) > 0 {
			old := st.incomplete[h.HookID]
			st.incomplete[h.HookID] = agents.HookReview{HookReview: trust.HookReview{Status: h.Status,
				Unresolved: append(old.Unresolved, h.Unresolved...)}, HookID: h.HookID}
		}
		for _, s := range h.Scripts {
			if s.Status != trust.ScriptMissing {
				st.files[h.HookID] = append(st.files[h.HookID], gateFile{s.Path, s.Via})
			}
		}
		return false
	})
	if err != nil {
		return listStates{err: err}
	}
	return st
}

// listedRisk is the risk list shows for h: the one risk of the entry
// (agents.EntryRisk) with its trust state from st, as audit shows it.
func listedRisk(opt risk.Options, p agents.Project, h *hooks.Hook, projectDir string, obs agents.Observer, st listStates) risk.Report {
	u, incomplete := st.incomplete[h.ID]
	fs, ok := st.files[h.ID]
	if !incomplete && !ok {
		return agents.EntryRisk(p, h, projectDir, obs, nil, opt)
	}
	rv := trust.HookReview{Unresolved: u.Unresolved, Scripts: make([]trust.ScriptReview, 0, len(fs))}
	for _, f := range fs {
		rv.Scripts = append(rv.Scripts, trust.ScriptReview{Path: f.path, Via: f.via})
	}
	return agents.EntryRisk(p, h, projectDir, obs, &rv, opt)
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
