package claude

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// The trust review of Claude Code's project, local and plugin handlers.
// Claude Code has no per-hook trust of its own: the approvals are
// Hookwarden's, in its store, keyed by each handler's fingerprint.

// usableStore is Hookwarden's store, or why it cannot be used.
func (p *project) usableStore() (trust.Store, error) {
	if p.storeErr != nil {
		return trust.Store{}, p.storeErr
	}
	return p.store, nil
}

// audit audits the handlers against store, read through the project's
// environment (once for a whole check when it shares one read).
func (p *project) audit(store trust.Store) (*agents.Review, error) {
	data, err := p.env.LoadStore(store)
	if err != nil {
		return nil, err
	}
	return auditData(p, p.reg.Hooks, data)
}

// Review reviews every handler Hookwarden reviews against its store
// (trust.ClaudeAuditData), reading the store once.
func (p *project) Review(ctx context.Context) (*agents.Review, error) {
	store, err := p.usableStore()
	if err != nil {
		return nil, err
	}
	r, err := p.audit(store)
	if err != nil {
		return nil, err
	}
	r.Store = "Hookwarden's store (Claude Code has no per-hook trust of its own)"
	r.StorePath, r.FolderTrust = store.Path(), p.Summary().FolderTrust
	r.Critical, r.Warnings, r.Files = []hooks.Diagnostic{}, []string{}, []string{store.Path()}
	if len(agentMCPServers(p.reg.Hooks)) > 0 {
		r.Files = append(r.Files, p.Paths.Local)
	}
	byID := make(map[string]*hooks.Hook, len(p.reg.Hooks))
	for _, h := range p.reg.Hooks {
		byID[h.ID] = h
	}
	p.env.RiskEach(r.Hooks, func(hr *agents.HookReview, opt risk.Options) (risk.Report, bool) {
		x := byID[hr.HookID]
		if x == nil {
			return risk.Report{}, false
		}
		return agents.ReviewedRisk(p, x, p.ProjectDir, hr.HookReview, opt), true
	})
	raw := make([]string, len(r.Hooks))
	for i := range r.Hooks {
		hr := &r.Hooks[i]
		// The command with its placeholders filled is what discovery
		// reads, not what was written: the views show the handler's label
		// (the document keeps it).
		raw[i], hr.RawCommand = hr.RawCommand, ""
		if hr.Owner != "" {
			hr.Fields = append(hr.Fields, agents.Field{Key: "plugin", Label: "Plugin", Value: hr.Owner})
		}
	}
	r.Words = reviewWords
	r.Folder = p.folderView()
	agents.AddOtherReaders(ctx, p.env, p, r.Hooks)
	doc := r.Document.(*reviewDoc)
	doc.Hooks = make([]docHook, 0, len(r.Hooks))
	for i, h := range r.Hooks {
		d := docHook{HookReview: h.HookReview, Layer: h.Layer, File: h.File, Plugin: h.Owner, Kind: h.Kind, Risk: h.Risk}
		d.RawCommand = raw[i]
		doc.Hooks = append(doc.Hooks, d)
	}
	data, err := p.env.LoadStore(store)
	if err != nil {
		return nil, err
	}
	cr, err := agents.ReviewCommands(data, string(Name), p.ProjectDir, p.reachingHooks())
	if err != nil {
		return nil, err
	}
	if len(cr.Hooks)+len(cr.Gone) > 0 {
		r.AddCommands(cr, store.Path())
		r.Document = agents.WithCommands(r.Document, cr.Hooks)
	}
	return r, nil
}

// TrustStates is what Review says of each handler and reaching user hook
// without the risk analysis, the other agents' readings, texts and
// documents (agents.TrustStater): list reads the partly unwatched hooks
// from it, and a list of 100,000 hooks must not hold the whole review
// while it writes.
func (p *project) TrustStates(_ context.Context, keep func(*agents.HookReview) bool) ([]agents.HookReview, error) {
	store, err := p.usableStore()
	if err != nil {
		return nil, err
	}
	data, err := p.env.LoadStore(store)
	if err != nil {
		return nil, err
	}
	// the states as they were before the review settled on rows of the
	// contract: no raw command, no kind
	state := func(h *agents.HookReview) agents.HookReview {
		hr := *h
		hr.RawCommand, hr.Kind = "", ""
		return hr
	}
	var keepReview func(*agents.HookReview) bool
	if keep != nil {
		keepReview = func(h *agents.HookReview) bool { hr := state(h); return keep(&hr) }
	}
	rep, err := auditKept(p, p.reg.Hooks, data, keepReview)
	if err != nil {
		return nil, err
	}
	out := make([]agents.HookReview, 0, len(rep.Hooks))
	for i := range rep.Hooks {
		out = append(out, state(&rep.Hooks[i]))
	}
	rep.Hooks = nil
	return agents.WithCommandStates(out, data, string(Name), p.ProjectDir, p.reachingHooks(), keep)
}

// reachingHooks are the handlers of the user's own and the managed
// settings that run code of the project (agents.ReachingHooks), reviewed
// for this project in Hookwarden's store like the project's.
//
// So are the user's own commands that are not hooks when they run the
// project's code: Claude Code 2.1.332 starts a user-scope MCP server of
// ~/.claude.json in the project folder (claude-live: "sh srv.sh" ran the
// project's srv.sh), an exec-form server taken as its words' command line.
func (p *project) reachingHooks() []agents.CommandSpec {
	hs := make([]*hooks.Hook, 0, len(p.reg.Hooks))
	for _, h := range p.reg.Hooks {
		if c := HandlerOf(h); !h.IsHook() && c != nil && c.HasArgs && Is(h) && !reviewed(h) {
			w := *h
			w.Command = claudeScriptCommand(h, p.ProjectDir)
			h = &w
		}
		hs = append(hs, h)
	}
	return agents.ReachingHooks(p.ProjectDir, p.Paths.Home, hs, scriptRuntime(p.ProjectDir, p.Git), func(h *hooks.Hook) bool {
		return !Is(h) || reviewed(h)
	})
}

// folderView is Claude Code's folder flag, read only: Claude Code writes
// it when its trust dialog is answered, and Hookwarden never does.
func (p *project) folderView() agents.FolderView {
	ft := p.FolderTrust
	state := "not accepted"
	if ft.Accepted {
		state = "accepted"
	}
	v := agents.FolderView{Title: "Claude Code folder trust: " + state + " (read only)", Trusted: ft.Accepted}
	v.Rule.Text = ft.Reason
	if ft.File != "" {
		v.Rule.Text += " · " + ft.File
		v.Rule.Paths = []string{ft.File}
	}
	effect := agents.Fact{Text: "Once a folder is trusted, Claude Code runs new and changed hooks without asking (claude -p runs them always); " +
		"the review below is Hookwarden's own, with fingerprints in its store."}
	if e := ft.Err; e != nil {
		effect.Text = "Fix " + agents.Place(e.Path, e.Line, e.Column) + " by hand. " + effect.Text
		effect.Paths = []string{e.Path}
	}
	v.Effects = []agents.Fact{effect}
	return v
}

// reviewWords are Claude Code's words for Hookwarden's review of its
// handlers, which Claude Code itself never reviews.
var reviewWords = agents.SharedWords(agents.ReviewWords{
	Noun: "handler", Banner: "Claude Code handler", KeyLabel: "Fingerprint", Layered: true,
	Empty: "This project has no project, local or plugin handlers: there is nothing to review. " +
		"Hookwarden does not review your own user settings or the administrator's managed settings, except a handler there " +
		"that runs this project's code (its Makefile, package.json scripts, node_modules/.bin, a tool's config, a script of it).",
	Meaning: map[trust.HookStatus]string{
		trust.StatusNew: "Hookwarden has no approval for this handler. Claude Code runs it without asking once the folder is " +
			"trusted (and always under claude -p). Read it, then approve it.",
		trust.StatusChanged: "The handler at this place changed since it was approved. Claude Code runs the new version " +
			"without any warning.",
		trust.StatusScriptChanged: "Approved, but a script it runs changed since. Claude Code runs the new version " +
			"without any warning.",
		trust.StatusTrusted: "Approved in Hookwarden's store, and no script it runs changed since.",
		trust.StatusDefinitionChanged: "Approved, but the project's settings changed what it runs (see below). Claude Code " +
			"runs it with the new settings without any warning.",
	},
	ApproveAll:   "Hookwarden then treats them as approved: a dry run no longer asks, and the review badge stops counting them.",
	ChangedTitle: "Handler — changes since it was approved",
	Unrecorded:   "Hookwarden has no record of it (not approved here); approving records it.",
})

const goneMeaning = "This approval in Hookwarden's store matches no handler of the project any more (the handler " +
	"was removed or changed). Revoke it so that the handler is reviewed again if it comes back."

// matcherLabel is a matcher as the texts show it: "[m]", "(all)" for none.
func matcherLabel(m string) string {
	if m == "" {
		return "(all)"
	}
	return "[" + m + "]"
}

// Approve records approvals for handlers (by hook ID, fingerprint or a
// prefix of it of 8 or more characters, or label; every reviewed handler
// with All) with their place and script fingerprints (trust.ClaudeApprove).
func (p *project) Approve(ctx context.Context, req agents.ApproveRequest) (*agents.ApproveResult, error) {
	if req.All == (len(req.IDs) > 0) {
		return nil, agents.BadRequestf("give --all or handlers (label, id or fingerprint)")
	}
	// One write protocol: every part of the approval (the user hooks that
	// reach the project, in the commands section, and the handlers) is
	// checked and fingerprinted first, then written in one store update,
	// so that a failure anywhere writes nothing.
	var reach *agents.PreparedCommands
	if store, err := p.usableStore(); err == nil {
		var rest []string
		reach, rest, err = agents.PrepareCommandsFor(ctx, p.env, p, store, string(Name), p.ProjectDir, p.reachingHooks(), req, p.env.Clock())
		if err != nil {
			return nil, err
		}
		if !req.All && len(rest) == 0 {
			return p.writeApproval(store, reach, nil, nil, nil)
		}
		if !req.All {
			req.IDs = rest
		}
	}
	hs := p.reviewedHooks()
	if !req.All {
		var missing []string
		if hs, missing = selectHandlers(hs, req.IDs); len(missing) > 0 {
			return nil, agents.BadRequestf("no project, local or plugin handler %q", strings.Join(missing, `", "`))
		}
	}
	store, err := p.usableStore()
	if err != nil {
		return nil, err
	}
	if err := agents.Recheck(ctx, p, req.Reviewed); err != nil {
		return nil, err
	}
	if err := agents.UnchangedOnDisk(p, hs); err != nil {
		return nil, err
	}
	var ids []string
	for _, h := range hs {
		ids = append(ids, h.ID)
	}
	if err := agents.CheckUnwatched(ctx, p, ids, req.AcceptUnwatched); err != nil {
		return nil, err
	}
	pa, err := prepareApproval(p, hs, p.env.Clock())
	if err != nil {
		return nil, err
	}
	var titles []string
	for _, h := range hs {
		titles = append(titles, p.Title(h))
	}
	// Claude Code's own choice for the .mcp.json servers approved: worked
	// out now, recorded in the same store update, and written to
	// settings.local.json last (it makes Claude Code start them without
	// asking); a failure there puts the store back byte for byte.
	plan, err := p.planMCPChoices(ctx, hs)
	if err != nil {
		return nil, err
	}
	plan.beforeWrite = p.beforeMCPWrite
	cp, err := store.Checkpoint()
	if err != nil {
		return nil, err
	}
	res, err := p.writeApproval(cp.Store(), reach, pa, titles, plan)
	if err != nil {
		return nil, err
	}
	notes := plan.notes
	if len(plan.add) > 0 {
		added, err := plan.write()
		if err != nil {
			return nil, agents.PutStoreBack(cp, err)
		}
		if gone := slices.DeleteFunc(slices.Clone(plan.add), func(n string) bool { return slices.Contains(added, n) }); len(gone) > 0 {
			if err := plan.unrecord(store, p.ProjectDir, gone); err != nil {
				return nil, fmt.Errorf("%s: %s were added by another program meanwhile, and Hookwarden's record of them could not be corrected: %w", plan.path, joinNames(gone), err)
			}
		}
		if len(added) > 0 {
			res.Files = append(res.Files, plan.path)
			notes = append(notes, fmt.Sprintf("Claude Code's own approval recorded: %s added to %s in %s (a file git does not track)", joinNames(added), mcpChoiceKey, plan.path))
		}
	}
	res.Notes = append(res.Notes, notes...)
	return res, nil
}

// writeApproval writes the prepared parts of an approval (the handlers'
// pa, titled titles; the user hooks that reach the project, reach;
// either may be nil) in one update of Hookwarden's store, and reports
// them: a failure in any part writes nothing.
func (p *project) writeApproval(store trust.Store, reach *agents.PreparedCommands, pa *preparedApproval, titles []string, mcp *mcpPlan) (*agents.ApproveResult, error) {
	err := store.Update(func(d *trust.StoreData) error {
		if reach != nil {
			if err := reach.Apply(d); err != nil {
				return err
			}
		}
		if pa != nil {
			if err := pa.apply(d); err != nil {
				return err
			}
		}
		return mcp.record(d, p.ProjectDir)
	})
	if err != nil {
		return nil, err
	}
	res := &agents.ApproveResult{Approved: []string{}}
	if pa != nil {
		res.Files = []string{store.Path()}
		res.Approved = append(res.Approved, titles...)
		res.Written = []agents.Written{{Count: len(pa.keys), What: "handler", Store: store.Path()}}
	}
	if reach != nil {
		reach.Report(res, store.Path())
	}
	return res, nil
}

// Revoke removes approvals from Hookwarden's store (kept there as
// history): of handlers by ID, fingerprint or label, every approval of the
// project (All), or those that match no handler any more (Gone).
func (p *project) Revoke(ctx context.Context, req agents.RevokeRequest) (*agents.RevokeResult, error) {
	switch {
	case (req.All || req.Gone) && len(req.IDs) > 0:
		return nil, agents.BadRequestf("--all and --gone take no handlers")
	case !req.All && !req.Gone && len(req.IDs) == 0:
		return nil, agents.BadRequestf("give --all, --gone or handlers (label, id or fingerprint)")
	}
	store, err := p.usableStore()
	if err != nil {
		return nil, err
	}
	reach := &agents.RevokeResult{Revoked: []string{}}
	data, err := store.Load()
	if err != nil {
		return nil, err
	}
	rest, err := agents.RevokeCommandsFor(store, data, string(Name), p.ProjectDir, p.reachingHooks(), req, reach)
	if err != nil {
		return nil, err
	}
	if !req.All && !req.Gone {
		if len(rest) == 0 {
			return reach, nil
		}
		req.IDs = rest
	}
	var keys []string
	if req.All || req.Gone {
		rep, err := audit(p, p.reg.Hooks, store)
		if err != nil {
			return nil, err
		}
		for _, g := range rep.Gone {
			keys = append(keys, g.Key)
		}
		if req.All {
			for _, h := range rep.Hooks {
				if h.Status != trust.StatusNew && h.Status != trust.StatusChanged {
					keys = append(keys, h.Key)
				}
			}
		}
	} else {
		hs, missing := selectHandlers(p.reviewedHooks(), req.IDs)
		if len(missing) > 0 {
			// The fingerprint of an approval that matches no handler any
			// more names that approval.
			gone, err := p.goneKeys(store)
			if err != nil {
				return nil, err
			}
			var still []string
			for _, sel := range missing {
				if gone[sel] {
					keys = append(keys, sel)
				} else {
					still = append(still, sel)
				}
			}
			if len(still) > 0 {
				return nil, agents.BadRequestf("no project, local or plugin handler %q", strings.Join(still, `", "`))
			}
		}
		for _, h := range hs {
			fp, _ := fingerprint(h)
			keys = append(keys, fp)
		}
	}
	removed, err := revoke(p.ProjectDir, keys, store)
	if err != nil {
		return nil, err
	}
	res := &agents.RevokeResult{Revoked: append(removed, reach.Revoked...)}
	if res.Revoked == nil {
		res.Revoked = []string{}
	}
	if len(res.Revoked) > 0 {
		res.Files = []string{store.Path()}
	}
	res.Written = []agents.Written{{Count: len(removed), What: "approval"}}
	var revoked []*handlerApproval
	if data, err := store.Load(); err == nil {
		for _, k := range removed {
			revoked = append(revoked, revokedApprovals(data, p.ProjectDir)[k])
		}
	}
	files, notes, err := p.dropMCPChoices(revoked, store)
	res.Files = append(res.Files, files...)
	res.Notes = append(res.Notes, notes...)
	return res, err
}

// goneKeys are the fingerprints of the approvals that match no handler.
func (p *project) goneKeys(store trust.Store) (map[string]bool, error) {
	rep, err := audit(p, p.reg.Hooks, store)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, g := range rep.Gone {
		out[g.Key] = true
	}
	return out, nil
}

// reviewedHooks are the handlers Hookwarden reviews.
func (p *project) reviewedHooks() []*hooks.Hook {
	var out []*hooks.Hook
	for _, h := range p.reg.Hooks {
		if reviewed(h) {
			out = append(out, h)
		}
	}
	return out
}

// selectHandlers picks handlers by selector: a hook ID, a fingerprint (or
// a prefix of at least 8 characters), or a label (command with args, URL,
// MCP tool) — every handler with that label. It returns the selectors
// that matched nothing.
func selectHandlers(hs []*hooks.Hook, selectors []string) ([]*hooks.Hook, []string) {
	picked := make([]bool, len(hs))
	var missing []string
	for _, sel := range selectors {
		found, alone := false, slices.IndexFunc(hs, func(h *hooks.Hook) bool { return h.ID == sel })
		for i, h := range hs {
			if alone >= 0 && i != alone {
				continue // an ID names its handler alone
			}
			fp, _ := fingerprint(h)
			if h.ID == sel || fp == sel || (len(sel) >= 8 && strings.HasPrefix(fp, sel)) || selectionLabel(h) == sel ||
				!h.IsHook() && (h.Name == sel || Label(h) == sel) {
				picked[i], found = true, true
			}
		}
		if !found {
			missing = append(missing, sel)
		}
	}
	var out []*hooks.Hook
	for i, h := range hs {
		if picked[i] {
			out = append(out, h)
		}
	}
	return out, missing
}

// selectionLabel is the label a selector names a handler by: its command
// with its args, URL, MCP tool, or type and whole prompt.
func selectionLabel(h *hooks.Hook) string {
	if HandlerOf(h) != nil && HandlerOf(h).HasArgs {
		return strings.TrimSpace(h.Command + " " + strings.Join(HandlerOf(h).Args, " "))
	}
	if h.Command != "" || HandlerOf(h) == nil {
		return h.Command
	}
	switch {
	case HandlerOf(h).URL != "":
		return HandlerOf(h).URL
	case HandlerOf(h).Server != "" || HandlerOf(h).Tool != "":
		return "mcp " + HandlerOf(h).Server + "/" + HandlerOf(h).Tool
	}
	return h.Type + ": " + HandlerOf(h).Prompt
}
