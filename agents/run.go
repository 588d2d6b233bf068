package agents

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/trust"
)

// DryRunner runs the hooks of an event the way the agent would, and says
// what the agent would do with their answers.
type DryRunner interface {
	// Gate says what DryRun would do with req's hooks, running none:
	// which need review and why, which run in the sandbox, which are
	// held back. A face asks it before a run, to confirm the hooks that
	// need review by name (RunRequest.Confirm).
	Gate(ctx context.Context, req RunRequest) (*RunGate, error)
	// DryRun runs req. Hooks that are not approved, or that run code
	// Hookwarden cannot see, run in the sandbox or only with req.Confirmed
	// (or named in req.Confirm); a hook the request does not name never
	// runs. Cancelling ctx kills running hooks. A request the agent cannot
	// take as given is a *RequestError or a *ContextError.
	DryRun(ctx context.Context, req RunRequest) (*RunResult, error)
	// SamplePayload is the payload the agent would send for the event and
	// query, for the payload editor (JSON), with q.Input's fields spread
	// over it.
	SamplePayload(event hooks.Event, q Query) ([]byte, error)
	// RunNotice is what the project's folder trust means for a dry run,
	// in the agent's words.
	RunNotice() RunNotice
}

// SandboxChoice says whether hooks run in the sandbox.
type SandboxChoice int

// Sandbox choices.
const (
	// SandboxAuto runs unapproved hooks in the sandbox, approved ones
	// directly.
	SandboxAuto SandboxChoice = iota
	// SandboxAlways runs every hook in the sandbox.
	SandboxAlways
	// SandboxNever runs every hook directly (unapproved ones only with
	// Confirmed).
	SandboxNever
)

// RunRequest is one dry run.
type RunRequest struct {
	Event hooks.Event
	Query Query
	// Payload is the whole JSON the hooks get (nil: SamplePayload of Event
	// and Query).
	Payload []byte
	// HookIDs runs these hooks of the event alone, planned or not (nil:
	// the plan for Event and Query).
	HookIDs []string
	// Select keeps the hooks of the plan a selector names, in the ways the
	// agent names a hook (name, command, ID, fingerprint…; the CLI's
	// --hook); one that names none is a *RequestError.
	Select []string
	// Confirmed: the user confirmed running every hook that needs review
	// outside the sandbox (--yes). Confirm names (by ID) the hooks needing
	// review the user was shown and confirmed; one that needs review and
	// is not named is treated as unconfirmed.
	Confirmed bool
	Confirm   []string
	// AsTrusted runs as if the folder were trusted (RunNotice.AsTrusted).
	AsTrusted bool
	// Trace is a traced run (TraceHook): the sandbox records the paths the
	// hook looks for with stat and access calls too
	// (sandbox.Config.RecordProbes), at a cost per call.
	Trace   bool
	Sandbox SandboxChoice
	// AllowHosts are the hosts an HTTP hook may reach.
	AllowHosts []string
	// OnResult, when set, is called as each hook finishes (from the
	// runner's goroutines; i indexes RunResult.Hooks and RunGate.Run).
	OnResult func(i int, r HookRun)
}

// Policy is the request's sandbox rule.
func (r RunRequest) Policy() hooks.SandboxPolicy {
	return hooks.SandboxPolicy{Confirmed: r.Confirmed, Always: r.Sandbox == SandboxAlways, Never: r.Sandbox == SandboxNever}
}

// RequestError is a run request the agent cannot take as given (a --hook
// that names no hook of the plan): a usage error.
type RequestError struct{ Msg string }

func (e *RequestError) Error() string { return e.Msg }

// RunGate is what the gate makes of a run's hooks.
type RunGate struct {
	// Plan is the plan the run follows (as if trusted, with
	// RunRequest.AsTrusted); Planned the hooks the request takes from it
	// (all, the selected ones, or the ones picked by ID), in order.
	Plan    *Plan
	Planned []*hooks.Hook
	// Picked says the hooks were picked by ID (RunRequest.HookIDs).
	Picked bool
	// Review are the planned hooks that need review (not approved,
	// changed, running code Hookwarden cannot see), each with why ("" when
	// the agent gives no reason).
	Review []Skip
	// ReviewErr says why approvals could not be read (then every reviewed
	// hook needs review).
	ReviewErr string
	// Run are the hooks that run, in order; Sandboxed says which of them
	// run in the sandbox; Held are those held back.
	Run       []*hooks.Hook
	Sandboxed map[*hooks.Hook]bool
	Held      []*hooks.Hook
	// SandboxUnavailable says why the sandbox could not be used when it
	// was wanted.
	SandboxUnavailable string
	// Policy is the rule applied.
	Policy hooks.SandboxPolicy
}

// NeedsConfirmation reports whether hooks are held back that the user may
// confirm (not when only the sandbox was asked for and it cannot start).
func (g *RunGate) NeedsConfirmation() bool { return len(g.Held) > 0 && !g.Policy.Always }

// Choose applies the request's sandbox rule to the planned hooks, review
// being those that need review (hooks named in req.Confirm count as
// approved); probe says why the sandbox cannot start.
func (g *RunGate) Choose(req RunRequest, probe func(hooks int) error) {
	confirmed := map[string]bool{}
	for _, id := range req.Confirm {
		confirmed[id] = true
	}
	var unapproved []*hooks.Hook
	for _, s := range g.Review {
		if !confirmed[s.ID] {
			unapproved = append(unapproved, s.Hook)
		}
	}
	g.Policy = req.Policy()
	c := g.Policy.Choose(g.Planned, unapproved, probe)
	g.Run, g.Sandboxed, g.Held, g.SandboxUnavailable = c.Run, c.Sandboxed, c.Held, c.Unavailable
}

// IsSandboxed is the hooks.Isolation.Sandboxed of the gate.
func (g *RunGate) IsSandboxed(h *hooks.Hook) bool { return g.Sandboxed[h] }

// RunNotice is what a project's folder trust means for a dry run, in the
// agent's words, and how it introduces hooks that need review.
type RunNotice struct {
	// Folder says what the folder's trust changes ("" when nothing).
	Folder string
	// AsTrusted says RunRequest.AsTrusted runs hooks the agent would not
	// run here; Confirm is the question before such a run, NotRun and
	// Ran the notes after a run without and with it.
	AsTrusted bool
	Confirm   string
	NotRun    string
	Ran       string
	// Review introduces the list of hooks that need review ("These
	// handlers are not approved in Hookwarden's store:").
	Review string
}

// RunDocument is `run --json`, one schema for every agent: who ran
// ("agent": the agent's name and title, then what only that agent says
// of the run), the project, the event and its label, the plan followed
// (its PlanDocument of the hooks the run took, none skipped), the payload, the verdict, whether the hooks ran one
// after another, every hook's run (what only the agent says of a hook in
// its "agent"), the hooks held back with why, the notes, warnings and
// summary as `run` prints them, the sandbox rule and how long it took.
type RunDocument struct {
	Agent      Document        `json:"agent"`
	Project    string          `json:"project"`
	Event      hooks.Event     `json:"event"`
	Label      string          `json:"label"`
	Plan       any             `json:"plan"`
	Input      json.RawMessage `json:"input"`
	Verdict    Verdict         `json:"verdict"`
	Sequential bool            `json:"sequential"`
	Hooks      []HookRun       `json:"hooks"`
	Held       []HeldHook      `json:"held"`
	HeldNote   string          `json:"held_note"`
	Notes      []string        `json:"notes"`
	Warnings   []string        `json:"warnings"`
	Summary    string          `json:"summary"`
	Sandbox    SandboxRule     `json:"sandbox"`
	DurationMS float64         `json:"duration_ms"`
}

// HeldHook is a hook of a RunDocument the gate held back: its ID, its
// name in the plan, its layer and why it needs review.
type HeldHook struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Origin string `json:"origin"`
	Reason string `json:"reason"`
}

// SetDocument sets res's Document to the kit's RunDocument, the agent
// being name and title, facts what only it says of the run (in order;
// each hook's own are in its HookRun.Agent).
func (res *RunResult) SetDocument(name, title string, facts ...Field) {
	doc := RunDocument{Agent: append(Document{Member("name", name), Member("title", title)}, facts...), Project: res.Project,
		Event: res.Event, Label: res.Label, Verdict: res.Verdict, Sequential: res.Sequential, Hooks: res.Hooks, Held: []HeldHook{},
		HeldNote: res.HeldNote, Notes: res.Notes, Warnings: res.Warnings, Summary: res.Summary, DurationMS: float64(res.Duration) / float64(time.Millisecond)}
	if doc.Verdict.Details == nil {
		doc.Verdict.Details = []string{}
	}
	for _, l := range []*[]string{&doc.Notes, &doc.Warnings} {
		if *l == nil {
			*l = []string{}
		}
	}
	if doc.Hooks == nil {
		doc.Hooks = []HookRun{}
	}
	if json.Valid([]byte(res.Payload)) {
		doc.Input = json.RawMessage(res.Payload)
	}
	if g := res.Gate; g != nil {
		doc.Sandbox = g.Rule()
		if g.Plan != nil {
			doc.Plan = g.Plan.Document
			if pd, ok := doc.Plan.(PlanDocument); ok {
				// the plan the run followed: its entries of the hooks the
				// run took (all, those selected, or those picked by ID
				// that it lists; a face leaves its own observer out this
				// way; one the agent would skip that --hook took keeps
				// its reason); the event's others, and why they do not
				// run, are `plan --json`'s
				took := map[string]bool{}
				for _, h := range g.Planned {
					took[h.ID] = true
				}
				pd.Hooks = slices.DeleteFunc(append(slices.Clone(pd.Hooks), pd.Skipped...), func(it PlanItem) bool { return !took[it.ID] })
				pd.Skipped = []PlanItem{}
				doc.Plan = pd
			}
		}
		why := map[string]string{}
		for _, s := range g.Review {
			why[s.ID] = s.Reason
		}
		for _, h := range g.Held {
			name := h.DisplayName()
			if g.Plan != nil {
				name = g.Plan.Name(h)
			}
			doc.Held = append(doc.Held, HeldHook{ID: h.ID, Name: name, Origin: string(h.Origin.Layer), Reason: why[h.ID]})
		}
	}
	res.Document = doc
}

// RunResult is a dry run: every hook's run and the agent's verdict.
type RunResult struct {
	// Project is the project the run is in.
	Project string      `json:"project"`
	Event   hooks.Event `json:"event"`
	// Label is the event with its context in the agent's words.
	Label   string `json:"label"`
	Payload string `json:"payload"`
	// Gate is what the gate did; Hooks are the runs of Gate.Run, in order.
	Gate       *RunGate  `json:"-"`
	Hooks      []HookRun `json:"hooks"`
	Sequential bool      `json:"sequential"`
	// Verdict is what the agent does; its Headline also says when no hook
	// runs or none was run.
	Verdict Verdict `json:"verdict"`
	// Notes say how this run differs from the agent's own, in its words,
	// as `run` prints them.
	Notes []string `json:"notes"`
	// HeldNote says why hooks were held back and what to do ("" when
	// none were): the message `run` exits with.
	HeldNote string `json:"held_note,omitempty"`
	// Summary is one line about the run ("2 hook(s) ran in parallel in
	// 3.1 ms"; "" when nothing ran).
	Summary string `json:"summary,omitempty"`
	// Warnings are things the agent would do that the user should know
	// (a fail-open trap, an answer the agent ignores).
	Warnings []string      `json:"warnings"`
	Duration time.Duration `json:"duration_ns"`
	// Document is `run --json`: a RunDocument (SetDocument).
	Document any `json:"-"`
}

// HookRun is one hook's dry run.
type HookRun struct {
	Hook  *hooks.Hook `json:"-"`
	ID    string      `json:"id"`
	Label string      `json:"label"`
	// Where says where the hook comes from and how it ran, in the agent's
	// words ("workspace .gemini/settings.json:4", "project, shell").
	Where string `json:"where"`
	// Ran is false when the hook was not started; NotRunReason says why
	// (a type that does not run, cancelled); Preview is what it would
	// have sent.
	Ran          bool   `json:"ran"`
	NotRunReason string `json:"not_run_reason,omitempty"`
	Preview      string `json:"preview,omitempty"`
	// Command is what was started, as a shell would show it.
	Command     string        `json:"command,omitempty"`
	Stdin       string        `json:"stdin,omitempty"`
	ExitCode    int           `json:"exit_code"`
	HasExitCode bool          `json:"has_exit_code"`
	Signal      string        `json:"signal,omitempty"`
	HTTPStatus  int           `json:"http_status,omitempty"`
	Stdout      string        `json:"stdout"`
	Stderr      string        `json:"stderr"`
	HasStreams  bool          `json:"has_streams"`
	Error       string        `json:"error,omitempty"`
	TimedOut    bool          `json:"timed_out,omitempty"`
	Cancelled   bool          `json:"cancelled,omitempty"`
	Truncated   bool          `json:"truncated,omitempty"`
	Timeout     time.Duration `json:"timeout_ns"`
	Duration    time.Duration `json:"duration_ns"`
	// Output is the hook's answer as the agent parsed it (JSON text;
	// OutputFormat names its form), when the agent shows one.
	Output       string `json:"output,omitempty"`
	OutputFormat string `json:"output_format,omitempty"`
	// Sandboxed says it ran in the sandbox; Sandbox is what it did there.
	Sandboxed bool            `json:"sandboxed,omitempty"`
	Sandbox   *sandbox.Report `json:"sandbox,omitempty"`
	// Verdict is what the agent makes of this hook's answer alone
	// (Headline "" when it makes nothing of it).
	Verdict  Verdict  `json:"verdict"`
	Warnings []string `json:"warnings,omitempty"`
	// Summary is how it ended in one line, as `run` prints it ("exit 2,
	// 3.1 ms, json"); Traits are short facts for a view ("shell",
	// "blocking error", "JSON output").
	Summary string   `json:"summary"`
	Traits  []string `json:"traits,omitempty"`
	// Report are the lines `run` prints under the hook, in order: Label
	// then Value; Code values are streams (trimmed, clipped, indented).
	Report []Field `json:"report,omitempty"`
	// Facts are further agent-specific facts of the run for a view (what
	// was spawned, the env file a Claude Code hook wrote), in order.
	Facts []Field `json:"facts,omitempty"`
	// Agent is what only the agent says of this run, for `run --json`
	// (RunDocument).
	Agent Document `json:"agent,omitempty"`
}

// Verdict is what the agent would do, in words.
type Verdict struct {
	// Effect is one word: ALLOWED, BLOCKED, ASKS, STOPPED, CHANGED,
	// NOTHING, IGNORED, FAILED (see hooks.Effect*), DEFERS, or WARNS (an
	// error shown, and the agent goes on).
	Effect string `json:"effect"`
	// Headline is one line ("PreToolUse Bash: BLOCKED by guard — no writes").
	Headline string `json:"headline"`
	// Details are further consequences, one per line.
	Details []string `json:"details"`
}

// EffectWarns is the Verdict.Effect of an answer the agent shows as an
// error and goes on.
const EffectWarns = "WARNS"

// SandboxRule is the sandbox rule a run applied, for result documents.
type SandboxRule struct {
	Always      bool   `json:"always"`
	Never       bool   `json:"never"`
	Unavailable string `json:"unavailable,omitempty"`
}

// Rule is the gate's sandbox rule for a document.
func (g *RunGate) Rule() SandboxRule {
	return SandboxRule{Always: g.Policy.Always, Never: g.Policy.Never, Unavailable: g.SandboxUnavailable}
}

// Supervisor is the sandbox configuration of a dry run in project: the
// home, the project, and the agent's folders and Hookwarden's store
// overlaid; the agents' files (e.Facts) for the report's judgement.
func (e Env) Supervisor(project string, folders ...string) sandbox.Config {
	cfg := sandbox.Config{Init: e.Init, Home: e.Home, Project: project, Warm: e.Warm,
		AgentFiles: filePaths(e.Facts.Config), AgentSecrets: filePaths(e.Facts.Credentials)}
	if dir, err := trust.StoreDirFromEnv(e.Vars, e.GOOS); err == nil {
		folders = append(folders, dir)
	}
	for _, d := range folders {
		if d != "" {
			cfg.Overlay = append(cfg.Overlay, d)
		}
	}
	return cfg
}

// HeldWhy says why hooks that need review were held back by the gate's
// rule, the end of `run`'s exit message.
func (g *RunGate) HeldWhy() string {
	const review = "not approved, changed, or running a script that changed since approval"
	switch {
	case g.Policy.Always:
		return "--sandbox was asked for and " + g.SandboxUnavailable
	case g.Policy.Never:
		return review + ", and --no-sandbox keeps them out of the sandbox"
	case g.SandboxUnavailable != "":
		return review + ", and " + g.SandboxUnavailable
	}
	return review
}

// Clip keeps the first n characters of s, saying how many it left out.
func Clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + fmt.Sprintf("… (%d more characters)", len(r)-n)
	}
	return s
}

// Milliseconds is d as "3.1 ms".
func Milliseconds(d time.Duration) string {
	return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
}

// ParseObject reads a hook input as the agents do: JSON, and it must be an
// object (what names it in errors).
func ParseObject(data []byte, what string) (*hooks.Object, error) {
	v, err := hooks.ParseJSON(hooks.DecodeUTF8(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	o, ok := v.(*hooks.Object)
	if !ok {
		return nil, fmt.Errorf("%s: the hook input must be a JSON object", what)
	}
	return o, nil
}

// SampleWith is the JSON of sample(fields), fields being q.Input parsed
// (nil when q has none): SamplePayload's common part.
func SampleWith(q Query, sample func(fields *hooks.Object) (*hooks.Object, error)) ([]byte, error) {
	var fields *hooks.Object
	if q.Input != nil {
		var err error
		if fields, err = ParseObject(q.Input, "input"); err != nil {
			return nil, err
		}
	}
	in, err := sample(fields)
	if err != nil {
		return nil, err
	}
	return hooks.AppendJSON(nil, in), nil
}

// SampleOf is SamplePayload of an agent that resolves the event and the
// query first (plan: the event's facts and the value its matchers are
// tried on; q's input left out) and makes its sample from them (sample,
// with q's input over it): the sample's JSON.
func SampleOf[E any](event hooks.Event, q Query, plan func(hooks.Event, Query) (E, string, error), sample func(E, string, Query) (*hooks.Object, error)) ([]byte, error) {
	e, subject, err := plan(event, Query{Tool: q.Tool, Trigger: q.Trigger})
	if err != nil {
		return nil, err
	}
	in, err := sample(e, subject, q)
	if err != nil {
		return nil, err
	}
	return hooks.AppendJSON(nil, in), nil
}

// GateOf is the gate of a prepared run, or err (the agents' Gate).
func GateOf[S interface{ RunGate() *RunGate }](s S, err error) (*RunGate, error) {
	if err != nil {
		return nil, err
	}
	return s.RunGate(), nil
}

// HoldReviewed puts into g.Review the planned hooks Hookwarden reviews
// (reviewed) whose review is missing, needs review or runs code
// Hookwarden cannot see, each with why (nil: "not reviewed", "runs code
// Hookwarden cannot see" or the status), and returns the spawn-time
// script check of the others. review reads the reviews: find is a hook's
// review by ID (nil: none), err why they could not be read (g.ReviewErr).
// A request that confirmed every hook and wants no sandbox reads nothing
// and checks nothing.
func (g *RunGate) HoldReviewed(req RunRequest, projectDir string, reviewed func(*hooks.Hook) bool,
	review func() (find func(id string) *HookReview, err error), why func(rv *HookReview, err error) string) func(*hooks.Hook) error {
	if req.Confirmed && req.Sandbox != SandboxAlways {
		return nil
	}
	find, err := review()
	if err != nil {
		g.ReviewErr = err.Error()
	}
	if why == nil {
		why = func(rv *HookReview, _ error) string {
			switch {
			case rv == nil:
				return "not reviewed"
			case rv.RunsUnseenCode():
				return "runs code Hookwarden cannot see"
			}
			return string(rv.Status)
		}
	}
	verified := map[string]trust.HookReview{}
	for _, h := range g.Planned {
		if !reviewed(h) {
			continue
		}
		var rv *HookReview
		if find != nil {
			rv = find(h.ID)
		}
		if rv == nil || rv.NeedsReview() || rv.RunsUnseenCode() {
			g.Review = append(g.Review, Skip{Hook: h, ID: h.ID, Reason: why(rv, err)})
		} else {
			verified[h.ID] = rv.HookReview
		}
	}
	return trust.ScriptCheck(projectDir, verified, func(h *hooks.Hook) string { return h.Command })
}

// NoteHeld says in res what the gate held back and what ran when nothing
// did: a note per hook held (label, its layer, and extra: what the agent
// would do with it), the exit message naming the agent's audit and trust
// commands, and the verdict when no hook was planned ("no hook runs;
// <title> goes ahead") or none of them ran (ran is how many did).
func (res *RunResult) NoteHeld(agent, title string, label func(*hooks.Hook) string, extra string, ran int) {
	g := res.Gate
	for _, h := range g.Held {
		res.Notes = append(res.Notes, fmt.Sprintf("not run: %s (%s) needs review in Hookwarden%s. Pass --yes to run it.", label(h), h.Origin.Layer, extra))
	}
	if n := len(g.Held); n > 0 {
		res.HeldNote = fmt.Sprintf("%d hook(s) not run: %s (review with 'hookwarden audit --agent %s', trust with 'hookwarden trust --agent %s', or pass --yes)",
			n, g.HeldWhy(), agent, agent)
	}
	switch {
	case len(g.Planned) == 0:
		res.Verdict = Verdict{Effect: hooks.EffectNothing, Headline: g.Plan.Label + ": no hook runs; " + title + " goes ahead"}
	case ran == 0:
		res.Verdict = Verdict{Effect: hooks.EffectNothing, Headline: g.Plan.Label + ": nothing was run"}
	}
}

// WithInput is a sample payload with the members of input (a query's
// Input: a JSON object; nil for none) set over it.
func WithInput(in *hooks.Object, input []byte) (*hooks.Object, error) {
	if input == nil {
		return in, nil
	}
	fields, err := ParseObject(input, "input")
	if err != nil {
		return nil, &RequestError{Msg: err.Error()}
	}
	for _, k := range fields.Keys() {
		in.Set(k, fields.Value(k))
	}
	return in, nil
}

// NoteSandboxedSequence says, in the dry run of an event whose hooks run
// one after another, what the hooks after one that ran in the sandbox did
// not see of it. Under the agent a later hook sees the files the earlier
// ones wrote (in the project, the home, /tmp) and the processes they
// still have running. In the sandbox a later sandboxed hook of the same
// sandbox.Sequence sees the files the earlier sandboxed ones wrote in the
// overlaid folders (their upper layers stacked under its own:
// Report.SawEarlier counts them), but not what they left in the private
// /tmp, /var/tmp and /dev/shm (Report.TempFiles) or running, which end
// with their sandboxes; a hook that ran for real saw none of it, and what
// it did then may differ, so every hook after it is warned too. Each hook
// whose view was not the agent's gets a warning naming the earlier
// sandboxed hooks (and what of theirs it missed), and the run a note. It
// returns the note ("" when there is none). Hooks that run in parallel
// start together and wait for no other: nothing to say.
func (res *RunResult) NoteSandboxedSequence() string {
	if !res.Sequential {
		return ""
	}
	var boxed, changed, uncarried []string
	later, unstacked, forReal := 0, 0, false
	for i := range res.Hooks {
		h := &res.Hooks[i]
		if !h.Ran {
			continue
		}
		if len(boxed) > 0 {
			stacked := h.Sandboxed && !forReal && h.Sandbox != nil && h.Sandbox.SawEarlier == len(boxed)
			switch {
			case !stacked:
				later++
				unstacked++
				h.Warnings = append(h.Warnings, fmt.Sprintf("ran without what %s wrote (in the project, the home or /tmp) or left running, in a sandbox of its own; under the agent this hook runs after it and would see that, so its answer, and the verdict, may differ from the agent's", strings.Join(boxed, ", ")))
			case len(uncarried) > 0:
				later++
				h.Warnings = append(h.Warnings, fmt.Sprintf("saw the files the earlier sandboxed hooks wrote in the project and the home, but ran without what %s left under /tmp, /var/tmp or /dev/shm or running, which ended with its sandbox; under the agent this hook runs after it and would see that, so its answer, and the verdict, may differ from the agent's", strings.Join(uncarried, ", ")))
			}
			forReal = forReal || !h.Sandboxed
		}
		if h.Sandboxed {
			name := fmt.Sprintf("hook %d (%s)", i+1, h.Label)
			r := h.Sandbox
			if r != nil && (len(r.Files) > 0 || len(r.FilesLeftOut) > 0 || len(r.LeftRunning) > 0) {
				changed = append(changed, name)
				name = fmt.Sprintf("hook %d (%s; its report shows changed files or processes left running)", i+1, h.Label)
			}
			boxed = append(boxed, name)
			if left := notCarried(r); left != "" {
				uncarried = append(uncarried, fmt.Sprintf("hook %d (%s: %s)", i+1, h.Label, left))
			}
		}
	}
	if later == 0 {
		return ""
	}
	note := fmt.Sprintf("each sandboxed hook ran in a sandbox of its own, so %d later hook(s) did not see what the earlier ones wrote (in the project, the home or /tmp) or left running, as they would under the agent, which runs this event's hooks one after another: their answers, and the verdict, may differ (see their warnings)", later)
	if unstacked == 0 {
		note = fmt.Sprintf("the later sandboxed hooks saw the files the earlier ones wrote in the project and the home, but %d of them did not see what the earlier ones wrote under /tmp, /var/tmp or /dev/shm or left running, as they would under the agent, which runs this event's hooks one after another: their answers, and the verdict, may differ (see their warnings)", later)
	}
	if len(changed) > 0 {
		note += fmt.Sprintf("; %s changed files or left processes running", strings.Join(changed, ", "))
	}
	res.Notes = append(res.Notes, note)
	return note
}

// notCarried says what of a sandboxed hook's doings no later hook of its
// sequence saw: the files it left in the sandbox's private temporary
// folders and the processes it left running ("" for none; a hook with no
// report may have left anything).
func notCarried(r *sandbox.Report) string {
	if r == nil {
		return "no report"
	}
	var parts []string
	if n := len(r.TempFiles); n > 0 {
		shown := r.TempFiles[:min(n, 3)]
		part := strings.Join(shown, ", ")
		if n > len(shown) {
			part += fmt.Sprintf(" and %d more", n-len(shown))
		}
		parts = append(parts, part)
	}
	if n := len(r.LeftRunning); n > 0 {
		parts = append(parts, fmt.Sprintf("%d process(es) left running", n))
	}
	return strings.Join(parts, "; ")
}
