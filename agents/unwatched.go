package agents

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// UnwatchedApproval refuses an approval without ApproveRequest.AcceptUnwatched:
// a hook it would approve runs code Hookwarden cannot watch (its discovery
// is incomplete), and approving it needs a confirmation of its own that
// names that code.
type UnwatchedApproval struct {
	Hooks []UnwatchedHook
}

// UnwatchedHook is a hook whose discovery is incomplete, with the reasons.
type UnwatchedHook struct {
	Label   string
	Reasons []trust.UnresolvedCode
}

func (e *UnwatchedApproval) Error() string {
	var b strings.Builder
	b.WriteString("nothing was approved: part of what these hooks run cannot be watched by Hookwarden, so a later change there would go unnoticed:")
	for _, h := range e.Hooks {
		b.WriteString("\n  " + h.Label)
		for _, r := range h.Reasons {
			b.WriteString("\n    - " + r.String())
		}
	}
	b.WriteString("\napprove them as partly unwatched with --accept-unwatched")
	return b.String()
}

// CheckUnwatched is the check every agent's Approve makes before it
// writes: the hooks of ids (hook IDs) whose discovery is incomplete, as a
// *UnwatchedApproval, unless accept. It reviews p again (what the
// approval fingerprints is what is on disk now).
func CheckUnwatched(ctx context.Context, p Reviewer, ids []string, accept bool) error {
	if accept || len(ids) == 0 {
		return nil
	}
	want := make(map[string]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	states, err := TrustStates(ctx, p, func(h *HookReview) bool { return len(h.Unresolved) > 0 && want[h.HookID] })
	if err != nil {
		return fmt.Errorf("checking what the hooks run before approving: %w", err)
	}
	var hs []*HookReview
	for i := range states {
		if want[states[i].HookID] {
			hs = append(hs, &states[i])
		}
	}
	return UnwatchedIn(hs, nil)
}

// UnwatchedIn is CheckUnwatched's refusal over reviews in hand (an agent
// whose approval reads its own review): the hooks of hs that run code
// Hookwarden cannot watch, as a *UnwatchedApproval; nil when none. left
// is what of a hook's Unresolved the approval leaves unwatched (nil: all
// of it).
func UnwatchedIn(hs []*HookReview, left func(*HookReview) []trust.UnresolvedCode) error {
	e := &UnwatchedApproval{}
	for _, h := range hs {
		reasons := h.Unresolved
		if left != nil && len(reasons) > 0 {
			reasons = left(h)
		}
		if len(reasons) > 0 {
			e.Hooks = append(e.Hooks, UnwatchedHook{Label: h.Label, Reasons: reasons})
		}
	}
	if len(e.Hooks) == 0 {
		return nil
	}
	return e
}

// FloorUnwatchedRisk raises the risk of a hook whose discovery is
// incomplete to at least review, with a finding that names what cannot be
// watched: such a hook never reads as "no risk found". Every agent calls
// it on each reviewed hook once its risk is set; a risk that has the
// finding already (EntryRisk's) is left as it is.
func FloorUnwatchedRisk(h *HookReview) { floorUnwatched(&h.Risk, h.Unresolved) }

// floorUnwatched is FloorUnwatchedRisk of a risk report, for a hook with
// the unresolved parts unresolved.
func floorUnwatched(rep *risk.Report, unresolved []trust.UnresolvedCode) {
	if len(unresolved) == 0 {
		return
	}
	f := risk.Finding{Category: risk.Unreadable, Severity: risk.LevelReview, Source: risk.Source{Text: unresolved[0].Text},
		Summary: fmt.Sprintf("part of what it runs cannot be watched (%d part(s), first: %s)", len(unresolved), unresolved[0].Why)}
	for _, g := range rep.Findings {
		if g.Category == f.Category && g.Summary == f.Summary && g.Source == f.Source {
			return
		}
	}
	rep.Findings = append(rep.Findings, f)
	if rep.Level < risk.LevelReview {
		rep.Level = risk.LevelReview
		// the most serious finding first
		rep.Findings = append([]risk.Finding{f}, rep.Findings[:len(rep.Findings)-1]...)
	}
}

// UnwatchedLine is the line an audit text ends with when hooks (or
// commands that are not hooks, counted apart) are approved but partly
// unwatched ("" when none is).
func UnwatchedLine(hs []HookReview) string {
	n, c := 0, 0
	for _, h := range hs {
		switch {
		case !h.Unwatched():
		case h.Kind != "":
			c++
		default:
			n++
		}
	}
	var what []string
	if n > 0 {
		what = append(what, fmt.Sprintf("%d hook(s)", n))
	}
	if c > 0 {
		what = append(what, fmt.Sprintf("%d command(s) that are not hooks", c))
	}
	if len(what) == 0 {
		return ""
	}
	return fmt.Sprintf("%s %s: part of what they run cannot be watched (audit --strict exits 3 for them, exec refuses them)\n", strings.Join(what, " and "), trust.PartlyUnwatchedLabel)
}

// TrustStater is a Reviewer that can give the trust state of every
// reviewed hook (and command) without the rest of a Review: no risk
// analysis, texts or documents. What it returns for each hook (HookID,
// Status, Unresolved and the rest of trust.HookReview) is what Review
// returns for it; Risk, Fields, Badge and Notes are left empty. Large
// projects then pay only for the audit where only the states are read
// (CheckUnwatched, list's partly unwatched hooks).
//
// keep (nil: every hook) picks the hooks returned, in Review's order; a
// hook it drops is dropped as soon as its state is settled, so that the
// states of 100,000 hooks are not held when a few are read.
type TrustStater interface {
	TrustStates(ctx context.Context, keep func(*HookReview) bool) ([]HookReview, error)
}

// TrustStates is p's TrustStates when it has one, else the hooks of its
// Review; only those keep takes (every one for nil keep).
func TrustStates(ctx context.Context, p Reviewer, keep func(*HookReview) bool) ([]HookReview, error) {
	if ts, ok := p.(TrustStater); ok {
		return ts.TrustStates(ctx, keep)
	}
	r, err := p.Review(ctx)
	if err != nil {
		return nil, err
	}
	return KeepStates(r.Hooks, keep), nil
}

// KeepStates is hs with only the hooks keep takes (all of them for nil
// keep), in place.
func KeepStates(hs []HookReview, keep func(*HookReview) bool) []HookReview {
	if keep == nil {
		return hs
	}
	out := hs[:0]
	for i := range hs {
		if keep(&hs[i]) {
			out = append(out, hs[i])
		}
	}
	clear(hs[len(out):])
	return out
}
