package agents

import (
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
)

// RunQuery is the query a dry run plans and samples with: req.Query, with
// the payload as its input when it has none (so that an empty tool or
// trigger is taken from the payload).
func (r RunRequest) RunQuery() Query {
	q := r.Query
	if r.Payload != nil && q.Input == nil {
		q.Input = r.Payload
	}
	return q
}

// GateRule is how an agent's dry-run gate differs, as data: which hooks
// Hookwarden reviews, how their reviews are read and said, what more is
// held back, and the agent's folders the sandbox overlays (the arguments
// of Gate).
type GateRule struct {
	// Reviewed says Hookwarden reviews h (nil: every hook).
	Reviewed func(h *hooks.Hook) bool
	// Review reads the reviews (see RunGate.HoldReviewed); Reviews adapts
	// a whole Review.
	Review func() (find func(id string) *HookReview, err error)
	// Why says why a hook needs review (nil: the default words).
	Why func(rv *HookReview, err error) string
	// Hold holds more hooks when the request is gated (nil: none).
	Hold func(*RunGate)
	// Folders are the agent's folders the sandbox overlays (its home).
	Folders []string
}

// Reviews is a GateRule.Review of an agent whose review is a whole
// Review (nil with the error when it could not be read).
func Reviews(review func() (*Review, error)) func() (func(id string) *HookReview, error) {
	return func() (func(string) *HookReview, error) {
		r, err := review()
		if r == nil {
			return nil, err
		}
		return r.Hook, err
	}
}

// Prepared is a dry run planned and gated, the shared part of every
// agent's preparation: the hooks' input, the sandbox configuration, the
// gate and the spawn-time script check of the approved hooks.
type Prepared struct {
	// Dir is the project the run is in.
	Dir   string
	Input *hooks.Object
	Sup   sandbox.Config
	Gate  *RunGate
	Check func(*hooks.Hook) error
}

// RunGate is the gate of the prepared run (for GateOf).
func (s *Prepared) RunGate() *RunGate { return s.Gate }

// Isolation is how the prepared run's hooks are spawned: in the sandbox
// where the gate says so.
func (s *Prepared) Isolation() hooks.Isolation {
	return hooks.Isolation{Supervisor: s.Sup, Sandboxed: s.Gate.IsSandboxed}
}

// Result is the run's result as far as the preparation knows it: the
// project, the event, the plan's label, the gate and the payload sent.
func (s *Prepared) Result(event hooks.Event) *RunResult {
	return &RunResult{Project: s.Dir, Event: event, Label: s.Gate.Plan.Label, Gate: s.Gate, Payload: string(hooks.AppendJSON(nil, s.Input))}
}

// Prepare finishes a dry run in the project dir once the agent has planned
// it and picked the planned hooks: the hooks' input is req.Payload (it
// must be a JSON object) or else sample's; the sandbox overlays
// rule.Folders and records probes for a traced run; the gate (Gate)
// applies rule. The only error is the input's.
func (e Env) Prepare(req RunRequest, dir string, plan *Plan, planned []*hooks.Hook, sample func() (*hooks.Object, error), rule GateRule) (*Prepared, error) {
	s := &Prepared{Dir: dir}
	var err error
	if req.Payload != nil {
		s.Input, err = ParseObject(req.Payload, "payload")
	} else {
		s.Input, err = sample()
	}
	if err != nil {
		return nil, err
	}
	s.Sup = e.Supervisor(dir, rule.Folders...)
	s.Sup.RecordProbes = req.Trace
	if plan.Sequential {
		// a later sandboxed hook sees the files the earlier ones wrote
		s.Sup.Sequence = e.Warm.Sequence()
	}
	reviewed := rule.Reviewed
	if reviewed == nil {
		reviewed = func(*hooks.Hook) bool { return true }
	}
	s.Gate, s.Check = Gate(req, plan, planned, reviewed, rule.Review, rule.Why, dir, s.Sup, rule.Hold)
	return s, nil
}
