package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/history"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// runHistory is `hookwarden history`: the recorded events, newest last,
// each with which hooks the agent's plan runs for its payload and why
// the others do not; `history clear` deletes the history; `history
// import` rebuilds events from the agents' own logs.
func runHistory(ctx context.Context, io *IO, _ agents.Agent, args []string) error {
	store, err := io.historyStore()
	if err != nil {
		return err
	}
	for i, a := range args {
		if a == "import" {
			return runHistoryImport(io, store, append(append([]string(nil), args[:i]...), args[i+1:]...))
		}
		if !strings.HasPrefix(a, "-") && (i == 0 || args[i-1] != "--agent" && args[i-1] != "-agent") {
			break
		}
	}
	list, _, args, err := takeAgent(io, args, true)
	if err != nil {
		return err
	}
	if len(args) > 0 && args[0] == "clear" {
		if len(args) > 1 {
			return usagef("history clear takes no arguments")
		}
		size, files := store.Size()
		if err := store.Clear(); err != nil {
			return err
		}
		printf(io.Stdout, "deleted the event history in %s (%s in %d file(s))\n", store.Dir, byteSize(size), files)
		return nil
	}
	fs := newFlags("history")
	project := fs.String("project", "", "only events in this project folder")
	event := fs.String("event", "", "only this event")
	limit := fs.Int("limit", 20, "show the last N events (0: all)")
	asJSON := jsonFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	recs, errs := store.List()
	for _, e := range errs {
		printf(io.Stderr, "history: %v\n", e)
	}
	var names []string
	for _, a := range list {
		names = append(names, a.Info().Name)
	}
	dir := ""
	if *project != "" {
		dir = io.projectDir(*project)
	}
	var out []history.Record
	for _, r := range recs {
		io.completeRecord(&r)
		if !slices.Contains(names, r.Agent) || *event != "" && r.Event != *event || dir != "" && !agents.SameDir(r.Project, dir) {
			continue
		}
		out = append(out, r)
	}
	if *limit > 0 && len(out) > *limit {
		out = out[len(out)-*limit:]
	}
	planner := newRecordPlanner(io)
	var docs []historyEntry
	for _, r := range out {
		e := historyEntry{Record: r, Plan: planner.plan(ctx, r)}
		if r.IsJSON() {
			e.PayloadJSON = json.RawMessage(r.PayloadBytes())
		}
		docs = append(docs, e)
	}
	if *asJSON {
		if docs == nil {
			docs = []historyEntry{}
		}
		return writeJSON(io.Stdout, docs)
	}
	if len(docs) == 0 {
		size, _ := store.Size()
		printf(io.Stdout, "no recorded event (history: %s, %s; hookwarden record on starts recording, hookwarden history import reads the agents' own logs)\n", store.Dir, byteSize(size))
		return nil
	}
	for _, e := range docs {
		writeHistoryEntry(io, e)
	}
	return nil
}

// historyEntry is one recorded event with its plan (history --json).
type historyEntry struct {
	history.Record
	// PayloadJSON is the payload as JSON when it is (else Payload holds
	// its text).
	PayloadJSON json.RawMessage `json:"payload_json,omitempty"`
	Plan        recordPlan      `json:"plan"`
}

// recordPlan is what the agent's planner says of a recorded payload,
// with the files as they are now.
type recordPlan struct {
	Label string `json:"label,omitempty"`
	Order string `json:"order,omitempty"`
	// Ran are the hooks the plan runs, NotRun the event's other hooks,
	// each with why not.
	Ran    []planHook `json:"ran"`
	NotRun []planHook `json:"not_run"`
	// Observer: Hookwarden's observer is among the hooks that run (it is
	// in neither list).
	Observer bool `json:"observer"`
	// ChangedSince are the agent's files changed after the event: the
	// plan is for them as they are now.
	ChangedSince []string `json:"changed_since,omitempty"`
	Error        string   `json:"error,omitempty"`
}

// planHook is a hook in a recordPlan.
type planHook struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Origin string `json:"origin"`
	// Why is the plan's note for a hook that runs, the reason for one that
	// does not.
	Why string `json:"why,omitempty"`
}

// recordPlanner plans recorded events, opening each project once.
type recordPlanner struct {
	io       *IO
	projects map[string]agents.Project
	errs     map[string]error
}

func newRecordPlanner(io *IO) *recordPlanner {
	return &recordPlanner{io: io, projects: map[string]agents.Project{}, errs: map[string]error{}}
}

// open is the agent's project at dir (opened once).
func (rp *recordPlanner) open(ctx context.Context, a agents.Agent, dir string) (agents.Project, error) {
	key := a.Info().Name + "\x00" + dir
	if p, ok := rp.projects[key]; ok {
		return p, nil
	}
	if err, ok := rp.errs[key]; ok {
		return nil, err
	}
	p, err := a.Open(ctx, rp.io.agentEnv(), dir)
	if err != nil {
		rp.errs[key] = err
		return nil, err
	}
	rp.projects[key] = p
	return p, nil
}

// recordQuery is the agent, event and planner query of a record.
func (rp *recordPlanner) recordQuery(r history.Record) (agents.Agent, agents.Recorder, agents.PayloadFacts, error) {
	a, ok := rp.io.Agents.Get(r.Agent)
	if !ok {
		return nil, nil, agents.PayloadFacts{}, fmt.Errorf("Hookwarden does not read the hooks of %q yet, so it cannot plan this event", r.Agent)
	}
	rec, ok := a.(agents.Recorder)
	if !ok {
		return a, nil, agents.PayloadFacts{}, agents.NotSupported("history", a.Info().Title+" cannot read a recorded payload")
	}
	if !r.IsJSON() {
		return a, rec, agents.PayloadFacts{}, fmt.Errorf("the recorded payload is not a JSON object (%s)", payloadState(r))
	}
	return a, rec, rec.PayloadFacts(hooks.Event(r.Event), r.PayloadBytes()), nil
}

// payloadState says why a payload does not parse.
func payloadState(r history.Record) string {
	switch {
	case r.Truncated:
		return fmt.Sprintf("it was cut at the history's cap; %d bytes were sent", r.Size)
	case r.Size == 0:
		return "the agent sent nothing on stdin"
	}
	return "the agent sent something else"
}

// plan is the agent's plan for r's payload.
func (rp *recordPlanner) plan(ctx context.Context, r history.Record) recordPlan {
	var out recordPlan
	a, _, facts, err := rp.recordQuery(r)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	dir := r.Project
	if dir == "" {
		out.Error = "the event names no project folder"
		return out
	}
	p, err := rp.open(ctx, a, dir)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	plan, err := p.Plan(hooks.Event(r.Event), facts.Query)
	if err != nil {
		out.Error = err.Error()
		return out
	}
	obs, _ := rp.io.observer(a)
	out.Label, out.Order = plan.Label, plan.Order
	origin := func(h *hooks.Hook) string { return agents.OriginLabel(h) }
	for _, h := range plan.Hooks {
		if obs.Ours(h) {
			out.Observer = true
			continue
		}
		out.Ran = append(out.Ran, planHook{ID: h.ID, Name: plan.Name(h), Origin: origin(h), Why: plan.Notes[h.ID]})
	}
	for _, s := range agents.WhyNot(p, plan) {
		if obs.Ours(s.Hook) {
			continue
		}
		ph := planHook{ID: s.ID, Why: s.Reason}
		if s.Hook != nil {
			ph.Name, ph.Origin = plan.Name(s.Hook), origin(s.Hook)
		}
		out.NotRun = append(out.NotRun, ph)
	}
	for _, f := range p.Watch() {
		if fi, err := os.Stat(f); err == nil && !fi.IsDir() && fi.ModTime().After(r.Time) {
			out.ChangedSince = append(out.ChangedSince, f)
		}
	}
	return out
}

// writeHistoryEntry prints one recorded event and its plan.
func writeHistoryEntry(io *IO, e historyEntry) {
	r := e.Record
	title := r.Agent
	if a, ok := io.Agents.Get(r.Agent); ok {
		title = a.Info().Title
	}
	what := r.Event
	if e.Plan.Label != "" {
		what = e.Plan.Label
	} else if r.Tool != "" {
		what += " " + r.Tool
	}
	src := ""
	if r.Source == history.SourceImport {
		src = "  (rebuilt from " + r.Origin + ")"
		if len(r.Rebuilt) > 0 {
			src = "  (rebuilt from " + r.Origin + "; inferred: " + strings.Join(r.Rebuilt, ", ") + ")"
		}
	}
	printf(io.Stdout, "%s  %s  %s  %s  %s%s\n", r.ID, r.Time.Local().Format("2006-01-02 15:04:05"), title, what, r.Project, src)
	if len(r.Redacted) > 0 {
		printf(io.Stdout, "  payload: %s, secrets redacted (%s)\n", byteSize(int64(r.Size)), strings.Join(r.Redacted, ", "))
	}
	if e.Plan.Error != "" {
		printf(io.Stdout, "  plan: %s\n\n", e.Plan.Error)
		return
	}
	switch {
	case len(e.Plan.Ran) == 0:
		printf(io.Stdout, "  no hook of yours runs for it")
	default:
		printf(io.Stdout, "  runs %s:", e.Plan.Order)
	}
	if e.Plan.Observer {
		printf(io.Stdout, " (besides Hookwarden's observer)")
	}
	printf(io.Stdout, "\n")
	for _, h := range e.Plan.Ran {
		printf(io.Stdout, "    + %s  (%s)", h.Name, h.Origin)
		if h.Why != "" {
			printf(io.Stdout, "  %s", h.Why)
		}
		printf(io.Stdout, "\n")
	}
	for _, h := range e.Plan.NotRun {
		name := h.Name
		if name == "" {
			name = h.ID
		}
		printf(io.Stdout, "    - %s  (%s): %s\n", name, h.Origin, h.Why)
	}
	if len(e.Plan.ChangedSince) > 0 {
		printf(io.Stdout, "  note: changed since this event, so the plan is for them as they are now: %s\n", strings.Join(e.Plan.ChangedSince, ", "))
	}
	printf(io.Stdout, "\n")
}

// replayFlag adds run's --replay.
func replayFlag(fs *flag.FlagSet) *string {
	return fs.String("replay", "", "dry-run the hooks with a recorded event's payload (an id from hookwarden history)")
}

// replayRequest turns a recorded event into a run request for its agent:
// the event, the payload as recorded, the planner's query, and the hooks
// of the plan but Hookwarden's observer (a replay must not record
// itself). The project is the recorded one unless dir names another.
func replayRequest(ctx context.Context, io *IO, id, dir string, req agents.RunRequest) (agents.Agent, agents.Project, agents.RunRequest, []string, error) {
	store, err := io.historyStore()
	if err != nil {
		return nil, nil, req, nil, err
	}
	r, err := store.Find(id)
	if err != nil {
		return nil, nil, req, nil, usagef("%v", err)
	}
	io.completeRecord(&r)
	rp := newRecordPlanner(io)
	a, _, facts, err := rp.recordQuery(r)
	if err != nil {
		return nil, nil, req, nil, err
	}
	if dir == "" {
		dir = r.Project
	} else {
		dir = io.projectDir(dir)
	}
	p, err := a.Open(ctx, io.agentEnv(), dir)
	if err != nil {
		return nil, nil, req, nil, fmt.Errorf("%s: %w", a.Info().Title, err)
	}
	req.Event, req.Query, req.Payload = hooks.Event(r.Event), facts.Query, r.PayloadBytes()
	obs, _ := io.observer(a)
	req, notes, err := agents.WithoutObserver(p, obs, req)
	notes = append([]string{fmt.Sprintf("replaying %s %s recorded %s in %s", a.Info().Title, r.Event, r.Time.Local().Format("2006-01-02 15:04:05"), r.Project)}, notes...)
	if err != nil && !errors.Is(err, agents.ErrOnlyObserver) {
		err = runUsage(err)
	}
	return a, p, req, notes, err
}

// runHistoryImport is `history import [--agent A|all] [FILE...]`: every
// event the agents' own logs hold (their default files, or FILEs read by
// the agent named), rebuilt and appended to the history once (an event
// already imported from the same line is skipped).
func runHistoryImport(io *IO, store history.Store, args []string) error {
	name := ""
	var files []string
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--agent" || a == "-agent":
			if i+1 >= len(args) {
				return usagef("--agent needs a value")
			}
			name = args[i+1]
			i++
		case strings.HasPrefix(a, "--agent="):
			name = strings.TrimPrefix(a, "--agent=")
		case strings.HasPrefix(a, "-"):
			return usagef("history import: unknown flag %s", a)
		default:
			files = append(files, a)
		}
	}
	var imps []agents.LogImporter
	var names []string
	for _, imp := range io.Agents.Importers() {
		n, _ := imp.ImportAgent()
		names = append(names, n)
		if name == "" || name == allAgents || name == n {
			imps = append(imps, imp)
		}
	}
	if len(imps) == 0 {
		return usagef("history import: no importer for %q (%s)", name, strings.Join(names, ", "))
	}
	if len(files) > 0 && len(imps) != 1 {
		return usagef("history import FILE...: name the agent whose log it is (--agent %s)", strings.Join(names, "|"))
	}
	recs, _ := store.List()
	seen := map[string]bool{}
	for _, r := range recs {
		if r.Source == history.SourceImport {
			seen[r.Agent+"\x00"+r.Origin+"\x00"+r.Event] = true
		}
	}
	env := io.agentEnv()
	total := 0
	var failed int
	for _, imp := range imps {
		agentName, title := imp.ImportAgent()
		paths := files
		if len(paths) == 0 {
			var err error
			if paths, err = imp.LogFiles(env); err != nil {
				printf(io.Stderr, "%s: %v\n", title, err)
				failed++
				continue
			}
		}
		added := 0
		for _, path := range paths {
			data, err := settingsio.ReadRegularFile(path)
			if err != nil {
				printf(io.Stderr, "%s: %v\n", title, err)
				failed++
				continue
			}
			evs, errs := imp.ImportLog(path, data)
			for _, e := range errs {
				printf(io.Stderr, "%s: %v\n", title, e)
			}
			var batch []history.Record
			for _, ev := range evs {
				origin := fmt.Sprintf("%s:%d", path, ev.Line)
				key := agentName + "\x00" + origin + "\x00" + string(ev.Event)
				if seen[key] {
					continue
				}
				seen[key] = true
				t := ev.Time
				if t.IsZero() {
					t = time.Now()
				}
				r := history.Record{ID: history.NewID(t), Time: t.UTC(), Agent: agentName, Event: string(ev.Event), Project: ev.Project, Tool: ev.Tool,
					Session: ev.Session, Source: history.SourceImport, Origin: origin, Rebuilt: ev.Rebuilt}
				r.SetPayload(ev.Payload, store.PayloadCap())
				batch = append(batch, r)
			}
			if err := store.Append(batch...); err != nil {
				return err
			}
			added += len(batch)
		}
		printf(io.Stdout, "%s: %d event(s) rebuilt from %d log file(s)\n", title, added, len(paths))
		total += added
	}
	size, _ := store.Size()
	printf(io.Stdout, "history: %s (%s)\n", store.Dir, byteSize(size))
	if failed > 0 {
		return fmt.Errorf("history import: %d log file(s) could not be read", failed)
	}
	return nil
}
