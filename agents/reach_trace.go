package agents

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/hookwarden/hookwarden/trust"
)

// User hooks whose reach into the project only a run can show (issue 20,
// item 6). `mytool check` in the user's own settings names no file of
// the project, but mytool, a program Hookwarden does not read, runs in the
// project's folder and may load ./.mytoolrc.js by itself: a pull that
// changes that file changes what the hook runs. Discovery says which
// programs may do so (trust.Discovery.Foreign); TraceUserHooks runs such
// a hook once in the sandbox with its event's sample payload (never for
// real) and keeps, per project, the project files it read
// (CommandsProject.Traced). A hook whose trace read project files is then
// reviewed, approved (with those files fingerprinted), held by the dry
// run and reported like any user hook that runs project code; one whose
// trace read none is left alone while the paths of the project it looked
// for stay missing (they are kept, absent: a .mytoolrc a pull adds makes
// it reaching, reviewed like the others); one never traced here is named as such
// (UntracedUserHooks: "not traced in this folder", never "clean"), but is
// not held: what it runs is the user's own program.
//
// The rule that keeps the common case quiet is what discovery knows, not
// a list of hooks: a program it reads to the end (a shell script it
// follows), one known to read only what it is handed (jq, notify-send,
// curl), a version probe, and a tool known to load the project's code
// (npx prettier of a declared dependency, make, npm run: reaching already)
// need no trace; any other program does.

// UserHookTracer is a project whose agent runs hooks of the user's own
// settings that Hookwarden reviews per project when they reach it
// (optional; Gemini CLI and Claude Code have it).
type UserHookTracer interface {
	// UserReach is ReachingHooks for the project: the user hooks that run
	// project code and those whose reach only a run shows (Foreign set),
	// not settled against the store, with the project folder as the store
	// keys it.
	UserReach() (project string, specs []CommandSpec)
	// ReachStore is Hookwarden's store that keeps their approvals and
	// traces.
	ReachStore() (trust.Store, error)
}

// settleReach settles the specs of user hooks whose reach only a run
// shows against their traces in data: one whose trace in this project
// read project files, or looked for one that is there now, is reaching
// (Reaches are those files, Traced their fingerprints at the trace,
// absent ones included), any other is left out. Other specs pass through
// as they are.
func settleReach(data *trust.StoreData, agent, project string, specs []CommandSpec) []CommandSpec {
	var traced map[string]*CommandApproval
	if data != nil {
		if p, err := commandsProject(data, agent, project, false); err == nil && p != nil {
			traced = p.Traced
		}
	}
	out := make([]CommandSpec, 0, len(specs))
	for _, c := range specs {
		if c.Foreign == "" {
			out = append(out, c)
			continue
		}
		tr := traced[c.Key()]
		if tr == nil {
			continue
		}
		var reaches []string
		for _, s := range tr.Scripts {
			switch {
			case trust.IsListing(s.Path):
				// A folder it listed: reaching once its listing changed
				// (a pull added a file there), as a missing path that
				// appeared.
				if changed, why := trust.ListingChanged(s, project); changed {
					reaches = append(reaches, s.Path+" ("+why+")")
				}
			case s.Exists:
				reaches = append(reaches, s.Path+" (seen running when traced)")
			case !absentNow(s.Path):
				// Missing when traced, there now (a pull added it): the
				// hook runs what it says; reviewed from here on.
				reaches = append(reaches, s.Path+" (missing when traced, there now)")
			}
		}
		if len(reaches) == 0 {
			continue // it read nothing of the project, and what it looked for is still missing
		}
		c.Traced, c.Reaches = tr.Scripts, reaches
		out = append(out, c)
	}
	return out
}

// absentNow reports whether nothing is at p (a dangling link counts as
// absent, as a fingerprint takes it); a path that cannot be checked is
// not absent (fail closed: the hook is reviewed).
func absentNow(p string) bool {
	_, err := os.Stat(p)
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

// TracedReach is, of specs (UserHookTracer.UserReach), those whose reach
// only a run shows and whose trace in this project (in data) read files
// of it, or looked for one that is there now: by hook ID, with Reaches
// and Traced set (the trace's fingerprints, absent paths included). An
// agent whose own review covers its user hooks (Codex CLI asks trust for
// them) reviews these files with them.
func TracedReach(data *trust.StoreData, agent, project string, specs []CommandSpec) map[string]CommandSpec {
	out := map[string]CommandSpec{}
	for _, c := range settleReach(data, agent, project, specs) {
		if c.Foreign != "" {
			out[c.Hook.ID] = c
		}
	}
	return out
}

// staticReach leaves out the specs whose reach only a run shows.
func staticReach(specs []CommandSpec) []CommandSpec {
	return slices.DeleteFunc(slices.Clone(specs), func(c CommandSpec) bool { return c.Foreign != "" })
}

// UntracedHook is a user hook whose reach into the project only a run can
// show and that was never traced in it (or was changed since).
type UntracedHook struct {
	HookID string `json:"hook_id"`
	Label  string `json:"label"`
	// Programs are the programs that may open files of the folder by
	// themselves ("mytool").
	Programs string `json:"programs"`
}

// UntracedUserHooks are the user hooks of p whose reach into the project
// only a run can show and that have no trace in this project (data: the
// store, read by the caller).
func UntracedUserHooks(p Project, data *trust.StoreData) []UntracedHook {
	t, ok := p.(UserHookTracer)
	if !ok {
		return nil
	}
	project, specs := t.UserReach()
	var traced map[string]*CommandApproval
	if data != nil {
		if cp, err := commandsProject(data, p.Agent().Name, project, false); err == nil && cp != nil {
			traced = cp.Traced
		}
	}
	var out []UntracedHook
	for _, c := range specs {
		if c.Foreign != "" && traced[c.Key()] == nil {
			out = append(out, UntracedHook{HookID: c.Hook.ID, Label: c.Label, Programs: c.Foreign})
		}
	}
	return out
}

// UserTrace is what the trace of one user hook saw of the project.
type UserTrace struct {
	*Trace
	// Reaches says the run read files of the project: the hook is now
	// reviewed as reaching it.
	Reaches bool
}

// TraceUserHooks runs, once each in the sandbox with its event's sample
// payload (never outside it), the user hooks of p whose reach only a run
// can show (those never traced here, or every one with all), and keeps in
// Hookwarden's store, per project, the project files each read. A hook
// that cannot run in the sandbox is reported (NotRun) and nothing is kept
// for it: it stays untraced. The caller asks the user first: a trace runs
// the hook's code, in the sandbox.
func TraceUserHooks(ctx context.Context, p Project, opts TraceOptions, all bool, progress func(*UserTrace)) ([]*UserTrace, error) {
	t, ok := p.(UserHookTracer)
	if !ok {
		return nil, nil
	}
	store, err := t.ReachStore()
	if err != nil {
		return nil, err
	}
	data, err := store.Load()
	if err != nil {
		return nil, err
	}
	agent := p.Agent().Name
	project, specs := t.UserReach()
	untraced := map[string]bool{}
	for _, u := range UntracedUserHooks(p, data) {
		untraced[u.HookID] = true
	}
	type kept struct {
		key string
		rec *CommandApproval
	}
	var out []*UserTrace
	var keep []kept
	for _, c := range specs {
		if c.Foreign == "" || !all && !untraced[c.Hook.ID] {
			continue
		}
		rv := reachReviewOf(c)
		tr, err := TraceHook(ctx, p, rv, opts)
		if err != nil {
			return out, err
		}
		ut := &UserTrace{Trace: tr}
		if r := tr.Run; tr.Ran && r != nil && (r.HasExitCode && (r.ExitCode == 126 || r.ExitCode == 127) || !r.HasExitCode && r.Error != "") {
			// The shell could not start its program in the sandbox (not found
			// there, not executable; the agent's runner reports it as an
			// error): the run shows nothing of what it reads, so nothing is
			// kept and the hook stays untraced.
			why := strings.TrimSpace(r.Stderr + " " + r.Error)
			if len(why) > 200 {
				why = why[:200] + "…"
			}
			tr.Ran, tr.NotRun = false, "its program could not be started in the sandbox: "+why
		}
		if tr.Ran && tr.Cut {
			// More than the sandbox records: what it read or looked for past
			// the cap is unknown, so nothing is kept and it stays untraced.
			tr.Ran, tr.NotRun = false, TraceCutWhy
		}
		if tr.Ran && tr.Err == nil {
			var seen []trust.ScriptSnapshot
			for _, s := range tr.Seen {
				if inside(s.Path, project) || inside(s.Path, realPath(project)) {
					seen = append(seen, s)
				}
			}
			tr.Seen = seen
			ut.Reaches = slices.ContainsFunc(seen, func(s trust.ScriptSnapshot) bool { return s.Exists && !trust.IsListing(s.Path) })
			keep = append(keep, kept{c.Key(), &CommandApproval{Kind: string(c.Hook.Kind), Name: c.Hook.Name, File: c.Hook.Origin.File,
				Label: c.Label, Fields: c.Fields, ApprovedAt: time.Now().UTC().Format(time.RFC3339), Scripts: append([]trust.ScriptSnapshot{}, seen...)}})
		} else if tr.Ran && tr.Err != nil {
			tr.NotRun = fmt.Sprintf("a file it read cannot be fingerprinted: %v", tr.Err)
			tr.Ran = false
		}
		if progress != nil {
			progress(ut)
		}
		out = append(out, ut)
	}
	if len(keep) == 0 {
		return out, nil
	}
	err = store.Update(func(d *trust.StoreData) error {
		cp, err := commandsProject(d, agent, project, true)
		if err != nil {
			return err
		}
		if cp.Traced == nil {
			cp.Traced = map[string]*CommandApproval{}
		}
		for _, k := range keep {
			cp.Traced[k.key] = k.rec
		}
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("keeping the traces of the user hooks in %s: %w", store.Path(), err)
	}
	return out, nil
}

// realPath is p with its symbolic links resolved (p when it cannot be).
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// UntracedNote is the line a face shows for user hooks never traced in
// the folder: they are not clean, and not held either.
func UntracedNote(u []UntracedHook) string {
	if len(u) == 0 {
		return ""
	}
	var names []string
	for _, h := range u {
		names = append(names, h.Label+" (runs "+h.Programs+")")
	}
	return fmt.Sprintf("not traced in this folder: %d hook(s) of your own settings run programs that may open files of this folder by themselves, which only a run shows: %s; `hookwarden trust --trace-user` runs them once in the sandbox",
		len(u), strings.Join(names, "; "))
}

// UntracedIn is UntracedUserHooks with p's own store, read through env
// (Env.LoadStore: the command's one decode of it), nil when p has no user
// hooks to trace. A store that cannot be read counts every such hook as
// untraced.
func UntracedIn(env Env, p Project) []UntracedHook {
	t, ok := p.(UserHookTracer)
	if !ok {
		return nil
	}
	var data *trust.StoreData
	if store, err := t.ReachStore(); err == nil {
		data, _ = env.LoadStore(store)
	}
	return UntracedUserHooks(p, data)
}

// UserHookReach is how a hook of the user's own settings reaches the
// project, as the list marks it.
type UserHookReach struct {
	// Reaches is the project code it runs (files, and reasons no file
	// names): it is reviewed for this project.
	Reaches []string `json:"reaches,omitempty"`
	// Untraced names the programs that may open files of the folder by
	// themselves, when it was never traced here.
	Untraced string `json:"untraced,omitempty"`
}

// UserReachOf is, by hook ID, every user hook of p that reaches the
// project (statically, or as its trace here showed) or whose reach was
// never traced here, its store read through env; nil when p has none.
func UserReachOf(env Env, p Project) map[string]UserHookReach {
	t, ok := p.(UserHookTracer)
	if !ok {
		return nil
	}
	project, specs := t.UserReach()
	if len(specs) == 0 {
		return nil
	}
	var data *trust.StoreData
	if store, err := t.ReachStore(); err == nil {
		data, _ = env.LoadStore(store)
	}
	out := map[string]UserHookReach{}
	for _, c := range settleReach(data, p.Agent().Name, project, specs) {
		out[c.Hook.ID] = UserHookReach{Reaches: c.Reaches}
	}
	for _, u := range UntracedUserHooks(p, data) {
		out[u.HookID] = UserHookReach{Untraced: u.Programs}
	}
	return out
}

// Lines are the list's lines under the hook.
func (r UserHookReach) Lines() []string {
	var out []string
	if len(r.Reaches) > 0 {
		out = append(out, ReachLabel+" (reviewed for this project): "+strings.Join(r.Reaches, ", "))
	}
	if r.Untraced != "" {
		out = append(out, "not traced in this folder: runs "+r.Untraced+", which may open files here by itself (hookwarden trust --trace-user)")
	}
	return out
}
