package copilot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// storeSection is Copilot CLI's section of Hookwarden's store: approvals
// of repository hooks, in the shape of the shared "commands" section
// (agent → project → fingerprint → definition and scripts).
const storeSection = "copilot"

// reviewed reports whether Hookwarden reviews a hook: every entry of a
// repository file, whatever Copilot makes of it now (a hook of an
// untrusted folder runs as soon as the folder is trusted).
func reviewed(h *handler) bool { return h.Hook.Origin.Layer == layerRepository }

// spec is the hook as the shared review takes it: its definition field by
// field (what Copilot's key covers, and the event as written), the
// command whose scripts are fingerprinted, and its place as its name (a
// hook edited in place is "changed", with the diff of its fields).
func (p *project) spec(h *handler) agents.CommandSpec {
	// The shared review matches a changed hook with the approval of the
	// same kind, name and file: a hook's name is its place in the file.
	named := *h.Hook
	named.Name = h.Hook.Origin.Path
	hk := &named
	c := agents.CommandSpec{Hook: hk, Label: p.Title(hk), Fields: trust.Definition{}}
	c.Fields[trust.FieldEvent] = quote(h.Written)
	if n := hk.Node; n != nil && n.Kind == settingsio.Object {
		for _, m := range n.Members {
			if m.Key == "env" && m.Value.Kind == settingsio.Object {
				for _, e := range m.Value.Members {
					c.Fields[trust.EnvFieldPrefix+e.Key] = string(hooks.AppendJSON(nil, e.Value.Interface()))
				}
				continue
			}
			key := m.Key
			if key == trust.FieldEvent || key == trust.FieldSequential || strings.ContainsAny(key, `."`) || key == "" {
				key = quote(key)
			}
			c.Fields[key] = string(hooks.AppendJSON(nil, m.Value.Interface()))
		}
	}
	if h.Matcher != nil && h.Nested {
		c.Fields[trust.FieldMatcher] = quote(*h.Matcher)
	}
	if h.Type == "command" {
		switch {
		case h.Bash != nil:
			c.ScriptCommand = *h.Bash
		case h.Exec != nil:
			c.ScriptCommand = shellJoin(append([]string{*h.Exec}, h.Args...))
		case h.PowerShell != nil:
			c.ScriptCommand = *h.PowerShell
		}
	}
	if cwd := p.hookCwd(h); cwd != "" {
		c.ScriptRoots, c.ScriptCwd = []string{cwd}, cwd
	}
	if c.ScriptCommand != "" {
		c.Runtime = p.reviewRT
	}
	return c
}

// hookCwd is the folder Copilot starts a hook's command in when the hook
// names one ("" the session folder): its "cwd", relative to the session
// folder (observed). Its relative paths and the BASH_ENV of its env are
// found from there.
func (p *project) hookCwd(h *handler) string {
	if h == nil || h.Cwd == "" {
		return ""
	}
	return agents.RunFolder(p.Paths.Cwd, h.Cwd) // .. after a link as chdir takes it
}

func quote(s string) string { return string(hooks.AppendJSON(nil, s)) }

// specs are the reviewed hooks as specs, in Copilot's order.
func (p *project) specs() []agents.CommandSpec { return p.specList().All() }

// specList is specs, each made when it is asked for (a spec copies its
// hook and holds its definition: 100,000 of them are not held at once).
func (p *project) specList() agents.SpecList {
	var at []*handler
	for _, h := range p.Handlers {
		if reviewed(h) {
			at = append(at, h)
		}
	}
	return agents.SpecList{N: len(at), At: func(i int) agents.CommandSpec { return p.spec(at[i]) }}
}

// Review reviews every hook of the repository's files, as Open read them,
// against Hookwarden's store: new, changed (with the diff against what was
// approved at its place), a script changed, or trusted.
func (p *project) Review(ctx context.Context) (*agents.Review, error) {
	r, err := p.review()
	if err != nil || p.env.Others == nil {
		return r, err
	}
	agents.AddOtherReaders(ctx, p.env, p, r.Hooks)
	p.lay(r)
	return r, nil
}

var reviewWords = agents.StoreWords("Copilot CLI", "Copilot", agents.ReviewWords{
	Noun: "repository hook", Banner: "Copilot CLI hook", KeyLabel: "Fingerprint", Layered: true,
	Empty: "This folder has no Copilot CLI repository hooks (.github/hooks, .claude/settings*.json, .github/copilot/settings*.json): there is nothing to review.",
	Meaning: map[trust.HookStatus]string{
		trust.StatusNew: "Not approved in Hookwarden. Copilot CLI has no per-hook trust: it runs every repository hook " +
			"of a trusted folder (and skips them all, silently, in an untrusted one). Read it, then approve it.",
		trust.StatusPartlyUnwatched: "Approved, partly unwatched: part of what it runs (listed under it) cannot be watched, so a change there would go unnoticed.",
	},
})

// TrustStates is what Review says of each hook without the risk analysis,
// the fields and notes (agents.TrustStater): list reads the partly
// unwatched hooks from it and analyses the risk of what it prints itself.
// Each hook's state is dropped as soon as keep has seen it, so that a
// list of 100,000 hooks does not hold their reviews (nor their specs).
func (p *project) TrustStates(_ context.Context, keep func(*agents.HookReview) bool) ([]agents.HookReview, error) {
	if p.storeErr != nil {
		return nil, p.storeErr
	}
	data, err := p.env.LoadStore(p.store)
	if err != nil {
		return nil, err
	}
	settled := func(h *agents.HookReview) bool { h.SettleUnwatched(); return keep == nil || keep(h) }
	cr, err := agents.ReviewSpecsKept(data, storeSection, string(Name), p.Dir(), p.specList(), settled)
	if err != nil {
		return nil, err
	}
	reach, err := agents.ReviewCommands(data, string(Name), p.Dir(), p.commandSpecs())
	if err != nil {
		return nil, err
	}
	for i := range reach.Hooks {
		reach.Hooks[i].SettleUnwatched()
	}
	return append(cr.Hooks, agents.KeepStates(reach.Hooks, keep)...), nil
}

// review reviews every hook.
func (p *project) review() (*agents.Review, error) {
	if p.storeErr != nil {
		return nil, p.storeErr
	}
	data, err := p.env.LoadStore(p.store)
	if err != nil {
		return nil, err
	}
	cr, err := agents.ReviewSpecs(data, storeSection, string(Name), p.Dir(), p.specs())
	if err != nil {
		return nil, err
	}
	r := &agents.Review{Project: p.Dir(), Store: "Hookwarden's store (Copilot CLI keeps no per-hook trust)", StorePath: p.store.Path(),
		FolderTrust: p.FolderTrust(), Hooks: []agents.HookReview{}, Gone: []agents.Gone{}, Unreadable: p.Unreadable(),
		Critical: []hooks.Diagnostic{}, Warnings: []string{}}
	if r.Unreadable == nil {
		r.Unreadable = []settingsio.FileError{}
	}
	r.AddCommands(cr, p.store.Path())
	// the user's and the plugins' hooks that run the project's code
	// (contract_trace.go), reviewed for this project
	reach, err := agents.ReviewCommands(data, string(Name), p.Dir(), p.commandSpecs())
	if err != nil {
		return nil, err
	}
	r.AddCommands(reach, p.store.Path())
	cache := risk.NewCache()
	byID := p.handlersByID()
	for i := range r.Hooks {
		h := &r.Hooks[i]
		h.SettleUnwatched()
		c := byID[h.HookID]
		if c == nil {
			if hk := p.commandByID(h.HookID); hk != nil {
				if p.env.WantsRisk(h.NeedsReview()) {
					h.Risk = agents.ReviewedRisk(p, hk, p.Dir(), h.HookReview, p.env.RiskOptions(cache))
					agents.FloorUnwatchedRisk(h)
				}
				says := string(hk.Status) + ": " + hk.Reason
				if hk.Status == hooks.StatusRuns {
					says = hk.Reason
				}
				h.Fields = append(h.Fields, agents.Field{Key: "copilot", Label: "Copilot CLI", Value: says})
			}
			continue
		}
		if p.env.WantsRisk(h.NeedsReview()) {
			h.Risk = agents.ReviewedRisk(p, c.Hook, p.Dir(), h.HookReview, p.env.RiskOptions(cache))
			agents.FloorUnwatchedRisk(h)
		}
		h.Fields = append(h.Fields, agents.Field{Key: "copilot", Label: "Copilot CLI", Value: copilotSays(c)})
		if c.Key != "" {
			h.Fields = append(h.Fields, agents.Field{Key: "disable_key", Label: "Copilot key", Value: c.Key, Code: true})
		}
		if c.Hook.Status == hooks.StatusBlockedUntrustedFolder {
			h.Notes = append(h.Notes, "skipped silently by Copilot CLI now (the folder is not trusted); it runs once the folder is trusted")
		}
	}
	r.NeedsReview = r.NeedsReview || len(r.Unreadable) > 0
	r.Words = reviewWords
	r.Folder = p.folderView()
	r.Files = []string{p.store.Path()}
	p.lay(r)
	return r, nil
}

var _ agents.RiskSubjecter = (*project)(nil)

// RiskSubject is the analyser's input for a Copilot CLI entry
// (agents.RiskSubjecter): a plugin key is what the plugins it loads run
// (pluginRisk), not its own value; a command Hookwarden cannot read (a
// custom agent's frontmatter that is not YAML, plugin folders too big to
// walk) is at least review: what it runs is not known, so it is not none.
// (An invalid hook is not: Copilot runs none.)
func (p *project) RiskSubject(hk *hooks.Hook, projectDir string) risk.Hook {
	in := risk.FromHook(hk, projectDir)
	if slices.Contains(p.plugins, hk) {
		in = risk.Hook{Agent: in.Agent, Event: in.Event, ProjectDir: projectDir, Floors: p.pluginRisk(p.env.RiskOptions(nil)).Findings}
	}
	if hk.Status == hooks.StatusInvalid && slices.Contains(p.Commands, hk) {
		in.Floors = append(in.Floors, risk.Finding{Category: risk.Unreadable, Severity: risk.LevelReview, Source: risk.Source{File: hk.Origin.File},
			Summary: "Hookwarden cannot read what it runs: " + hk.Reason})
	}
	return in
}

// lay sets the review's document from its hooks.
func (p *project) lay(r *agents.Review) {
	r.Document = p.section().Document(r)
}

// copilotSays is what Copilot does with the hook now, in words.
func copilotSays(c *handler) string {
	switch {
	case c.Runs:
		return "runs it"
	case c.Hook.Status == hooks.StatusBlockedUntrustedFolder:
		return "skips it silently (folder not trusted)"
	}
	return string(c.Hook.Status) + ": " + c.Hook.Reason
}

// handlersByID is every handler by its hook's ID (the first of an ID),
// built once per review: a lookup per hook over all of them made the
// review quadratic (100,000 hooks: minutes).
func (p *project) handlersByID() map[string]*handler {
	out := make(map[string]*handler, len(p.Handlers))
	for _, h := range p.Handlers {
		if _, seen := out[h.Hook.ID]; !seen {
			out[h.Hook.ID] = h
		}
	}
	return out
}

// folderView is Copilot's folder trust as the review shows it.
func (p *project) folderView() agents.FolderView {
	ft := p.FolderTrust()
	f := agents.FolderView{Title: "Folder trust: " + ft.State, Trusted: ft.Trusted,
		Rule:    agents.Fact{Key: "rule", Text: ft.Reason, Paths: []string{p.Paths.Config}, OK: ft.Trusted},
		Answers: ft.Levels, Writable: p.Trust.ConfigErr == "",
		Labels: map[string]agents.FolderAnswer{
			"trusted":   {Button: "Trust folder", Icon: "confirm", Done: "Trusted the folder"},
			"untrusted": {Button: "Don't trust", Icon: "cancel", Done: "Removed the folder from trustedFolders"},
		},
		Confirm: map[string]agents.FolderConfirm{
			"trusted": {Title: "Trust this folder in Copilot CLI?", Button: "Trust folder",
				Intro: fmt.Sprintf("Hookwarden adds %s to trustedFolders in %s: Copilot CLI then loads the repository's hooks. ", p.Dir(), p.Paths.Config)},
		},
		Starts:   "These %s start running the next time Copilot CLI starts here:",
		None:     "No hook of this folder is held back by the folder trust now.",
		HeldBack: hooks.StatusBlockedUntrustedFolder,
	}
	if ft.Trusted {
		f.Current = "trusted"
	} else {
		f.Effects = []agents.Fact{{Key: "effect", Text: "Copilot CLI skips every repository hook of this folder without a word until the folder is trusted."}}
		f.StaysOff = map[string]string{}
		for _, h := range p.Handlers {
			if h.Hook.Status == hooks.StatusBlockedUntrustedFolder && !h.Enabled {
				f.StaysOff[h.Hook.ID] = "switched off (disableAllHooks or disabledHooks)"
			}
		}
	}
	return f
}

// section is Copilot CLI's section of Hookwarden's store.
func (p *project) section() claudeschema.Section {
	return claudeschema.Section{Store: p.store, StoreErr: p.storeErr, Key: storeSection, Agent: string(Name), Title: "Copilot CLI", Project: p.Dir(),
		Noun: "repository hook", Named: "ID, fingerprint, Copilot key or command", Empty: "No Copilot CLI repository hooks.",
		Picks: func(sp agents.CommandSpec, sel string) bool {
			c := handlerOf(sp.Hook)
			return len(sel) >= 8 && c != nil && strings.HasPrefix(c.Key, sel)
		}}
}

// Approve records the named hooks (every one that needs review with All)
// in Hookwarden's store, with the scripts they run, as the snapshot read
// them: a hook file that changed on disk since is refused
// (agents.UnchangedOnDisk), so is a script the user saw that changed
// since (req.Reviewed).
func (p *project) Approve(ctx context.Context, req agents.ApproveRequest) (*agents.ApproveResult, error) {
	if p.storeErr != nil {
		return nil, p.storeErr
	}
	r, err := p.review()
	if err != nil {
		return nil, err
	}
	if !req.All && len(req.IDs) == 0 {
		return nil, agents.BadRequestf("name the Copilot CLI hooks to approve (their ID, fingerprint, Copilot key or command), or approve all")
	}
	// The user's hooks that reach the project first: checked and
	// fingerprinted, written with the repository's in one store update.
	now := p.env.Clock()
	reach, rest, err := agents.PrepareCommandsFor(ctx, p.env, p, p.store, string(Name), p.Dir(), p.commandSpecs(), req, now)
	if err != nil {
		return nil, err
	}
	if !req.All {
		req.IDs = rest
	}
	specs := p.specs()
	var picked []agents.CommandSpec
	if req.All {
		// each hook's review by its ID, found once (r.Hook scans every
		// review: per spec, trust --all of 100,000 hooks was quadratic)
		reviews := r.HooksByID()
		for i, s := range specs {
			if rv := reviews[s.Hook.ID]; rv == nil || rv.NeedsReview() || rv.Status != trust.StatusTrusted || i < 0 {
				picked = append(picked, s)
			}
		}
	} else if len(req.IDs) > 0 {
		var missing []string
		picked, missing = p.section().Pick(specs, req.IDs)
		if len(missing) > 0 {
			return nil, agents.BadRequestf("no Copilot CLI repository hook %q (give its ID, fingerprint, Copilot key or command; see hookwarden audit --agent copilot)", strings.Join(missing, `", "`))
		}
	}
	var ids []string
	for _, s := range picked {
		ids = append(ids, s.Hook.ID)
	}
	if err := agents.UnchangedOnDisk(p, agents.HooksOf(p, ids)); err != nil {
		return nil, err
	}
	if err := agents.CompareWithReview(req.Reviewed, r.Hooks); req.Reviewed != nil && err != nil {
		return nil, err
	}
	if err := agents.CheckUnwatched(ctx, p, ids, req.AcceptUnwatched); err != nil {
		return nil, err
	}
	res := &agents.ApproveResult{Approved: []string{}}
	if len(picked) == 0 && reach == nil {
		res.Nothing = "every Copilot CLI repository hook is approved"
		return res, nil
	}
	var ps *agents.PreparedSpecs
	if len(picked) > 0 {
		if ps, err = agents.PrepareSpecs(storeSection, string(Name), p.Dir(), picked, now); err != nil {
			return nil, err
		}
	}
	// one update: the repository's hooks and the user hooks that reach the
	// project are approved together or not at all
	err = p.store.Update(func(d *trust.StoreData) error {
		if ps != nil {
			if err := ps.Apply(d); err != nil {
				return err
			}
		}
		if reach != nil {
			return reach.Apply(d)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if reach != nil {
		reach.Report(res, p.store.Path())
	}
	if ps != nil {
		for _, s := range picked {
			res.Approved = append(res.Approved, s.Label)
		}
		if !slices.Contains(res.Files, p.store.Path()) {
			res.Files = append(res.Files, p.store.Path())
		}
		res.Written = append(res.Written, agents.Written{Count: len(ps.Keys), What: "Copilot CLI hook", Store: p.store.Path()})
	}
	return res, nil
}

// Revoke removes approvals from Hookwarden's store.
func (p *project) Revoke(_ context.Context, req agents.RevokeRequest) (*agents.RevokeResult, error) {
	if p.storeErr != nil {
		return nil, p.storeErr
	}
	data, err := p.store.Load()
	if err != nil {
		return nil, err
	}
	res := &agents.RevokeResult{Revoked: []string{}}
	rest, err := agents.RevokeCommandsFor(p.store, data, string(Name), p.Dir(), p.commandSpecs(), req, res)
	if err != nil {
		return nil, err
	}
	if !req.All {
		if len(rest) == 0 && len(req.IDs) > 0 && !req.Gone {
			return res, nil
		}
		req.IDs = rest
	}
	// the repository's hooks: the section's revoke, its result added
	sr, err := p.section().Revoke(p.specs(), req, p.review)
	if err != nil {
		return nil, err
	}
	res.Revoked = append(res.Revoked, sr.Revoked...)
	for _, f := range sr.Files {
		if !slices.Contains(res.Files, f) {
			res.Files = append(res.Files, f)
		}
	}
	res.Written = append(res.Written, sr.Written...)
	return res, nil
}
