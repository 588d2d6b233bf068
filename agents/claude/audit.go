package claude

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// gone is an approval that matches no handler any more, as Claude Code's
// review document says it: its fingerprint with the approval.
type gone struct {
	Fingerprint string `json:"fingerprint"`
	*handlerApproval
}

// reviewDoc is Claude Code's own review document (Review.Document):
// `audit --json` puts what it says beyond the common members under
// "agent" (its folder flag, the approvals gone with their place and time,
// the handlers Hookwarden disabled, each handler's raw command, plugin
// and kind).
type reviewDoc struct {
	Project string `json:"project"`
	// FolderTrust is Claude Code's own folder flag (read only).
	FolderTrust folderTrust `json:"folder_trust"`
	// NeedsReview is the handlers' (the commands reviewed apart not
	// counted).
	NeedsReview bool                   `json:"needs_review"`
	Gone        []gone                 `json:"gone"`
	Disabled    []*disabled            `json:"disabled"`
	Unreadable  []settingsio.FileError `json:"unreadable"`
	Hooks       []docHook              `json:"hooks"`
}

// docHook is a handler's object in reviewDoc: its review with the
// command as written, its layer, file, plugin and kind.
type docHook struct {
	trust.HookReview
	Layer  settingsio.Layer `json:"layer"`
	File   string           `json:"file"`
	Plugin string           `json:"plugin,omitempty"`
	Kind   hooks.Kind       `json:"kind,omitempty"`
	Risk   risk.Report      `json:"risk"`
}

// audit reviews the handlers hs (a registry's Hooks) of snap that
// Hookwarden reviews (reviewedLayers) against the store: trusted
// (fingerprint approved, scripts unchanged), script-changed, changed (not
// approved, but an approval sits at the same file, event, group and index:
// its label is the previous command, with a diff), new; approvals nothing
// matches are gone. The review's Document is Claude Code's own (reviewDoc,
// its hooks filled by Review).
func audit(snap *project, hs []*hooks.Hook, store trust.Store) (*agents.Review, error) {
	data, err := store.Load()
	if err != nil {
		return nil, err
	}
	return auditData(snap, hs, data)
}

// auditData is Audit against a store the caller loaded for this
// command (Store.Load), so that one command reads the store once. It only
// reads data; every script is still fingerprinted from disk now.
func auditData(snap *project, hs []*hooks.Hook, data *trust.StoreData) (*agents.Review, error) {
	return auditKept(snap, hs, data, nil)
}

// auditKept is auditData with only the hooks' reviews keep takes in
// Review.Hooks (every one for nil keep), in the same order; NeedsReview
// still counts every hook. With keep, a hook that is not approved is
// reviewed again once the approvals are claimed instead of held until
// then, so that the states of 100,000 hooks are never held at once
// (TrustStates).
func auditKept(snap *project, hs []*hooks.Hook, data *trust.StoreData, keep func(*agents.HookReview) bool) (*agents.Review, error) {
	if _, err := storeSection(data); err != nil {
		return nil, err
	}
	reviewedCount := 0
	for _, h := range hs {
		if keep == nil && Is(h) && reviewed(h) {
			reviewedCount++
		}
	}
	// sized once: a review of 100,000 hooks does not grow (and copy) it
	// by doubling
	r := &agents.Review{Project: snap.ProjectDir, Hooks: make([]agents.HookReview, 0, reviewedCount), Gone: []agents.Gone{}}
	approvals := approvals(data, snap.ProjectDir)
	revoked := revokedApprovals(data, snap.ProjectDir)
	settingsNow := claudeSettingsFields(snap)
	a := trust.NewScriptReviewerFor(snap.ProjectDir, scriptRuntime(snap.ProjectDir, snap.Git))
	a.UseCache(data.Fingerprints())
	claimed := map[string]bool{}
	// a pending hook is at in r.Hooks (with keep, in hs), with the
	// definition of a command that is not a hook
	type pendingAt struct {
		at  int
		def string
	}
	var pending []pendingAt
	type reviewAt struct {
		at int
		rv agents.HookReview
	}
	var kept []reviewAt
	needsReview := false
	take := func(at int, rv *agents.HookReview) {
		needsReview = needsReview || rv.NeedsReview()
		if keep(rv) {
			kept = append(kept, reviewAt{at, *rv})
		}
	}
	for at, h := range hs {
		if !Is(h) || !reviewed(h) {
			continue
		}
		rv, def, err := claudeReviewOf(h, snap.ProjectDir)
		if err != nil {
			return nil, err
		}
		if ap := approvals[rv.Key]; ap != nil && !claimed[rv.Key] {
			claimed[rv.Key] = true
			rv.Status = trust.StatusTrusted
			a.ReviewScripts(&rv.HookReview, &trust.Approval{Scripts: ap.Scripts})
			for _, s := range rv.Scripts {
				if s.Flagged {
					rv.Status = trust.StatusScriptChanged
				}
			}
			if changes, note := claudeSettingsChanges(ap, settingsNow); changes != nil || note != "" {
				rv.Status, rv.FieldChanges, rv.ApprovalNote = trust.StatusDefinitionChanged, changes, note
			}
			rv.SettleUnwatched()
		} else if keep != nil {
			pending = append(pending, pendingAt{at, def})
			continue
		} else {
			pending = append(pending, pendingAt{len(r.Hooks), def})
		}
		if keep != nil {
			take(at, &rv)
			continue
		}
		r.Hooks = append(r.Hooks, rv)
	}
	// A changed hook takes the first unclaimed approval of its place (file,
	// event, group, index) in key order (agents.Claims).
	type place struct {
		file, event  string
		group, index int
	}
	var atPlace *agents.Claims[place]
	settlePending := func(rv *agents.HookReview, def string) {
		rv.Status = trust.StatusNew
		if atPlace == nil {
			atPlace = agents.ClaimsByPlace(approvals, claimed, func(ap *handlerApproval) place { return place{ap.File, ap.Event, ap.Group, ap.Index} })
		}
		var prev *handlerApproval
		if k, ok := atPlace.Claim(place{rv.File, rv.Event, rv.Definition, rv.Index}); ok {
			prev = approvals[k]
			rv.Status, rv.PreviousKey, rv.PreviousCommand = trust.StatusChanged, k, prev.Label
			rv.CommandDiff = trust.WordDiff(prev.Label, rv.Command)
		}
		if prev == nil && revoked[rv.Key] != nil {
			prev = revoked[rv.Key]
			rv.RevokedAt = prev.RevokedAt
		}
		var old *trust.Approval
		if prev != nil {
			old = &trust.Approval{Scripts: prev.Scripts}
			rv.FieldChanges, _ = claudeSettingsChanges(prev, settingsNow)
			if rv.Kind != hooks.KindHook {
				rv.FieldChanges = append(trust.DiffDefinitions(commandFieldsOf(prev.Definition), commandFieldsOf(def)), rv.FieldChanges...)
			}
		}
		a.ReviewScripts(&rv.HookReview, old)
	}
	for _, pa := range pending {
		if keep == nil {
			settlePending(&r.Hooks[pa.at], pa.def)
			continue
		}
		rv, def, err := claudeReviewOf(hs[pa.at], snap.ProjectDir)
		if err != nil {
			return nil, err
		}
		settlePending(&rv, def)
		take(pa.at, &rv)
	}
	if keep != nil {
		slices.SortFunc(kept, func(a, b reviewAt) int { return a.at - b.at })
		for _, k := range kept {
			r.Hooks = append(r.Hooks, k.rv)
		}
	}
	doc := &reviewDoc{Project: snap.ProjectDir, FolderTrust: snap.FolderTrust, Gone: []gone{}}
	for k, ap := range approvals {
		if !claimed[k] {
			doc.Gone = append(doc.Gone, gone{Fingerprint: k, handlerApproval: ap})
		}
	}
	sortGone(doc.Gone)
	for _, g := range doc.Gone {
		r.Gone = append(r.Gone, goneOf(g))
	}
	doc.Disabled = disabledIn(data, claudeFiles(snap)...)
	for _, d := range doc.Disabled {
		r.Disabled = append(r.Disabled, agents.DisabledHook{Event: fmt.Sprint(d.Removed.Place.Event), Label: d.Label, File: d.File, ID: d.ID})
	}
	r.Unreadable = snap.UnreadableFiles()
	r.NeedsReview = len(r.Unreadable) > 0 || needsReview
	for _, h := range r.Hooks {
		if h.NeedsReview() {
			r.NeedsReview = true
		}
	}
	doc.NeedsReview, doc.Unreadable = r.NeedsReview, r.Unreadable
	r.Document = doc
	return r, nil
}

// goneOf is an approval that matches no handler as the review lists it.
func goneOf(g gone) agents.Gone {
	out := agents.Gone{Key: g.Fingerprint, Label: g.Fingerprint, Where: "Hookwarden's store", Meaning: goneMeaning}
	if ap := g.handlerApproval; ap != nil {
		out.Label, out.File, out.Event, out.Matcher = ap.Label, ap.File, ap.Event, ap.Matcher
		out.Where += " · " + ap.Event
		out.Fields = []agents.Field{
			{Key: "file", Label: "Was at", Value: ap.File + "  ·  " + ap.Event + " group " + strconv.Itoa(ap.Group) + ", handler " + strconv.Itoa(ap.Index), Code: true},
			{Key: "approved_at", Label: "Approved", Value: ap.ApprovedAt},
		}
	}
	out.Fields = append(out.Fields, agents.Field{Key: "fingerprint", Label: "Fingerprint", Value: g.Fingerprint, Code: true})
	return out
}

// claudeSettingsChanges compares the settings recorded with an approval
// with those now: the differences, or for a record without them a note
// (and the current settings as added) when the project sets any now.
func claudeSettingsChanges(ap *handlerApproval, now trust.Definition) ([]trust.FieldChange, string) {
	if ap.Settings == nil {
		// an earlier record: what it could vouch for is the keys it knew,
		// and any command-running key counts as added
		now = maps.Clone(now)
		maps.DeleteFunc(now, func(k string, _ string) bool { return !legacySettingsKey(k) })
		if len(now) == 0 {
			return nil, ""
		}
		return trust.DiffDefinitions(trust.Definition{}, now), "approved by an earlier Hookwarden that did not record the project's settings env: review it again"
	}
	return trust.DiffDefinitions(ap.Settings, now), ""
}

// legacySettingsKey reports whether a settings field ("project env.X")
// is one of claudeSettingsKeys.
func legacySettingsKey(field string) bool {
	_, k, _ := strings.Cut(field, " ")
	k, _, _ = strings.Cut(k, ".")
	return slices.Contains(claudeSettingsKeys, k)
}

// claudeReviewOf is a handler's review before its trust is settled, and
// the definition of a command that is not a hook ("" for a hook).
func claudeReviewOf(h *hooks.Hook, project string) (agents.HookReview, string, error) {
	key, err := fingerprint(h)
	if err != nil {
		return agents.HookReview{}, "", err
	}
	place, _ := place(h)
	label := claudeLabel(h)
	rv := agents.HookReview{HookID: h.ID, Layer: h.Origin.Layer, File: h.Origin.File, Label: label, Kind: h.Kind}
	var def string
	if !h.IsHook() {
		if def, err = definition(h); err != nil {
			return agents.HookReview{}, "", err
		}
	}
	rv.DiscoverCommand = claudeScriptCommand(h, project)
	rv.ScriptVars = scriptVars(h)
	if root := hookRoot(h); root != "" {
		rv.ScriptRoots = []string{root}
	}
	if HandlerOf(h) != nil {
		rv.Owner = HandlerOf(h).Plugin
	}
	event := string(h.Event)
	if !h.IsHook() {
		// The place of a command is its kind and name: a changed server
		// is matched with the approval of the same name.
		event = string(h.Kind) + " " + h.Name
		// A skill or command body's shell commands share that name:
		// each is at its own index.
		place.Index = skillShellIndex(h)
	}
	rv.ProjectHook = trust.ProjectHook{
		Event: event, Matcher: h.Matcher, Definition: place.Group, Index: place.Index,
		Path: h.Origin.Path, HookID: h.ID, Command: label, RawCommand: claudeScriptCommand(h, project),
		Type: h.Type, IsCommand: h.Type == "command", Key: key, Label: label,
		Line: h.Origin.Line, Column: h.Origin.Column, Env: agents.ReviewEnv(h),
	}
	return rv, def, nil
}

// claudeFiles are the settings files of a snapshot (disabled handlers are
// looked up by file).
func claudeFiles(snap *project) []string {
	var out []string
	for _, f := range snap.Settings {
		out = append(out, f.Path)
	}
	for _, p := range snap.Plugins {
		for _, src := range p.Hooks {
			if src.File != nil {
				out = append(out, src.File.Path)
			}
		}
	}
	return out
}

func sortGone(g []gone) {
	for i := 1; i < len(g); i++ {
		for j := i; j > 0 && less(g[j], g[j-1]); j-- {
			g[j], g[j-1] = g[j-1], g[j]
		}
	}
}

func less(a, b gone) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	if a.Event != b.Event {
		return a.Event < b.Event
	}
	if a.Group != b.Group {
		return a.Group < b.Group
	}
	return a.Index < b.Index
}

// approve records approvals for the handlers hs (fingerprint, place
// and script fingerprints), replacing an earlier approval at the same place
// (how a changed handler or script is accepted).
func approve(snap *project, hs []*hooks.Hook, store trust.Store, now time.Time) ([]string, error) {
	pa, err := prepareApproval(snap, hs, now)
	if err != nil {
		return nil, err
	}
	if err := store.Update(pa.apply); err != nil {
		return nil, err
	}
	return pa.keys, nil
}

// preparedApproval is an approval of handlers with every fingerprint
// taken, ready to be written in one store update (apply), alone or with
// other parts of the same approval (Project.Approve).
type preparedApproval struct {
	snap *project
	recs []approvalRec
	// keys are the fingerprints apply wrote.
	keys []string
}

type approvalRec struct {
	key string
	ap  *handlerApproval
}

// prepareApproval reads and fingerprints everything an approval of hs
// records; nothing is written.
func prepareApproval(snap *project, hs []*hooks.Hook, now time.Time) (*preparedApproval, error) {
	var recs []approvalRec
	fp := trust.NewFingerprinterFor(snap.ProjectDir, scriptRuntime(snap.ProjectDir, snap.Git))
	settings := claudeSettingsFields(snap)
	for _, h := range hs {
		rv, _, err := claudeReviewOf(h, snap.ProjectDir)
		if err != nil {
			return nil, err
		}
		def, err := definition(h)
		if err != nil {
			return nil, err
		}
		ap := &handlerApproval{Layer: rv.Layer, File: rv.File, Event: rv.Event, Matcher: rv.Matcher, Group: rv.Definition,
			Index: rv.Index, Type: rv.Type, Label: rv.Label, Definition: def, Settings: settings,
			ApprovedAt: now.UTC().Format(time.RFC3339), Scripts: []trust.ScriptSnapshot{}}
		if cmd := rv.ScriptCommand(); rv.IsCommand && cmd != "" {
			// the env the review follows (an MCP server's LD_PRELOAD,
			// BASH_ENV): what it finds is what is fingerprinted
			scripts, parseErr, err := fp.Scripts(cmd, rv.DiscoveryEnv(), rv.ScriptRoots)
			if parseErr != nil {
				return nil, fmt.Errorf("finding the scripts of %s: %w", rv.Label, parseErr)
			}
			if err != nil {
				return nil, err
			}
			ap.Scripts = append(ap.Scripts, scripts...)
		}
		recs = append(recs, approvalRec{rv.Key, ap})
	}
	return &preparedApproval{snap: snap, recs: recs}, nil
}

// apply writes the prepared approvals into d (inside a store update).
func (pa *preparedApproval) apply(d *trust.StoreData) error {
	snap, recs := pa.snap, pa.recs
	keys := pa.keys[:0]
	defer func() { pa.keys = keys }()
	p, err := claudeProject(d, snap.ProjectDir)
	if err != nil {
		return err
	}
	keys = keys[:0]
	// the keys approved at each place, so that replacing the approval
	// of a place is one look-up, not a pass over the store per handler
	type place struct {
		file, event  string
		group, index int
	}
	placeOf := func(ap *handlerApproval) place { return place{ap.File, ap.Event, ap.Group, ap.Index} }
	at := make(map[place]map[string]bool, len(p.Hooks)+len(recs))
	for k, old := range p.Hooks {
		if at[placeOf(old)] == nil {
			at[placeOf(old)] = map[string]bool{}
		}
		at[placeOf(old)][k] = true
	}
	for _, r := range recs {
		here := at[placeOf(r.ap)]
		for k := range here {
			if k != r.key {
				delete(p.Hooks, k)
				delete(here, k)
			}
		}
		if old := p.Hooks[r.key]; old != nil && placeOf(old) != placeOf(r.ap) {
			delete(at[placeOf(old)], r.key)
		}
		if here == nil {
			here = map[string]bool{}
			at[placeOf(r.ap)] = here
		}
		here[r.key] = true
		p.Hooks[r.key] = r.ap
		delete(p.Revoked, r.key)
		keys = append(keys, r.key)
	}
	return nil
}

// revoke removes approvals by fingerprint, keeping each as history
// (StoreProject.Revoked) for the next review's diff; it returns
// those that were there.
func revoke(project string, fingerprints []string, store trust.Store) ([]string, error) {
	var removed []string
	err := store.Update(func(d *trust.StoreData) error {
		removed = removed[:0]
		if c, err := storeSection(d); err != nil || c == nil || c.Projects[project] == nil || c.Projects[project].Hooks == nil {
			return err
		}
		p, err := claudeProject(d, project)
		if err != nil {
			return err
		}
		now := time.Now().UTC().Format(time.RFC3339)
		for _, k := range fingerprints {
			if agents.Retire(p.Hooks, &p.Revoked, k, func(ap *handlerApproval) { ap.RevokedAt = now }) {
				removed = append(removed, k)
			}
		}
		return nil
	})
	return removed, err
}
