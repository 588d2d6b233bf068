package agents

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/sandbox"
	"github.com/hookwarden/hookwarden/trust"
)

// TraceRecorder is a Reviewer that adds to an approval the files a traced
// run of the hook read or executed (optional; every agent with
// fingerprinted approvals has it). RecordTrace replaces the traced files
// of the approval of key (HookReview.Key) with seen; a key that is not
// approved is an error and nothing is written.
type TraceRecorder interface {
	RecordTrace(ctx context.Context, key string, seen []trust.ScriptSnapshot) error
}

// TraceOptions are what a trace needs beyond the project.
type TraceOptions struct {
	// StoreDir is Hookwarden's store folder: what the hook reads there is
	// not fingerprinted (the store changes with every approval).
	StoreDir string
	// Events are the agent's events (Agent.Events), for the query the
	// hook's matcher answers to.
	Events []EventInfo
	// AcceptUnwatched approves hooks whose discovery stays incomplete
	// after the trace (reasons a run cannot stand in for), as
	// ApproveRequest.AcceptUnwatched.
	AcceptUnwatched bool
}

// Trace is one run of a hook in the sandbox with its event's sample
// payload, and the files it read or executed there.
type Trace struct {
	HookID string
	Label  string
	// Ran says the hook ran in the sandbox; NotRun says why not (the
	// sandbox cannot start here, the hook is not a command): then
	// nothing was traced and Seen is empty.
	Ran    bool
	NotRun string
	// NoEvent says the entry is a command the agent starts itself (a
	// server, a helper), not a hook of an event: it cannot be traced, and
	// a traced approval approves it on its fingerprints, as without a trace.
	NoEvent bool
	// Seen are the fingerprints of the files the run read or executed
	// under the project, the agents' folders and the home that discovery
	// does not find: they join the approval (trust.TracedVia). Those
	// without Exists are paths the run looked for that were not there (a
	// config file a program tries, a module an interpreter probes): their
	// absence is fingerprinted, so that a file a pull adds there reads as
	// a change.
	Seen []trust.ScriptSnapshot
	// Discovered are the files the run read that discovery finds too.
	Discovered []string
	// Cut says the run read, or looked for, more files than the sandbox
	// records: the trace is incomplete.
	Cut bool
	// Failed says why the run does not stand for the hook at all ("exit
	// 127 (command not found)", killed, timed out, a limit of the
	// sandbox hit): it covers none of the hook's reasons. NotStarted are
	// the programs the hook's reasons name (trust.UnresolvedCode.Program:
	// a program Hookwarden does not know) that never started in the run:
	// what they open is not in the trace, so their reasons stay.
	Failed     string
	NotStarted []string
	// Err is a file seen that could not be fingerprinted.
	Err error
	// Run is the sandboxed run itself (its report, its answer).
	Run *HookRun
}

// TraceHook runs the hook of rv once in the sandbox (never outside it,
// whatever its approval) with the sample payload of its event, and
// fingerprints what it read. The caller asks the user first: a trace runs
// the hook's code, in the sandbox.
func TraceHook(ctx context.Context, p Project, rv HookReview, opts TraceOptions) (*Trace, error) {
	t := &Trace{HookID: rv.HookID, Label: rv.Label}
	var h *hooks.Hook
	for _, x := range p.Hooks() {
		if x.ID == rv.HookID {
			h = x
			break
		}
	}
	if h == nil {
		return nil, fmt.Errorf("tracing %s: no hook has the ID %s", rv.Label, rv.HookID)
	}
	if _, ok := rv.RunsCommand(); !ok {
		t.NotRun = "it runs no command (nothing to trace)"
		return t, nil
	}
	res, err := p.DryRun(ctx, RunRequest{Event: h.Event, Query: traceQuery(opts.Events, h), HookIDs: []string{h.ID}, Sandbox: SandboxAlways, AsTrusted: true, Trace: true})
	if err != nil && h.Kind != hooks.KindHook {
		// a command the agent starts itself (a server, a helper) has no
		// event a dry run could play: it is not traced, and its approval
		// rests on its fingerprints, as without --trace
		t.NotRun = "no event of the agent runs it as a hook (a server, a helper or a command the agent starts itself), so a trace cannot run it as the agent would (" + err.Error() + "); its approval rests on what discovery found"
		t.NoEvent = true
		return t, nil
	}
	if err != nil {
		return nil, fmt.Errorf("tracing %s: %w", rv.Label, err)
	}
	for i := range res.Hooks {
		if r := &res.Hooks[i]; r.ID == h.ID && r.Ran && r.Sandboxed && r.Sandbox != nil {
			t.Run = r
		}
	}
	if t.Run == nil {
		switch {
		case res.Gate != nil && res.Gate.SandboxUnavailable != "":
			t.NotRun = res.Gate.SandboxUnavailable
		case res.HeldNote != "":
			t.NotRun = res.HeldNote
		default:
			t.NotRun = "it did not run in the sandbox"
			for _, r := range res.Hooks {
				switch {
				case r.ID != h.ID:
				case r.NotRunReason != "":
					t.NotRun = r.NotRunReason
				case r.Error != "":
					t.NotRun = "it did not run in the sandbox: " + r.Error
				}
			}
		}
		return t, nil
	}
	t.Ran = true
	t.Cut = t.Run.Sandbox.ReadsCut || t.Run.Sandbox.AbsentCut || t.Run.Sandbox.ListedCut
	t.Failed = runFailed(t.Run)
	t.NotStarted = notStarted(rv.Unresolved, t.Run)
	files := tracedFiles(p.Dir(), rv, t.Run, res.Payload, opts)
	t.Discovered = files.discovered
	t.Seen, t.Err = trust.SnapshotTraced(p.Dir(), files.seen)
	return t, nil
}

// traceQuery is a query the hook's matcher answers to: its first
// alternative when that is a plain word, else the first value the agent
// is known to send.
func traceQuery(events []EventInfo, h *hooks.Hook) Query {
	ev, ok := LookupEvent(events, h.Event)
	if !ok || ev.Context == ContextNone {
		return Query{}
	}
	word := strings.Split(h.Matcher, "|")[0]
	plain := word != "" && strings.Trim(word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") == ""
	if !plain {
		word = ""
		if len(ev.Values) > 0 {
			word = ev.Values[0]
		}
	}
	if ev.Context == ContextTool {
		return Query{Tool: word}
	}
	return Query{Trigger: word}
}

type traced struct {
	seen       []trust.TracedFile
	discovered []string
}

// tracedFiles sorts what a sandboxed run read: files discovery finds too,
// and the rest, which are fingerprinted; left out are those the payload
// names (a transcript), Hookwarden's store and git's own data (objects,
// refs, the index: they change with every commit; .git/config and
// .git/hooks stay). The paths it looked for and did not find are
// fingerprinted as absent, with the same exceptions, and only in the
// project: a path missing in the home or an agent's folder is not the
// project's (no pull can put a file there; the user and the user's tools
// do). A file of the project the run created itself and then read, ran or
// looked for (a cache, a generated script) is kept as absent and marked
// made by the hook (trust/products.go): there later, it is the hook's own
// product only while git does not track it; one it created and never read
// is its output, left out, as is anything it created outside the project.
func tracedFiles(project string, rv HookReview, run *HookRun, payload string, opts TraceOptions) traced {
	rep := run.Sandbox
	resolve := func(p string) string {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			return real
		}
		return p
	}
	static := map[string]bool{}
	for _, s := range rv.Scripts {
		if s.Via == trust.TracedVia {
			continue // seen by an earlier trace: this one records it again (RecordTrace replaces the traced files)
		}
		static[s.Path], static[resolve(s.Path)] = true, true
	}
	// made are the files the run wrote: created, or changed (a state file
	// the hook rewrites on every run and reads back). One it also read is
	// its own product while git does not track it (trust/products.go).
	created, made := map[string]bool{}, map[string]bool{}
	for _, f := range rep.Files {
		switch f.Change {
		case "created":
			created[f.Path], made[f.Path] = true, true
		case "changed":
			made[f.Path] = true
		}
	}
	secret := map[string]bool{}
	for _, s := range rep.Secrets {
		secret[s.Path] = true
	}
	realProject := resolve(project)
	store := ""
	if opts.StoreDir != "" {
		store = resolve(opts.StoreDir)
	}
	var out traced
	inProject := func(p string) bool { return inside(p, realProject) || inside(p, project) }
	skip := func(p string) bool {
		return created[p] && !inProject(p) || payload != "" && strings.Contains(payload, p) || store != "" && inside(p, store) || gitData(p)
	}
	read := map[string]bool{}
	for _, p := range slices.Sorted(slices.Values(rep.Reads)) {
		read[p] = true
		switch {
		case static[p]:
			out.discovered = append(out.discovered, p)
		case skip(p):
		default:
			out.seen = append(out.seen, trust.TracedFile{Path: p, KeepContent: inside(p, realProject) && !secret[p], MadeByHook: made[p] && inProject(p)})
		}
	}
	for _, p := range slices.Sorted(slices.Values(rep.Absent)) {
		if !static[p] && !read[p] && !skip(p) && inProject(p) {
			out.seen = append(out.seen, trust.TracedFile{Path: p, KeepContent: true, MadeByHook: created[p]})
		}
	}
	for _, p := range slices.Sorted(slices.Values(rep.Listed)) {
		// a folder it listed: a file a pull adds there changes what the
		// listing finds (trust.ListingPath)
		if !skip(p) && !gitData(trust.ListingPath(p)) {
			out.seen = append(out.seen, trust.TracedFile{Path: trust.ListingPath(p), KeepContent: inside(p, realProject), MadeByHook: created[p]})
		}
	}
	return out
}

// gitData reports whether p is git's own data in a .git folder (not its
// config or hooks, which run code); p with a trailing separator is a
// folder's listing (.git itself and its folders but hooks/ are git's data).
// The git folders of submodules and worktrees inside it (modules/NAME/,
// worktrees/NAME/) hold their own config (config, config.worktree) and
// hooks/, read by a git run there: they are no data either (a
// core.fsmonitor written into a submodule's config runs when a hook runs
// git status in it). A file named config or a folder named hooks
// outside the top's refs/, logs/ and objects/ is taken as such (fail
// closed: a ref of a submodule named so is then watched too).
func gitData(p string) bool {
	i := strings.LastIndex(p, "/.git/")
	if i < 0 {
		return false
	}
	parts := strings.Split(p[i+len("/.git/"):], "/")
	for j, el := range parts {
		switch {
		case j == 0 && (el == "refs" || el == "logs" || el == "objects"):
			return true // not below modules/: a submodule may be named so
		case el == "hooks" && j < len(parts)-1:
			return false // the folder or a file in it
		case j == len(parts)-1 && (el == "config" || el == "config.worktree"):
			return false
		}
	}
	return true
}

// inside reports whether p is dir or in it.
func inside(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// runFailed is why a traced run does not stand for the hook ("" when it
// does): the shell could not find (127) or start (126) a program, the run
// was killed, timed out or cancelled, or it ran into a limit of the
// sandbox. Such a run may have stopped before the code whose opens it was
// to record, so it covers none of the hook's reasons (fail closed).
func runFailed(r *HookRun) string {
	switch {
	case r.TimedOut:
		return "it timed out"
	case r.Cancelled:
		return "it was cancelled"
	case r.Signal != "":
		return "it was killed (" + r.Signal + ")"
	case r.HasExitCode && r.ExitCode == 127:
		if name := notFound(r.Stderr); name != "" {
			return "exit 127 (command not found: " + name + ")"
		}
		return "exit 127 (command not found)"
	case r.HasExitCode && r.ExitCode == 126:
		return "exit 126 (a program was found but could not be run)"
	case r.Error != "" && !r.HasExitCode:
		return r.Error
	}
	if r.Sandbox != nil {
		for _, l := range r.Sandbox.Limits {
			if l.Hit {
				return "it ran into the sandbox's " + l.Resource + " limit (" + l.Limit + ")"
			}
		}
	}
	return ""
}

// notFoundLine is a shell's "not found" message: bash's "x: command not
// found", dash's "x: not found".
var notFoundLine = regexp.MustCompile(`(?m)([^\s:'"]+): (?:command )?not found\s*$`)

// notFound is the program a shell's stderr says it could not find.
func notFound(stderr string) string {
	if m := notFoundLine.FindStringSubmatch(stderr); m != nil {
		return m[1]
	}
	return ""
}

// notStarted are the programs reasons name that never started in run
// (by the base name of the file executed or of its argv[0]).
func notStarted(reasons []trust.UnresolvedCode, r *HookRun) []string {
	started := map[string]bool{}
	if r.Sandbox != nil {
		for _, p := range r.Sandbox.Programs {
			started[programName(p.Path)] = true
			if len(p.Argv) > 0 {
				started[programName(p.Argv[0])] = true
			}
		}
	}
	var out []string
	for _, u := range reasons {
		key := u.StartsKey()
		switch {
		case key == "" || slices.Contains(out, key):
		case u.Program != "":
			if !started[programName(u.Program)] {
				out = append(out, key)
			}
		case !startedBeyond(r, u.File):
			// A script said to start programs that started none in this
			// run: the branch that starts them was not taken (a payload,
			// the sandbox itself can decide it), so the run does not stand
			// in for what they open.
			out = append(out, key)
		}
	}
	return out
}

// startedBeyond reports whether the run started a program after the
// last one handed the script (an argument of it names the script: the
// interpreter running it, after any wrapper such as a version manager's
// shim, whose own helpers start before it) that does not name the script
// itself: evidence that the script started programs of its own. The
// sandbox records programs in the order they start. A run in which no
// program names the script gives no evidence (fail closed). This is
// evidence, not proof: without a process tree a later program of the
// command (`&& cat`, a pipe's jq) passes for the script's, and one program
// the script did start (`subprocess.run(["true"])`) stands for every
// other it may start on another payload (review16). One run cannot stand
// for a branch it did not take; only checking the real run against the
// approval can.
func startedBeyond(r *HookRun, script string) bool {
	if r.Sandbox == nil {
		return false
	}
	base := filepath.Base(script)
	names := func(p sandbox.Program) bool {
		return slices.ContainsFunc(p.Argv, func(a string) bool { return strings.Contains(a, base) })
	}
	last := -1
	for i, p := range r.Sandbox.Programs {
		if names(p) {
			last = i
		}
	}
	if last < 0 {
		return false
	}
	for _, p := range r.Sandbox.Programs[last+1:] {
		if !names(p) {
			return true
		}
	}
	return false
}

func programName(p string) string {
	return strings.TrimSuffix(filepath.Base(strings.ReplaceAll(p, `\`, "/")), ".exe")
}

// Covers reports whether the traced run stands in for reason u: it ran
// (not failed), and the program u names, if any, started in it (for a
// script that starts programs Hookwarden does not follow: it started one,
// UnresolvedCode.StartsKey).
func (t *Trace) Covers(u trust.UnresolvedCode) bool {
	return t.Ran && t.Failed == "" && (u.StartsKey() == "" || !slices.Contains(t.NotStarted, u.StartsKey()))
}

// Shortfall is why the traced run leaves reasons of the hook uncovered,
// in words ("the traced run did not get to run mytool: exit 127 (command
// not found)"), or "" when it covers what a run can.
func (t *Trace) Shortfall() string {
	switch {
	case !t.Ran:
		return ""
	case t.Failed != "":
		what := strings.Join(t.NotStarted, ", ")
		if what == "" {
			what = "the hook to its end"
		}
		return "the traced run did not get to run " + what + ": " + t.Failed + "; it covers none of the hook's reasons"
	case len(t.NotStarted) > 0:
		return "the traced run did not get to run " + strings.Join(t.NotStarted, ", ") + " (never started in the sandbox with the sample payload): what it opens of the project stays unwatched"
	}
	return ""
}
