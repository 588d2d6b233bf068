package agents

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Recorder is an agent that can run Hookwarden's observer on its events
// (optional): `hookwarden record on` writes one observer hook per event
// into the agent's user settings, written the way the agent reads it; the
// observer (`hookwarden observe`) appends each payload to the private
// history, and `history` and `run --replay` plan and run the hooks with
// it. How the entries are written, which events get one and what a
// payload says are the agent's facts.
type Recorder interface {
	// RecordEdits are the files `record on` writes so that the agent runs
	// command(event) on every event of RecordEvents, in order: each adds
	// every missing entry, and Remove takes out every entry of Hookwarden's
	// observer (and only those). The command must print nothing the agent
	// acts on and exit 0.
	RecordEdits(env Env, obs Observer) ([]UserEdit, error)
	// RecordEvents are the events that get an observer, and the ones left
	// out, each with why (an observer there would change what the agent
	// does).
	RecordEvents() (events []hooks.Event, left []Skipped)
	// PayloadFacts reads a payload the agent sent for event: the folder,
	// tool, session, and the query its planner takes for it.
	PayloadFacts(event hooks.Event, payload []byte) PayloadFacts
}

// Observer is Hookwarden's observer hook as record on writes it.
type Observer struct {
	// Command is the observer's command line for event.
	Command func(event hooks.Event) string
	// Is reports whether a hook's command is the observer of event,
	// whatever binary path it was written with (the binary may have
	// moved since record on). It is for taking the observer out of the
	// user's files; Ours is the check that trusts a hook as Hookwarden's.
	Is func(command string, event hooks.Event) bool
	// tail is the arguments after the program; observe the paths of
	// ObserveBinary and hookwarden the observer may be written with.
	tail            func(event hooks.Event) string
	observe, selves []string
}

// ObserveBinary is the observer's own binary (cmd/hookwarden-observe),
// used when it stands next to hookwarden.
const ObserveBinary = "hookwarden-observe"

// NewObserver is the observer hook of agent for the hookwarden binary
// self: ObserveBinary next to it when it is there (it starts without
// Hookwarden's analysis, much faster on every event), else `self observe`.
func NewObserver(self, agent string) Observer {
	tail := func(e hooks.Event) string {
		return " --agent " + ShellQuote(agent) + " --event " + ShellQuote(string(e))
	}
	command := func(e hooks.Event) string { return ShellQuote(self) + " observe" + tail(e) }
	if own := filepath.Join(filepath.Dir(self), ObserveBinary); isExecutable(own) {
		command = func(e hooks.Event) string { return ShellQuote(own) + tail(e) }
	}
	return Observer{
		Command: command,
		Is: func(c string, e hooks.Event) bool {
			head, ok := strings.CutSuffix(c, tail(e))
			return ok && (strings.HasSuffix(head, " observe") || strings.HasSuffix(strings.TrimSuffix(head, "'"), ObserveBinary))
		},
		tail:    tail,
		observe: []string{filepath.Join(filepath.Dir(self), ObserveBinary)},
		selves:  []string{self},
	}
}

// WithBinary is o also trusting the hookwarden binary self (and the
// ObserveBinary next to it) as its program: the one record on wrote.
func (o Observer) WithBinary(self string) Observer {
	if self == "" || !filepath.IsAbs(self) {
		return o
	}
	o.observe = append(append([]string(nil), o.observe...), filepath.Join(filepath.Dir(self), ObserveBinary))
	o.selves = append(append([]string(nil), o.selves...), self)
	return o
}

// Ours reports whether h really is Hookwarden's observer of its event:
// a command hook whose command line is exactly the one record on writes,
// with the program one of Hookwarden's own binaries (the one running, or
// the one record on wrote) and no environment of its own. A hook that
// only mimics the arguments - another program, anything more on the
// line, a variable that changes what the shell runs - is not.
func (o Observer) Ours(h *hooks.Hook) bool {
	if h == nil || o.tail == nil || h.Kind != hooks.KindHook || len(h.Env) > 0 || (h.Type != "" && h.Type != "command") {
		return false
	}
	tail := o.tail(h.Event)
	// the program as ShellQuote writes it, or in single quotes all the
	// same: both run exactly that path
	is := func(p, rest string) bool {
		return h.Command == ShellQuote(p)+rest || h.Command == "'"+strings.ReplaceAll(p, "'", `'\''`)+"'"+rest
	}
	for _, p := range o.observe {
		if is(p, tail) {
			return true
		}
	}
	for _, p := range o.selves {
		if is(p, " observe"+tail) {
			return true
		}
	}
	return false
}

// OwnObserver is the observer of agent for the running Hookwarden (env's
// Init, else this executable), also trusting the binary record on wrote it
// with (RecordedObserver).
func OwnObserver(env Env, agent string) Observer {
	self := env.Init
	if self == "" {
		self, _ = os.Executable()
	}
	return RecordedObserver(env, agent, NewObserver(self, agent))
}

// HookRisk is the risk analysis of a hook of p (nil: none at hand) in
// projectDir, where Hookwarden's own observer (Observer.Ours) reads as no
// risk of its own: its binary is Hookwarden's, not the project's, and is
// over the analysis's read limit.
func HookRisk(p Project, h *hooks.Hook, projectDir string, obs Observer, opt risk.Options) risk.Report {
	if obs.Ours(h) {
		return risk.Report{Level: risk.LevelNone}
	}
	return risk.Analyze(RiskSubject(p, h, projectDir), opt)
}

// ErrOnlyObserver: no hook but Hookwarden's observer runs for the event.
var ErrOnlyObserver = errors.New("no hook of yours runs for this event (only Hookwarden's observer)")

// WithoutObserver is req for p with Hookwarden's observer left out, so
// that a dry run or a replay does not record itself: the plan's other
// hooks are selected (unless req selects or names hooks itself), with a
// note when the observer was left out; ErrOnlyObserver when it is the
// only hook of the plan.
func WithoutObserver(p Project, obs Observer, req RunRequest) (RunRequest, []string, error) {
	if len(req.HookIDs) > 0 || len(req.Select) > 0 {
		return req, nil, nil
	}
	plan, err := p.Plan(req.Event, req.Query)
	if err != nil {
		return req, nil, err
	}
	var ids, notes []string
	for _, h := range plan.Hooks {
		if obs.Ours(h) {
			notes = append(notes, "Hookwarden's observer is left out of the run")
			continue
		}
		ids = append(ids, h.ID)
	}
	if len(notes) == 0 {
		return req, nil, nil
	}
	if len(ids) == 0 {
		return req, notes, ErrOnlyObserver
	}
	req.Select = ids
	return req, notes, nil
}

// isExecutable reports whether p is an executable regular file.
func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}

// Skipped is an event left out, with why.
type Skipped struct {
	Event  hooks.Event
	Reason string
}

// PayloadFacts are what a recorded payload says of itself.
type PayloadFacts struct {
	Project string
	Tool    string
	Session string
	// Query is the planner's query for the event (its matcher value, the
	// tool input).
	Query Query
	// Event is the event the payload names itself ("" when it does not).
	Event hooks.Event
}

// RecordRecordName is the file in Hookwarden's folder that keeps, per
// agent, what `record on` changed, so that `record off` puts every file
// back byte for byte.
const RecordRecordName = "record.json"

// recordSet is the observer hooks' edit set.
var recordSet = UserEditSet{Record: RecordRecordName, What: "the observer hooks", Entries: "the observer entries"}

// RecordOn writes agent's observer hooks (UserEditSet.Install).
func RecordOn(env Env, agent string, r Recorder, obs Observer) (EditNotes, error) {
	edits, err := r.RecordEdits(env, obs)
	if err != nil {
		return nil, err
	}
	notes, err := recordSet.Install(env, agent, edits)
	if err != nil {
		return notes, err
	}
	if len(obs.selves) > 0 {
		err = updateObserverBinaries(env, func(m map[string]string) { m[agent] = obs.selves[0] })
	}
	return notes, err
}

// ObserverBinariesName is the file in Hookwarden's folder that keeps, per
// agent, the hookwarden binary record on wrote the observer with, so that
// Observer.Ours knows it after the binary moved.
const ObserverBinariesName = "record-binaries.json"

// updateObserverBinaries changes the record of the observers' binaries.
func updateObserverBinaries(env Env, change func(map[string]string)) error {
	dir, err := trust.StoreDirFromEnv(env.Vars, env.GOOS)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, ObserverBinariesName)
	return settingsio.UpdateFileAtomic(path, 0o600, func(cur []byte, exists bool) ([]byte, error) {
		m := map[string]string{}
		if exists && len(bytes.TrimSpace(cur)) > 0 {
			if err := json.Unmarshal(cur, &m); err != nil {
				return nil, fmt.Errorf("reading %s: %w (Hookwarden will not overwrite it; move it away)", path, err)
			}
		}
		change(m)
		out, err := json.MarshalIndent(m, "", "  ")
		return append(out, '\n'), err
	})
}

// RecordedObserver is obs also trusting the hookwarden binary record on
// wrote agent's observer with (none recorded, or a record that does not
// read: obs as it is).
func RecordedObserver(env Env, agent string, obs Observer) Observer {
	dir, err := trust.StoreDirFromEnv(env.Vars, env.GOOS)
	if err != nil {
		return obs
	}
	data, err := settingsio.ReadRegularFile(filepath.Join(dir, ObserverBinariesName))
	if err != nil {
		return obs
	}
	m := map[string]string{}
	if json.Unmarshal(data, &m) != nil {
		return obs
	}
	return obs.WithBinary(m[agent])
}

// RecordOff removes agent's observer hooks: files as record on left them
// get their bytes back, a file it created goes, one changed since loses
// only the observer entries.
func RecordOff(env Env, agent string, r Recorder, obs Observer) (EditNotes, error) {
	edits, err := r.RecordEdits(env, obs)
	if err != nil {
		return nil, err
	}
	notes, err := recordSet.Remove(env, agent, edits)
	if err != nil {
		return notes, err
	}
	return notes, updateObserverBinaries(env, func(m map[string]string) { delete(m, agent) })
}

// RecordStatus says whether the observer hooks are in their files.
func RecordStatus(env Env, r Recorder, obs Observer) (EditState, error) {
	edits, err := r.RecordEdits(env, obs)
	if err != nil {
		return EditState{}, err
	}
	return recordSet.Status(edits), nil
}

// WhyNot are the hooks of plan's event in p that the plan does not run,
// each with why: the plan's own reasons (Plan.Skipped) first, then, for
// a hook the plan leaves out without one, its status and reason from
// the project (disabled, invalid, duplicate, untrusted folder, hooks
// off), else its matcher against the plan's context.
func WhyNot(p Project, plan *Plan) []Skip {
	out := append([]Skip(nil), plan.Skipped...)
	seen := map[string]bool{}
	for _, h := range plan.Hooks {
		seen[h.ID] = true
	}
	for _, s := range plan.Skipped {
		seen[s.ID] = true
	}
	ctx := plan.Context.Tool
	if ctx == "" {
		ctx = plan.Context.Trigger
	}
	for _, h := range p.Hooks() {
		if h.Kind != hooks.KindHook || h.Event != plan.Event || seen[h.ID] {
			continue
		}
		seen[h.ID] = true
		why := ""
		switch {
		case h.Status != hooks.StatusRuns && h.Status != "":
			why = string(h.Status)
			if h.Reason != "" {
				why += ": " + h.Reason
			}
		case h.HasMatcher && ctx != "":
			why = "its matcher " + strconv.Quote(h.Matcher) + " does not match " + strconv.Quote(ctx)
		case h.HasMatcher:
			why = "its matcher " + strconv.Quote(h.Matcher) + " does not match this event"
		default:
			why = "the agent's plan leaves it out (a rule beyond the matcher, e.g. a condition on the tool input)"
		}
		out = append(out, Skip{Hook: h, ID: h.ID, Reason: why})
	}
	return out
}

// RemoveObserverGroups takes the observer groups out of a JSON settings
// file of the Claude-schema shape (hooks.<event>[i]): have holds, per
// event, the indexes of the groups that are Hookwarden's observer, in
// file order; they go last first, so that the indexes still to remove
// stay right. found says whether there was any.
func RemoveObserverGroups(path string, data []byte, evs []hooks.Event, have map[hooks.Event][]int) (out []byte, found bool, err error) {
	for _, e := range evs {
		gs := have[e]
		for i := len(gs) - 1; i >= 0; i-- {
			if data, err = settingsio.JSONRemoveIndex(path, data, []string{"hooks", string(e)}, gs[i]); err != nil {
				return nil, false, err
			}
			found = true
		}
	}
	return data, found, nil
}

// HoldsObserverGroups reports whether every event of evs has an observer
// group in have (the indexes RemoveObserverGroups takes).
func HoldsObserverGroups(evs []hooks.Event, have map[hooks.Event][]int) bool {
	for _, e := range evs {
		if len(have[e]) == 0 {
			return false
		}
	}
	return true
}
