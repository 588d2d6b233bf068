package agents

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
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
	// moved since record on).
	Is func(command string, event hooks.Event) bool
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
	}
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
	return recordSet.Install(env, agent, edits)
}

// RecordOff removes agent's observer hooks: files as record on left them
// get their bytes back, a file it created goes, one changed since loses
// only the observer entries.
func RecordOff(env Env, agent string, r Recorder, obs Observer) (EditNotes, error) {
	edits, err := r.RecordEdits(env, obs)
	if err != nil {
		return nil, err
	}
	return recordSet.Remove(env, agent, edits)
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
