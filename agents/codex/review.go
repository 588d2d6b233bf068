package codex

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// The review of Codex hooks. Codex itself decides trusted / modified /
// untrusted / managed from the hash alone (computed here exactly as
// Codex does, see hash.go). Hookwarden's review adds what the hash cannot
// say: what the definition was when it was approved (a diff of a modified
// hook), whether the scripts it runs changed behind an unchanged hash,
// and whether a hook that lost its trust was only moved.

// codexReview is the review of the snapshot with what Approve and Revoke
// need of it beyond agents.Review: Codex's trust keys.
type codexReview struct {
	agents.Review
	// byID is each reviewed handler's review, by hook ID.
	byID map[string]*agents.HookReview
	// moved are the untrusted hooks whose definition is recorded, unchanged,
	// at another key whose trust is stale or gone: new key → old key.
	moved map[string]string
	data  *trust.StoreData
	sec   *storeSection
	// doc is Codex's own words per hook, for audit --json.
	doc []reviewDocHook
	// commandGone are the gone approvals of commands that are not hooks
	// (in Hookwarden's store only), by fingerprint.
	commandGone map[string]bool
	// tracedReach are the user hooks whose trace in this folder read its
	// files, not approved here with them (agents.TracedReach), by hook ID.
	tracedReach map[string]agents.CommandSpec
}

// reviewDocHook is one hook of Codex's review document.
type reviewDocHook struct {
	Key         string      `json:"key"`
	Command     string      `json:"command"`
	TrustStatus trustStatus `json:"trust_status"`
	CurrentHash string      `json:"current_hash"`
	TrustedHash string      `json:"trusted_hash,omitempty"`
	Enabled     bool        `json:"enabled"`
	Hookwarden  string      `json:"hookwarden_status"`
	MovedFrom   string      `json:"moved_from,omitempty"`
}

// reviewed reports whether Hookwarden reviews a handler: every hook Codex
// asks trust for (user, project, session flags; not managed ones), also
// those of a project Codex does not load yet, so that trusting the
// project never runs a hook nobody looked at.
func reviewed(h *handler) bool {
	if h.IsManaged || h.Hook.Type != "command" && h.Hook.Type != "mcp_tool" {
		return false
	}
	return h.Listed || h.Hook.Status == statusProjectUntrusted
}

// Review reviews every hook Codex asks trust for, as Open read them,
// against Codex's trusted_hash and Hookwarden's record of the approved
// definition and scripts. It works on the snapshot: what an approval, a
// revoke or an edit did since shows in the project opened again.
func (p *project) Review(context.Context) (*agents.Review, error) {
	r, err := p.states(true, nil)
	if err != nil {
		return nil, err
	}
	p.env.RiskEach(r.Hooks, func(h *agents.HookReview, opt risk.Options) (risk.Report, bool) {
		if c := p.keyed(h.Key); c != nil {
			return agents.ReviewedRisk(p, c.Hook, p.Dir(), h.HookReview, opt), true
		}
		return risk.Report{}, false
	})
	for i := range r.Hooks {
		h := &r.Hooks[i]
		c := p.keyed(h.Key)
		h.Fields = []agents.Field{
			{Key: "trust_status", Label: "Codex says", Value: codexSays(c), JSON: c.Trust},
			{Key: "current_hash", Label: "Current hash", Value: c.CurrentHash, Code: true},
		}
		if c.TrustedHash != "" && c.TrustedHash != c.CurrentHash {
			h.Fields = append(h.Fields, agents.Field{Key: "trusted_hash", Label: "Trusted hash", Value: c.TrustedHash, Code: true})
		}
		if mv := r.moved[c.Key]; mv != "" {
			h.Notes = append(h.Notes, "moved from "+mv+", definition unchanged")
		}
	}
	cr, err := agents.ReviewCommands(r.data, string(Name), p.Dir(), p.commandSpecs())
	if err != nil {
		return nil, err
	}
	cache := risk.NewCache()
	for i := range cr.Hooks {
		if x := p.commandByID(cr.Hooks[i].HookID); x != nil && p.env.WantsRisk(cr.Hooks[i].NeedsReview()) {
			cr.Hooks[i].Risk = agents.ReviewedRisk(p, x, p.Dir(), cr.Hooks[i].HookReview, p.env.RiskOptions(cache))
			agents.FloorUnwatchedRisk(&cr.Hooks[i])
		}
	}
	r.AddCommands(cr, "")
	r.Words = reviewWords
	r.Folder = p.folderView()
	r.Files = []string{p.Paths.UserConfigTOML, p.store.Path()}
	if len(r.Unreadable) > 0 || p.Fatal != "" {
		r.NeedsReview = true
	}
	r.Document = map[string]any{"agent": string(Name), "project": p.Dir(), "config": p.Paths.UserConfigTOML,
		"store": p.store.Path(), "needs_review": r.NeedsReview, "hooks": r.doc, "gone": r.Gone,
		"unreadable": r.Unreadable, "codex_warnings": r.Warnings, "fatal": p.Fatal, "commands": cr.Hooks}
	return &r.Review, nil
}

// TrustStates is what Review says of each hook and command without the
// risk analysis, texts and documents (agents.TrustStater), of the same
// snapshot: list reads the partly unwatched hooks from it, and a list of
// 100,000 hooks must not hold the whole review while it writes.
func (p *project) TrustStates(_ context.Context, keep func(*agents.HookReview) bool) ([]agents.HookReview, error) {
	r, err := p.states(false, keep)
	if err != nil {
		return nil, err
	}
	return agents.WithCommandStates(r.Hooks, r.data, string(Name), p.Dir(), p.commandSpecs(), keep)
}

// trusted is the review Approve, Revoke and Watch act on: every hook's and
// command's trust state, no risk analysis, no words.
func (p *project) trusted() (*codexReview, error) {
	r, err := p.states(false, nil)
	if err != nil {
		return nil, err
	}
	cr, err := agents.ReviewCommands(r.data, string(Name), p.Dir(), p.commandSpecs())
	if err != nil {
		return nil, err
	}
	r.AddCommands(cr, "")
	r.commandGone = map[string]bool{}
	for _, g := range cr.Gone {
		r.commandGone[g.Key] = true
	}
	return r, nil
}

// states settles the trust state of every hook Codex asks trust for, with
// its scripts, as the snapshot read it, against Hookwarden's store (read
// once per call, or once per check), keeping the hooks keep takes (nil:
// all); doc adds Codex's own words per hook for the document. The
// commands that are not hooks are not in it.
func (p *project) states(doc bool, keep func(*agents.HookReview) bool) (*codexReview, error) {
	if p.storeErr != nil {
		return nil, p.storeErr
	}
	data, err := p.env.LoadStore(p.store)
	if err != nil {
		return nil, err
	}
	sec, err := sectionOf(data)
	if err != nil {
		return nil, err
	}
	if sec == nil {
		sec = &storeSection{}
	}
	r := &codexReview{data: data, sec: sec, byID: map[string]*agents.HookReview{}, moved: map[string]string{}, doc: []reviewDocHook{}}
	r.Review = agents.Review{Project: p.Dir(), Store: "Codex's trusted_hash in the user config.toml, and Hookwarden's record of what it approved",
		StorePath: p.Paths.UserConfigTOML, FolderTrust: p.FolderTrust(), Hooks: []agents.HookReview{}, Gone: []agents.Gone{},
		Unreadable: p.Unreadable(), Critical: []hooks.Diagnostic{}, Warnings: append([]string{}, p.CodexWarnings...)}
	if r.Unreadable == nil {
		r.Unreadable = []settingsio.FileError{}
	}
	if p.Fatal != "" {
		r.Critical = append(r.Critical, hooks.Diagnostic{Severity: hooks.SeverityFatal, Message: p.Fatal})
	}
	sr := trust.NewScriptReviewerFor(p.Dir(), scriptRuntime(p.env))
	sr.UseCache(data.Fingerprints())
	r.tracedReach = agents.TracedReach(data, string(Name), p.Dir(), p.userReach(sec))
	for _, h := range p.Handlers {
		if !reviewed(h) {
			continue
		}
		rv := p.reviewOne(r, sr, h, doc)
		if keep != nil && !keep(&rv) {
			continue
		}
		r.Hooks = append(r.Hooks, rv)
		if rv.NeedsReview() {
			r.NeedsReview = true
		}
	}
	for i := range r.Hooks {
		r.byID[r.Hooks[i].HookID] = &r.Hooks[i]
	}
	r.Gone = p.gone(sec)
	return r, nil
}

// reviewOne reviews one handler.
func (p *project) reviewOne(r *codexReview, sr *trust.ScriptReviewer, h *handler, doc bool) agents.HookReview {
	hk := h.Hook
	rv := agents.HookReview{HookID: hk.ID, Layer: hk.Origin.Layer, File: hk.Origin.File, Label: shortName(hk)}
	rv.ProjectHook = trust.ProjectHook{Event: string(hk.Event), Matcher: hk.Matcher, Definition: h.Group, Index: h.Index,
		Path: hk.Origin.Path, HookID: hk.ID, Command: hk.Command, RawCommand: hk.RawCommand, Type: hk.Type,
		IsCommand: hk.Type == "command", Key: h.Key, Label: shortName(hk), Line: hk.Origin.Line, Column: hk.Origin.Column,
		Fields: definitionOf(h.Identity())}
	ap := r.sec.Hooks[h.Key]
	var prev *approval // the approval the scripts are compared with
	switch h.Trust {
	case trusted:
		prev = ap
		switch {
		case ap != nil && ap.Hash == h.CurrentHash:
			rv.Status = trust.StatusTrusted
		default:
			rv.Status = trust.StatusApprovedOutside
			rv.ApprovalNote = "trusted in Codex (its /hooks view, or by hand) but Hookwarden has no record of this definition: scripts not fingerprinted"
			prev = nil
		}
	case modified:
		rv.Status = trust.StatusChanged
		rv.PreviousKey = h.Key
		if ap != nil && ap.Hash == h.TrustedHash {
			prev = ap
			rv.PreviousCommand = ap.Command
			rv.FieldChanges = trust.DiffDefinitions(ap.Fields, rv.ProjectHook.Fields)
			rv.ApprovalNote = "modified since it was trusted: Codex skips it without a word until it is trusted again"
		} else {
			rv.ApprovalNote = "modified since it was trusted, outside Hookwarden: Codex keeps only the hash, so what it was is not known"
		}
	default: // Untrusted
		rv.Status = trust.StatusNew
		if old, oldAp := p.movedFrom(r.sec, h); oldAp != nil {
			prev = oldAp
			r.moved[h.Key] = old
			rv.Status, rv.PreviousKey, rv.PreviousCommand = trust.StatusChanged, old, oldAp.Command
			rv.ApprovalNote = "moved from " + old + ", definition unchanged (Codex's key is positional): approve with carry-over to keep its approval"
		} else if rk := r.sec.Revoked[h.Key]; rk != nil {
			prev = rk
			rv.RevokedAt = rk.RevokedAt
			rv.FieldChanges = trust.DiffDefinitions(rk.Fields, rv.ProjectHook.Fields)
		}
	}
	if prev != nil && rv.PreviousCommand != "" && rv.PreviousCommand != hk.Command {
		rv.CommandDiff = trust.WordDiff(rv.PreviousCommand, hk.Command)
	}
	var approval *trust.Approval
	if prev != nil {
		approval = &trust.Approval{Scripts: prev.scriptsIn(p.Dir())}
	}
	sr.ReviewScripts(&rv.HookReview, approval)
	if rv.Status == trust.StatusApprovedOutside && h.Trust == trusted && len(rv.Scripts) == 0 && len(rv.Unresolved) == 0 && rv.ScriptsError == "" {
		// Codex's hash covers the whole definition, and the command runs
		// nothing else Hookwarden would fingerprint: trusted as it stands.
		rv.Status = trust.StatusTrusted
		rv.ApprovalNote = "trusted in Codex by hash; it runs no script of the project, so the hash covers all of it"
	}
	if rv.Status == trust.StatusTrusted {
		for _, s := range rv.Scripts {
			if s.Flagged {
				rv.Status = trust.StatusScriptChanged
			}
		}
	}
	if c, ok := r.tracedReach[hk.ID]; ok {
		reviewTracedReach(&rv, c) // reach.go
	}
	rv.SettleUnwatched()
	if hk.Status == statusProjectUntrusted && rv.ApprovalNote == "" {
		rv.ApprovalNote = "the project is not trusted: Codex does not load this hook yet"
	}
	if !doc {
		return rv
	}
	d := reviewDocHook{Key: h.Key, Command: hk.Command, TrustStatus: h.Trust, CurrentHash: h.CurrentHash,
		TrustedHash: h.TrustedHash, Enabled: h.Enabled, Hookwarden: string(rv.Status), MovedFrom: r.moved[h.Key]}
	r.doc = append(r.doc, d)
	return rv
}

// movedFrom finds the approval of a hook that was only moved: a record of
// the same file with the same definition at another key, whose own
// trusted_hash no longer matches the hook there (or is gone), and that
// Codex's trusted_hash at that key still names (or names nothing).
func (p *project) movedFrom(sec *storeSection, h *handler) (string, *approval) {
	identity := h.Identity().CanonicalJSON()
	keys := make([]string, 0, len(sec.Hooks))
	for k := range sec.Hooks {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		ap := sec.Hooks[k]
		if k == h.Key || ap == nil || ap.File != h.Hook.Origin.File || ap.Identity != identity || ap.Hash != h.CurrentHash {
			continue
		}
		if at := p.keyed(k); at != nil && at.CurrentHash == ap.Hash {
			continue // the approved definition is still there too
		}
		if st, ok := p.States[k]; ok && st.TrustedHash != "" && st.TrustedHash != ap.Hash {
			continue // Codex's trust at the old key is not what Hookwarden recorded
		}
		return k, ap
	}
	return "", nil
}

// gone are the approvals of this project's hook files that match no hook
// any more: Hookwarden's records and Codex's own hooks.state entries.
func (p *project) gone(sec *storeSection) []agents.Gone {
	files := map[string]bool{}
	for _, f := range p.Files {
		if f.Kind != kindRequirements {
			files[f.Path] = true
		}
	}
	seen := map[string]bool{}
	var out []agents.Gone
	add := func(key, label, file string) {
		if !seen[key] && p.keyed(key) == nil && files[file] {
			seen[key] = true
			out = append(out, agents.Gone{Key: key, Label: label, File: file, Where: "Codex's config.toml / Hookwarden's store",
				Meaning: "An approval for a place that holds no hook any more (the hook was removed, or moved: its definition may sit at a new key). Revoke it so that a hook that comes back there is reviewed again.",
				Fields:  []agents.Field{{Key: "key", Label: "Trust key", Value: key, Code: true}}})
		}
	}
	for k, ap := range sec.Hooks {
		add(k, ap.Command, ap.File)
	}
	for _, k := range p.stateKeys() {
		add(k, "[hooks.state] entry of "+k, keyFile(k))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	if out == nil {
		out = []agents.Gone{}
	}
	return out
}

// stateKeys are the keys of [hooks.state] Codex reads.
func (p *project) stateKeys() []string {
	keys := make([]string, 0, len(p.States))
	for k := range p.States {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// keyed is the reviewed handler with a trust key (nil when none): one
// Codex lists, or one of a project Codex does not load yet.
func (p *project) keyed(key string) *handler {
	return p.byKey[key] // a look-up, not a pass over every handler per hook (issue 28)
}

// keyFile is the file part of a trust key (<file>:<event>:<group>:<index>).
func keyFile(key string) string {
	parts := strings.Split(key, ":")
	if len(parts) < 4 {
		return ""
	}
	return strings.Join(parts[:len(parts)-3], ":")
}

// Approve trusts the hooks named (or all that need review) as Codex's
// /hooks does — [hooks.state."<key>"] trusted_hash = "<current hash>" in
// the user config.toml — after recording in Hookwarden's store what that
// hash is the hash of (definition and script fingerprints). The hash is of
// the definition this snapshot read and showed: a file that changed on
// disk since is refused ("review it again"). With CarryOver, hooks that
// were only moved keep their approval at the new key and the stale old
// entry goes.
func (p *project) Approve(ctx context.Context, req agents.ApproveRequest) (*agents.ApproveResult, error) {
	return p.approve(ctx, req, false)
}

// CarryOver is Approve that also carries the approvals of hooks that were
// only moved to their new key (agents.CarryOver).
func (p *project) CarryOver(ctx context.Context, req agents.ApproveRequest) (*agents.ApproveResult, error) {
	return p.approve(ctx, req, true)
}

func (p *project) approve(ctx context.Context, req agents.ApproveRequest, carry bool) (res *agents.ApproveResult, err error) {
	if req.All && len(req.IDs) > 0 || !req.All && !carry && len(req.IDs) == 0 {
		return nil, agents.BadRequestf("give --all or hooks (command, trust key or id)")
	}
	if p.storeErr != nil {
		return nil, p.storeErr
	}
	// The commands that are not hooks (and the user hooks that reach the
	// project) are checked and fingerprinted first and written in the
	// hooks' own store update below: all or nothing.
	cmdRes := &agents.ApproveResult{Approved: []string{}}
	var cmds *agents.PreparedCommands
	if !carry || req.All {
		pc, rest, err := agents.PrepareCommandsFor(ctx, p.env, p, p.store, string(Name), p.Dir(), p.commandSpecs(), req, p.env.Clock())
		if err != nil {
			return nil, err
		}
		cmds = pc
		if !req.All && len(rest) == 0 {
			return p.approveCommandsOnly(cmds, cmdRes)
		}
		req.IDs = rest
	}
	defer func() {
		if res != nil && len(cmdRes.Approved) > 0 {
			res.Approved = append(cmdRes.Approved, res.Approved...)
			res.Files = append(res.Files, cmdRes.Files...)
			res.Written = append(cmdRes.Written, res.Written...)
		}
	}()
	if err := agents.Recheck(ctx, p, req.Reviewed); err != nil {
		return nil, err
	}
	r, err := p.trusted()
	if err != nil {
		return nil, err
	}
	picked, err := p.pick(r, req.IDs, req.All || carry && len(req.IDs) == 0)
	if err != nil {
		return nil, agents.BadRequestf("%v", err)
	}
	if carry && len(req.IDs) == 0 && !req.All {
		picked = slices.DeleteFunc(picked, func(h *handler) bool { return r.moved[h.Key] == "" })
	}
	if len(picked) == 0 {
		// only commands picked (the deferred merge adds nothing: cmdRes
		// stays empty)
		return p.approveCommandsOnly(cmds, &agents.ApproveResult{Approved: []string{}})
	}
	if err := agents.UnchangedOnDisk(p, hooksOfHandlers(picked)); err != nil {
		return nil, err
	}
	if !req.AcceptUnwatched {
		var rvs []*agents.HookReview
		for _, h := range picked {
			if rv := r.byID[h.Hook.ID]; rv != nil {
				rvs = append(rvs, rv)
			}
		}
		// what a user hook's programs may open of this folder is settled
		// by its trace here, not by this approval
		if err := agents.UnwatchedIn(rvs, func(rv *agents.HookReview) []trust.UnresolvedCode {
			if rv.Layer != layerUser {
				return rv.Unresolved
			}
			return trust.ReachLeftToTrace(rv.Unresolved, p.Dir())
		}); err != nil {
			return nil, err
		}
	}
	fp := trust.NewFingerprinterFor(p.Dir(), scriptRuntime(p.env))
	now := p.env.Clock()
	recs := map[string]*approval{}
	var edits []settingsio.TOMLEdit
	drop := map[string]string{} // new key → old key whose stale entry goes
	for _, h := range picked {
		if !hashPattern.MatchString(h.CurrentHash) {
			return nil, fmt.Errorf("%s: no hash Codex could match (%q)", h.Key, h.CurrentHash)
		}
		var scripts []trust.ScriptSnapshot
		if h.Hook.Type == "command" {
			s, parseErr, err := fp.Scripts(h.Hook.Command, nil, nil)
			if parseErr != nil {
				return nil, fmt.Errorf("finding the scripts of %s: %w", shortName(h.Hook), parseErr)
			}
			if err != nil {
				return nil, err
			}
			scripts = s
		}
		if c, ok := r.tracedReach[h.Hook.ID]; ok {
			// what its trace in this folder saw joins its approval here,
			// fingerprinted as it is now (what the review showed)
			files := make([]trust.TracedFile, len(c.Traced))
			for i, t := range c.Traced {
				files[i] = trust.TracedFile{Path: t.Path, KeepContent: true}
			}
			seen, err := trust.SnapshotTraced(p.Dir(), files)
			if err != nil {
				return nil, fmt.Errorf("fingerprinting what the trace of %s read: %w", shortName(h.Hook), err)
			}
			scripts = trust.WithTraced(scripts, seen)
		}
		recs[h.Key] = recordOf(h, scripts, now)
		if h.Hook.Origin.Layer == layerUser {
			recs[h.Key].ProjectScripts = map[string][]trust.ScriptSnapshot{p.Dir(): recs[h.Key].Scripts}
		}
		edits = append(edits, settingsio.TOMLSetString(stateTable(h.Key), "trusted_hash", h.CurrentHash))
		if old := r.moved[h.Key]; old != "" && carry {
			drop[h.Key] = old
			if at := p.keyed(old); at == nil || at.Trust != trusted {
				edits = append(edits, settingsio.TOMLRemove(stateTable(old), "trusted_hash"))
			}
		}
	}
	// The store first, Codex's trusted_hash (what makes Codex run the
	// hooks) last: when that write fails the store is put back byte for
	// byte, so that nothing is half approved.
	cp, err := p.store.Checkpoint()
	if err != nil {
		return nil, err
	}
	if err := cp.Store().Update(func(d *trust.StoreData) error {
		if cmds != nil {
			if err := cmds.Apply(d); err != nil {
				return err
			}
		}
		sec, err := ensureSection(d)
		if err != nil {
			return err
		}
		for k, ap := range recs {
			if old := sec.Hooks[k]; old != nil && ap.ProjectScripts != nil && old.Hash == ap.Hash {
				for proj, s := range old.ProjectScripts {
					if _, ok := ap.ProjectScripts[proj]; !ok {
						ap.ProjectScripts[proj] = s // the same definition, approved in other projects too
					}
				}
			}
			sec.Hooks[k] = ap
			delete(sec.Revoked, k)
			if old := drop[k]; old != "" {
				delete(sec.Hooks, old)
			}
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("recording the approval in Hookwarden's store (nothing written to Codex's config): %w", err)
	}
	v, err := p.editUserConfig(edits...)
	if err != nil {
		return nil, agents.PutStoreBack(cp, err)
	}
	if cmds != nil {
		cmds.Report(cmdRes, p.store.Path())
	}
	res = &agents.ApproveResult{Approved: []string{}, Files: []string{p.Paths.UserConfigTOML, p.store.Path()}}
	for _, h := range picked {
		if st, ok := v.states[h.Key]; !ok || st.trustedHash != h.CurrentHash {
			res.Lost = append(res.Lost, h.Key)
			continue
		}
		res.Approved = append(res.Approved, shortName(h.Hook))
		if old := drop[h.Key]; old != "" {
			res.Notes = append(res.Notes, fmt.Sprintf("%s: approval carried over from %s (definition unchanged)", shortName(h.Hook), old))
		}
	}
	res.Written = append(res.Written, agents.Written{Count: len(res.Approved), What: "Codex hook", Store: p.Paths.UserConfigTOML,
		Also: p.store.Path(), Lost: res.Lost})
	if len(res.Lost) > 0 {
		return res, fmt.Errorf("%d hook(s) not trusted: their trusted_hash did not read back", len(res.Lost))
	}
	return res, nil
}

// approveCommandsOnly writes an approval that picked commands and no
// hook: one store update, nothing of Codex's.
func (p *project) approveCommandsOnly(cmds *agents.PreparedCommands, res *agents.ApproveResult) (*agents.ApproveResult, error) {
	if cmds == nil {
		return res, nil
	}
	if err := p.store.Update(cmds.Apply); err != nil {
		return nil, err
	}
	cmds.Report(res, p.store.Path())
	return res, nil
}

// sameCommand reports whether a user's reference names a command (spaces
// collapsed).
func sameCommand(command, ref string) bool {
	return strings.TrimSpace(ref) != "" && strings.Join(strings.Fields(command), " ") == strings.Join(strings.Fields(ref), " ")
}

// pick resolves what to approve or revoke: commands, hook IDs or trust keys
// (the finder), or with all every reviewed hook that needs review.
func (p *project) pick(r *codexReview, ids []string, all bool) ([]*handler, error) {
	var out []*handler
	var reviewed []*hooks.Hook
	for _, h := range p.Handlers {
		if rv := r.byID[h.Hook.ID]; rv != nil {
			reviewed = append(reviewed, h.Hook)
			if rv.NeedsReview() {
				out = append(out, h)
			}
		}
	}
	if len(ids) == 0 && all {
		return out, nil
	}
	out = nil
	f := p.finder("no Codex hook with the command, trust key or ID %q that Codex asks trust for")
	for _, id := range ids {
		hs, err := f.Find(reviewed, id)
		if err != nil {
			return nil, err
		}
		for _, h := range hs {
			out = append(out, p.byHook[h])
		}
	}
	return out, nil
}

// hooksOfHandlers are the neutral hooks of hs.
func hooksOfHandlers(hs []*handler) []*hooks.Hook {
	out := make([]*hooks.Hook, len(hs))
	for i, h := range hs {
		out[i] = h.Hook
	}
	return out
}

// Revoke removes trusted_hash from the hooks' [hooks.state."<key>"] (the
// table goes when nothing else is left in it; enabled = false stays), and
// keeps Hookwarden's record as history for the next review's diff.
func (p *project) Revoke(_ context.Context, req agents.RevokeRequest) (res *agents.RevokeResult, err error) {
	switch {
	case (req.All || req.Gone) && len(req.IDs) > 0:
		return nil, agents.BadRequestf("--all and --gone take no hooks")
	case !req.All && !req.Gone && len(req.IDs) == 0:
		return nil, agents.BadRequestf("give --all, --gone or hooks (command, trust key or id)")
	case p.storeErr != nil:
		return nil, p.storeErr
	}
	data, err := p.store.Load()
	if err != nil {
		return nil, err
	}
	cmdRes := &agents.RevokeResult{Revoked: []string{}}
	rest, err := agents.RevokeCommandsFor(p.store, data, string(Name), p.Dir(), p.commandSpecs(), req, cmdRes)
	if err != nil {
		return nil, err
	}
	if !req.All && !req.Gone && len(rest) == 0 {
		return cmdRes, nil
	}
	req.IDs = rest
	defer func() {
		if res != nil && len(cmdRes.Revoked) > 0 {
			res.Revoked = append(res.Revoked, cmdRes.Revoked...)
			res.Files = append(res.Files, cmdRes.Files...)
			res.Written = append(res.Written, cmdRes.Written...)
		}
	}()
	r, err := p.trusted()
	if err != nil {
		return nil, err
	}
	var keys []string
	switch {
	case req.Gone:
		for _, g := range r.Gone {
			if !r.commandGone[g.Key] {
				keys = append(keys, g.Key)
			}
		}
	case req.All:
		for _, h := range p.Handlers {
			if r.byID[h.Hook.ID] != nil && (h.TrustedHash != "" || r.sec.Hooks[h.Key] != nil) {
				keys = append(keys, h.Key)
			}
		}
	default:
		hs, err := p.pickAny(r, req.IDs)
		if err != nil {
			return nil, agents.BadRequestf("%v", err)
		}
		keys = append(keys, hs...)
	}
	res = &agents.RevokeResult{Revoked: []string{}, Files: []string{}}
	if len(keys) == 0 {
		res.Written = []agents.Written{{What: "approval"}}
		return res, nil
	}
	var edits []settingsio.TOMLEdit
	for _, k := range keys {
		edits = append(edits, settingsio.TOMLRemove(stateTable(k), "trusted_hash"))
	}
	v, err := p.editUserConfig(edits...)
	if err != nil {
		return nil, err
	}
	now := p.env.Clock()
	if err := p.store.Update(func(d *trust.StoreData) error {
		sec, err := ensureSection(d)
		if err != nil {
			return err
		}
		for _, k := range keys {
			sec.revoke(k, now)
		}
		return nil
	}); err != nil {
		return nil, fmt.Errorf("Codex no longer trusts them, but the record in Hookwarden's store could not be moved to its history: %w", err)
	}
	for _, k := range keys {
		if st, ok := v.states[k]; ok && st.hasTrustedHash {
			return nil, fmt.Errorf("%s: [hooks.state.%q] trusted_hash is still there after the edit", p.Paths.UserConfigTOML, k)
		}
		res.Revoked = append(res.Revoked, k)
	}
	res.Files = []string{p.Paths.UserConfigTOML, p.store.Path()}
	res.Written = []agents.Written{{Count: len(res.Revoked), What: "approval", Store: p.Paths.UserConfigTOML, Removed: "trusted_hash"}}
	return res, nil
}

// pickAny resolves IDs or keys to trust keys: of a hook here, or any key
// Hookwarden or Codex holds trust for (a gone one).
func (p *project) pickAny(r *codexReview, ids []string) ([]string, error) {
	var out []string
	for _, id := range ids {
		if hs, err := p.pick(r, []string{id}, false); err == nil {
			out = append(out, hs[0].Key)
			continue
		}
		found := false
		for _, g := range r.Gone {
			if g.Key == id {
				out, found = append(out, id), true
			}
		}
		if !found {
			return nil, fmt.Errorf("no Codex hook or approval with the ID or trust key %q", id)
		}
	}
	return out, nil
}

// scriptPaths are the scripts of the reviewed hooks (for Watch).
func (p *project) scriptPaths() []string {
	r, err := p.trusted()
	if err != nil {
		return nil
	}
	var out []string
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			out = append(out, s.Path)
		}
	}
	return out
}
