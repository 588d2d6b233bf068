package agents

import (
	"context"
	"fmt"
	"slices"

	"github.com/hookwarden/hookwarden/trust"
)

// NotTraced refuses a traced approval: a hook that runs a command could
// not run in the sandbox (it cannot start here, say), so nothing was
// approved; the trace never runs a hook outside the sandbox, and never
// pretends it ran.
type NotTraced struct {
	Label, Why string
}

func (e *NotTraced) Error() string {
	return e.Label + " could not be traced: " + e.Why + "; nothing was approved (approve without tracing to approve what discovery found)"
}

// UnfingerprintedTrace refuses a traced approval: a file the trace saw
// cannot be read now, so it cannot be fingerprinted.
type UnfingerprintedTrace struct {
	Label string
	Err   error
}

func (e *UnfingerprintedTrace) Error() string {
	return fmt.Sprintf("%s: a file it read cannot be fingerprinted: %v; nothing was approved", e.Label, e.Err)
}

func (e *UnfingerprintedTrace) Unwrap() error { return e.Err }

// TraceCutWhy is why a traced approval leaves a hook partly unwatched
// when its run read or looked for more files than the sandbox records.
const TraceCutWhy = "its traced run read or looked for more files than the sandbox records; those past the cap are not fingerprinted"

// TracedApproval is what TraceAndApprove did.
type TracedApproval struct {
	// Traces are the hooks' traces, in order (one that runs no command
	// has NotRun set and was approved untraced).
	Traces []*Trace
	// Approved is the approval's result.
	Approved *ApproveResult
	// Recorded counts, per hook ID, the files recorded as seen running.
	Recorded map[string]int
}

// TraceAndApprove is the traced approval of the hooks picked (as reviewed):
// each runs once in the sandbox (TraceHook; progress, when set, gets each
// trace as it ends), then they are approved as the reviews showed them, and
// the files each trace saw join its approval (TraceRecorder). A hook that
// runs a command and cannot be traced refuses the whole approval with a
// *NotTraced, writing nothing; a command the agent starts itself, with no
// event to play (Trace.NoEvent), is approved on its fingerprints.
func TraceAndApprove(ctx context.Context, p Project, picked []HookReview, opts TraceOptions, carryOver bool, progress func(*Trace)) (*TracedApproval, error) {
	rec, ok := p.(TraceRecorder)
	if !ok {
		return nil, NotSupported("tracing hooks", p.Agent().Title+"'s approvals keep no fingerprints Hookwarden could add a trace to")
	}
	approve := p.Approve
	if carryOver {
		co, ok := p.(CarryOver)
		if !ok {
			return nil, Lacking(p.Agent(), CapCarryOver)
		}
		approve = co.CarryOver
	}
	out := &TracedApproval{Recorded: map[string]int{}}
	for _, rv := range picked {
		t, err := TraceHook(ctx, p, rv, opts)
		if err != nil {
			return out, err
		}
		if progress != nil {
			progress(t)
		}
		if !t.Ran {
			if _, runs := rv.RunsCommand(); runs && !t.NoEvent {
				return out, &NotTraced{Label: rv.Label, Why: t.NotRun}
			}
		} else if t.Err != nil {
			return out, &UnfingerprintedTrace{Label: rv.Label, Err: t.Err}
		}
		out.Traces = append(out.Traces, t)
	}
	ids := make([]string, len(picked))
	reviewed := make([]trust.HookReview, len(picked))
	keys := map[string]string{}
	traced := map[string]*Trace{}
	for _, t := range out.Traces {
		if t.Ran {
			traced[t.HookID] = t
		}
	}
	for i, rv := range picked {
		ids[i], reviewed[i], keys[rv.HookID] = rv.HookID, rv.HookReview, rv.Key
		if t := traced[rv.HookID]; t != nil {
			// What the run read and executed joins the approval: the reasons
			// a run can stand in for are covered, the others still need
			// AcceptUnwatched. A run that failed (exit 127, killed) covers
			// none, and one in which a program never started does not
			// cover that program's reason (Trace.Covers).
			reviewed[i].CoverReasons(trust.TracedBy, t.Covers)
		}
	}
	// The agent's Approve checks discovery again without the trace (it is
	// recorded after the approval): what the trace covers is settled here,
	// and only what it cannot cover needs AcceptUnwatched.
	accept := opts.AcceptUnwatched
	if !accept {
		left := &UnwatchedApproval{}
		cut := map[string]bool{}
		for _, t := range out.Traces {
			cut[t.HookID] = t.Ran && t.Cut
		}
		for i, rv := range picked {
			reasons := reviewed[i].Unresolved
			if t := traced[rv.HookID]; t != nil && len(reasons) > 0 && t.Shortfall() != "" {
				reasons = append(slices.Clone(reasons), trust.UnresolvedCode{Text: rv.Label, Why: t.Shortfall()})
			}
			if cut[rv.HookID] {
				// More than the sandbox records: what it read or looked
				// for past the cap is not fingerprinted.
				reasons = append(slices.Clone(reasons), trust.UnresolvedCode{Text: rv.Label, Why: TraceCutWhy})
			}
			if len(reasons) > 0 {
				left.Hooks = append(left.Hooks, UnwatchedHook{Label: rv.Label, Reasons: reasons})
			}
		}
		if len(left.Hooks) > 0 {
			return out, left
		}
		accept = true
	}
	res, err := approve(ctx, ApproveRequest{IDs: ids, Reviewed: reviewed, AcceptUnwatched: accept})
	out.Approved = res
	if err != nil {
		return out, err
	}
	lost := map[string]bool{}
	for _, k := range res.Lost {
		lost[k] = true
	}
	for _, t := range out.Traces {
		if !t.Ran || lost[keys[t.HookID]] {
			continue
		}
		seen := t.Seen
		if t.Cut {
			// what it reached past the cap is not watched: the approval
			// says so on every later review (trust.TraceCutMarker)
			seen = append(slices.Clone(seen), trust.TraceCutMarker())
		}
		if len(seen) == 0 {
			// nothing to fingerprint, but the run stood in for the hook's
			// reasons: later reviews cover them again (trust.TraceRanMarker)
			seen = []trust.ScriptSnapshot{trust.TraceRanMarker()}
		}
		if t.Failed != "" || len(t.NotStarted) > 0 {
			// what the run did not get to is not watched: every later
			// review keeps those reasons (trust.TraceShortMarker)
			seen = append(slices.Clone(seen), trust.TraceShortMarker(t.Shortfall(), t.Failed != "", t.NotStarted))
		}
		if err := rec.RecordTrace(ctx, keys[t.HookID], seen); err != nil {
			return out, fmt.Errorf("%s was approved, but its trace could not be recorded (approve it again with its trace): %w", t.Label, err)
		}
		out.Recorded[t.HookID] = len(t.Seen)
	}
	return out, nil
}
