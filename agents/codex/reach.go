package codex

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// RecordTrace adds the files a traced run saw to Hookwarden's record of
// the approval of the trust key key (agents.TraceRecorder).
func (p *project) RecordTrace(_ context.Context, key string, seen []trust.ScriptSnapshot) error {
	if p.storeErr != nil {
		return p.storeErr
	}
	return p.store.Update(func(d *trust.StoreData) error {
		sec, err := sectionOf(d)
		if err != nil {
			return err
		}
		var ap *approval
		if sec != nil {
			ap = sec.Hooks[key]
		}
		if ap == nil && agents.TraceCommand(d, string(Name), p.Dir(), key, seen) {
			return nil
		}
		if ap == nil {
			return fmt.Errorf("recording the trace: %s is not approved in Hookwarden's store", key)
		}
		ap.Scripts = trust.WithTraced(ap.Scripts, seen)
		if ap.ProjectScripts != nil {
			ap.ProjectScripts[p.Dir()] = trust.WithTraced(ap.ProjectScripts[p.Dir()], seen)
		}
		return nil
	})
}

// User hooks whose reach only a run shows. Codex CLI asks trust for the
// hooks of the user's hooks.json and config.toml (one hash for every
// folder) and runs a trusted one in every trusted folder, with the
// session's folder as its cwd (observed). Its review already records per
// project what such a hook runs statically (approval.ProjectScripts);
// `mytool check`, whose program may load ./.mytoolrc by itself, is traced
// per project (agents.UserHookTracer): never traced in a folder, audit
// notes it and the dry run holds it; traced there, the files it read join
// its review for the project, flagged until it is approved there.

// userReach are the user hooks whose reach into the project only a run
// shows (agents.ReachingHooks with Foreign set), less those approved here
// with a trace (their approval's files for this project hold what the
// trace saw; the review compares them). Those that reach the project
// statically are reviewed by Codex's own review (ProjectScripts).
func (p *project) userReach(sec *storeSection) []agents.CommandSpec {
	var hs []*hooks.Hook
	for _, h := range p.Handlers {
		if h.Hook.Origin.Layer == layerUser && !h.IsManaged && h.Hook.Type == "command" {
			hs = append(hs, h.Hook)
		}
	}
	specs := agents.ReachingHooks(p.Dir(), p.env.Home, hs, scriptRuntime(p.env), func(*hooks.Hook) bool { return false })
	return slices.DeleteFunc(specs, func(c agents.CommandSpec) bool {
		return c.Foreign == "" || p.tracedHere(sec, c.Hook)
	})
}

// tracedHere reports whether Hookwarden's record of the approval of h
// (its current definition) holds files a trace saw in this project.
func (p *project) tracedHere(sec *storeSection, h *hooks.Hook) bool {
	c := p.handlerOf(h)
	if sec == nil || c == nil {
		return false
	}
	ap := sec.Hooks[c.Key]
	return ap != nil && ap.Hash == c.CurrentHash && len(trust.TracedOf(ap.scriptsIn(p.Dir()))) > 0
}

// handlerOf is the handler of h.
func (p *project) handlerOf(h *hooks.Hook) *handler {
	for _, c := range p.Handlers {
		if c.Hook.ID == h.ID {
			return c
		}
	}
	return nil
}

// UserReach is the user hooks whose reach into the project only a run
// shows (agents.UserHookTracer).
func (p *project) UserReach() (string, []agents.CommandSpec) {
	var sec *storeSection
	if p.storeErr == nil {
		if data, err := p.env.LoadStore(p.store); err == nil {
			sec, _ = sectionOf(data)
		}
	}
	return p.Dir(), p.userReach(sec)
}

// ReachStore is Hookwarden's store (agents.UserHookTracer).
func (p *project) ReachStore() (trust.Store, error) { return p.store, p.storeErr }

// reviewTracedReach adds to the review of a user hook the files its
// trace in this folder saw (c.Traced) that its approval does not record
// for this folder: flagged, so that it needs review here.
func reviewTracedReach(rv *agents.HookReview, c agents.CommandSpec) {
	approved := map[string]bool{}
	for _, s := range rv.Scripts {
		approved[s.Path] = true
	}
	for _, s := range c.Traced {
		if approved[s.Path] {
			continue
		}
		sr := trust.ScriptReview{Word: s.Path, Path: s.Path, Via: trust.TracedVia, How: trust.FoundTraced, SHA256: s.SHA256, Size: s.Size,
			Status: trust.ScriptChanged, Flagged: true, Note: "seen running when its trace ran in this folder; not approved for this project"}
		if !s.Exists {
			sr.Note = "looked for by its trace in this folder, missing then; there now, not approved for this project"
			if absentNow(s.Path) {
				continue // still missing: watched, nothing to review
			}
		}
		rv.Scripts = append(rv.Scripts, sr)
	}
	if rv.Status == trust.StatusTrusted || rv.Status == trust.StatusApprovedOutside {
		rv.Status = trust.StatusScriptChanged
	}
	rv.ApprovalNote = "a hook of your own settings that read files of this project when traced here (" + strings.Join(c.Reaches, ", ") + "): approve it for this project"
}

// absentNow reports whether nothing is at path.
func absentNow(path string) bool {
	_, err := os.Stat(path)
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}
