package claudeschema

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Section is an agent's section of Hookwarden's store, for an agent that
// keeps no per-hook trust of its own: its reviewed hooks are approved
// there as agents.CommandSpecs (agents.ReviewSpecs and friends).
type Section struct {
	Store trust.Store
	// Key is the section ("copilot"), Agent the agent's name, Title how
	// people call it, Project the project folder.
	Key, Agent, Title, Project string
	// Noun is what its reviewed hooks are ("repository hook"; "" for
	// "hook"), Named how a person names one ("" for "ID, fingerprint or
	// command"), Picks another name of a spec a selector may give (nil:
	// none).
	Noun, Named string
	Picks       func(sp agents.CommandSpec, sel string) bool
	// Empty is the audit text's line when there is no hook ("" for "No
	// <Title> hooks to review.").
	Empty string
	// DotEnv, when set, is the agent's .env search: the project's files
	// are fingerprinted with every reviewed hook (DotEnv.runtime).
	DotEnv *DotEnv
	// StoreErr is why the store cannot be used (agents.LocateStore's
	// error): Review, TrustStates and Revoke fail with it.
	StoreErr error
	// Git, when set, is where the hooks' git commands find the user's and
	// the machine's git configuration (agents.Env.GitConfig): specs
	// without a runtime get one that carries it.
	Git *trust.GitUserConfig
}

// noun and named are Noun and Named with their defaults.
func (s Section) noun() string  { return cmp.Or(s.Noun, "hook") }
func (s Section) named() string { return cmp.Or(s.Named, "ID, fingerprint or command") }

// Approve approves the specs req names (every one that needs review with
// All) as the snapshot p read them: a hook file changed on disk since
// (agents.UnchangedOnDisk) or a hook the user saw whose scripts changed
// since (req.Reviewed) is refused, as is a partly unwatched one unless
// accepted. review is p's review, specs its reviewed hooks.
func (s Section) Approve(ctx context.Context, p agents.Project, review *agents.Review, specs []agents.CommandSpec, req agents.ApproveRequest, now time.Time) (*agents.ApproveResult, error) {
	var picked []agents.CommandSpec
	if req.All {
		// each hook's review found once (review.Hook per spec made
		// trust --all of 100,000 hooks quadratic)
		reviews := review.HooksByID()
		for _, sp := range specs {
			if rv := reviews[sp.Hook.ID]; rv == nil || rv.NeedsReview() {
				picked = append(picked, sp)
			}
		}
	} else {
		if len(req.IDs) == 0 {
			return nil, agents.BadRequestf("name the %s hooks to approve (their %s), or approve all", s.Title, s.named())
		}
		var missing []string
		if picked, missing = s.Pick(specs, req.IDs); len(missing) > 0 {
			return nil, agents.BadRequestf("no %s %s %q (give its %s; see hookwarden audit --agent %s)", s.Title, s.noun(), strings.Join(missing, `", "`), s.named(), s.Agent)
		}
	}
	var ids []string
	for _, sp := range picked {
		ids = append(ids, sp.Hook.ID)
	}
	if err := agents.UnchangedOnDisk(p, agents.HooksOf(p, ids)); err != nil {
		return nil, err
	}
	if req.Reviewed != nil {
		if err := agents.CompareWithReview(req.Reviewed, review.Hooks); err != nil {
			return nil, err
		}
	}
	if err := agents.CheckUnwatched(ctx, p, ids, req.AcceptUnwatched); err != nil {
		return nil, err
	}
	res := &agents.ApproveResult{Approved: []string{}}
	if len(picked) == 0 {
		res.Nothing = "every " + s.Title + " " + s.noun() + " is approved"
		return res, nil
	}
	keys, err := agents.ApproveSpecs(s.Store, s.Key, s.Agent, s.Project, s.withRuntime(picked), now)
	if err != nil {
		return nil, err
	}
	for _, sp := range picked {
		res.Approved = append(res.Approved, sp.Label)
	}
	res.Files = []string{s.Store.Path()}
	res.Written = append(res.Written, agents.Written{Count: len(keys), What: s.Title + " hook", Store: s.Store.Path()})
	return res, nil
}

// Revoke removes the approvals req names (by spec or key), every one of
// the project (All), or the gone ones of review (Gone).
func (s Section) Revoke(specs []agents.CommandSpec, req agents.RevokeRequest, review func() (*agents.Review, error)) (*agents.RevokeResult, error) {
	if s.StoreErr != nil {
		return nil, s.StoreErr
	}
	var keys []string
	if !req.All {
		picked, missing := s.Pick(specs, req.IDs)
		for _, sp := range picked {
			keys = append(keys, sp.Key())
		}
		keys = append(keys, missing...)
		if req.Gone {
			r, err := review()
			if err != nil {
				return nil, err
			}
			for _, g := range r.Gone {
				keys = append(keys, g.Key)
			}
		}
	}
	removed, err := agents.RevokeSpecs(s.Store, s.Key, s.Agent, s.Project, keys, req.All)
	if err != nil {
		return nil, err
	}
	res := &agents.RevokeResult{Revoked: append([]string{}, removed...)}
	if len(removed) > 0 {
		res.Files = []string{s.Store.Path()}
	}
	res.Written = append(res.Written, agents.Written{Count: len(removed), What: s.Title + " hook approval", Store: s.Store.Path()})
	return res, nil
}

// Pick selects specs by hook ID (that spec alone), fingerprint (8+
// characters), command, label, a non-hook command's name (an MCP
// server's) or Picks; missing are the selectors that name none.
func (s Section) Pick(specs []agents.CommandSpec, sels []string) (out []agents.CommandSpec, missing []string) {
	seen := map[string]bool{}
	for _, sel := range sels {
		found, alone := false, slices.IndexFunc(specs, func(sp agents.CommandSpec) bool { return sp.Hook.ID == sel })
		for i, sp := range specs {
			if alone >= 0 && i != alone {
				continue
			}
			if sp.Hook.ID == sel || len(sel) >= 8 && strings.HasPrefix(sp.Key(), sel) || strings.TrimSpace(sp.Hook.Command) == strings.TrimSpace(sel) ||
				sp.Label == sel || sp.Hook.Kind != "" && sp.Hook.Name == sel || s.Picks != nil && s.Picks(sp, sel) {
				found = true
				if !seen[sp.Hook.ID] {
					seen[sp.Hook.ID] = true
					out = append(out, sp)
				}
			}
		}
		if !found {
			missing = append(missing, sel)
		}
	}
	return out, missing
}

// Layer is the section's row among an agent's layers (nil when the
// store cannot be located).
func (s Section) Layer() []agents.Layer {
	return agents.StoreLayer(s.Store, nil, "Hookwarden's approvals of "+s.Title+" hooks", "nothing approved through Hookwarden yet")
}

// RecordTrace adds the files a traced run saw to the approval of key in
// the section (or, for a user hook that runs project code, in the
// commands section): agents.TraceRecorder for an agent on the kit. A key
// that is not approved is an error and nothing is written.
func (s Section) RecordTrace(key string, seen []trust.ScriptSnapshot) error {
	if s.StoreErr != nil {
		return s.StoreErr
	}
	return s.Store.Update(func(d *trust.StoreData) error {
		if agents.TraceSpec(d, s.Key, s.Agent, s.Project, key, seen) || agents.TraceCommand(d, s.Agent, s.Project, key, seen) {
			return nil
		}
		return fmt.Errorf("recording the trace: %s is not approved in Hookwarden's store", key)
	})
}

// Recorder is agents.TraceRecorder for an agent on the kit, through the
// Section it returns (embedded in the agent's project).
type Recorder func() Section

// RecordTrace is agents.TraceRecorder: Section.RecordTrace.
func (r Recorder) RecordTrace(_ context.Context, key string, seen []trust.ScriptSnapshot) error {
	return r().RecordTrace(key, seen)
}

// Document is the review document of r for an agent on the kit: the
// members every such agent has, then more (key, value pairs) over them.
func (s Section) Document(r *agents.Review, more ...any) map[string]any {
	d := map[string]any{"agent": s.Agent, "project": s.Project, "store": s.Store.Path(), "needs_review": r.NeedsReview,
		"folder_trust": r.FolderTrust, "hooks": r.Hooks, "gone": r.Gone, "unreadable": r.Unreadable}
	for i := 0; i+1 < len(more); i += 2 {
		d[fmt.Sprint(more[i])] = more[i+1]
	}
	return d
}

// Reaching are the hooks of hs outside the project's layer (the user's,
// the system's) that run the project's code (`make -s format`), run as
// the agent runs them (the runtime of DotEnv): reviewed as the project's
// (agents.ReachingHooks). Commands, when given, are the agent's other
// command entries: those of the user's own that run the project's code
// (an MCP server started in the project, `bash srv.sh`) are reviewed so
// too; prompt commands are left to ReachingTemplates.
func (s Section) Reaching(hs []*hooks.Hook, home string, project settingsio.Layer, commands ...[]*hooks.Hook) []agents.CommandSpec {
	hs = slices.Clip(hs)
	for _, cs := range commands {
		for _, h := range cs {
			if h.Kind != hooks.KindPromptCommand {
				hs = append(hs, h)
			}
		}
	}
	rt := s.DotEnv.runtime(s.Project)
	if rt == nil {
		rt = &trust.Runtime{}
	}
	return agents.ReachingHooks(s.Project, home, hs, *rt, func(h *hooks.Hook) bool { return h.Origin.Layer == project })
}
