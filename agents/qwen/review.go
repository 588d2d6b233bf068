package qwen

import (
	"context"
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// storeSection is Qwen Code's section of Hookwarden's store: approvals of
// project hooks, in the shape of the shared "commands" section.
const storeSection = "qwen"

// spec is a project hook as the shared review takes it: its definition
// field by field (event, matcher, sequential and every member of the
// handler), the command Qwen runs (after its $VAR expansion) whose
// scripts are fingerprinted, and its place as its name.
func (p *project) spec(c *handler) agents.CommandSpec {
	named := *c.Hook
	named.Name = c.Hook.Origin.Path
	named.Env = map[string]string{}
	for k, v := range c.Hook.Env {
		named.Env[k] = p.redact(v)
	}
	hk := &named
	s := agents.CommandSpec{Hook: hk, Label: title(c.Hook), Fields: trust.Definition{}}
	q := func(v any) string { return string(hooks.AppendJSON(nil, v)) }
	s.Fields[trust.FieldEvent] = q(c.Event)
	if c.HasMatcher {
		s.Fields[trust.FieldMatcher] = q(c.Matcher)
	}
	if c.Sequential {
		s.Fields[trust.FieldSequential] = "true"
	}
	if n := hk.Node; n.Is(settingsio.Object) {
		for _, m := range n.Members {
			key := m.Key
			if key == trust.FieldEvent || key == trust.FieldMatcher || key == trust.FieldSequential || key == "" || strings.ContainsAny(key, `."`) {
				key = q(key)
			}
			s.Fields[key] = q(m.Value.Interface())
		}
	}
	if c.Hook.Command != "" && c.Hook.Type == "command" {
		// the scripts of what runs (an API key Qwen put in stays a
		// variable); the definition keeps the command as written.
		s.ScriptCommand = p.redact(c.Hook.Command)
	}
	return s
}

// reviewed: every handler of the project file, whatever Qwen makes of it
// now (a hook of an untrusted folder runs once trust is off or granted).
func (p *project) specs() []agents.CommandSpec {
	var out []agents.CommandSpec
	for _, c := range p.snap.handlers {
		if c.Hook.Origin.Layer == layerProject {
			out = append(out, p.spec(c))
		}
	}
	return out
}

func (p *project) Review(ctx context.Context) (*agents.Review, error) {
	r, err := p.review()
	if err != nil || p.env.Others == nil {
		return r, err
	}
	agents.AddOtherReaders(ctx, p.env, p, r.Hooks)
	r.Text = p.auditText(r)
	return r, nil
}

var reviewWords = agents.ReviewWords{
	Noun: "project hook", Banner: "Qwen Code hook", KeyLabel: "Fingerprint",
	Empty: "This folder has no Qwen Code project hooks (.qwen/settings.json): there is nothing to review.",
	Meaning: map[trust.HookStatus]string{
		trust.StatusNew: "Not approved in Hookwarden. Qwen Code has no per-hook trust and its folder trust is off by default: " +
			"it runs this hook unprompted, with your API keys in its environment. Read it, then approve it.",
		trust.StatusChanged:         "Changed since it was approved: Qwen Code runs the new version without a word. The diff is against what was approved.",
		trust.StatusScriptChanged:   "Approved, but a script it runs changed since: Qwen Code runs the new version without a word.",
		trust.StatusPartlyUnwatched: "Approved, partly unwatched: part of what it runs (listed under it) cannot be watched.",
		trust.StatusTrusted:         "Approved in Hookwarden, and no script it runs changed since.",
	},
	ApproveAll:   "Hookwarden records them, with the scripts they run, in its store; Qwen Code itself keeps no per-hook trust.",
	RunsTitle:    "Runs",
	ChangedTitle: "Definition — changes since it was approved",
	Before:       "Approved before: ",
	Unrecorded:   "Hookwarden has no record of this script: it was not read when the hook was approved.",
	StoreError:   "Hookwarden's store cannot be read",
}

func (p *project) review() (*agents.Review, error) {
	if p.storeErr != nil {
		return nil, p.storeErr
	}
	data, err := p.env.LoadStore(p.store)
	if err != nil {
		return nil, err
	}
	cr, err := agents.ReviewSpecs(data, storeSection, string(name), p.Dir(), p.specs())
	if err != nil {
		return nil, err
	}
	r := &agents.Review{Project: p.Dir(), Store: "Hookwarden's store (Qwen Code keeps no per-hook trust)", StorePath: p.store.Path(),
		FolderTrust: p.folderTrust(), Hooks: []agents.HookReview{}, Gone: []agents.Gone{}, Unreadable: p.Unreadable(),
		Critical: p.critical(), Warnings: p.warnings()}
	if r.Unreadable == nil {
		r.Unreadable = []settingsio.FileError{}
	}
	r.AddCommands(cr, p.store.Path())
	cache := risk.NewCache()
	for i := range r.Hooks {
		h := &r.Hooks[i]
		h.SettleUnwatched()
		c := p.byID(h.HookID)
		if c == nil {
			continue
		}
		if p.env.WantsRisk(h.NeedsReview()) {
			// what runs, with an API key Qwen put in named by its variable
			shown := *c.Hook
			shown.Command = p.redact(c.Hook.Command)
			h.Risk = risk.Analyze(agents.RiskSubject(p, &shown, p.Dir()), risk.Options{Cache: cache})
			agents.FloorUnwatchedRisk(h)
		}
		h.Fields = append(h.Fields, agents.Field{Key: "qwen", Label: "Qwen Code", Value: qwenSays(c)})
		h.Notes = append(h.Notes, p.ListNotes(c.Hook)...)
	}
	r.NeedsReview = r.NeedsReview || len(r.Unreadable) > 0
	r.Words, r.Folder, r.Files = reviewWords, p.folderView(), []string{p.store.Path()}
	r.Document = map[string]any{"agent": string(name), "project": p.Dir(), "store": p.store.Path(), "needs_review": r.NeedsReview,
		"folder_trust": r.FolderTrust, "hooks": r.Hooks, "gone": r.Gone, "unreadable": r.Unreadable, "critical": r.Critical, "warnings": r.Warnings}
	r.Text = p.auditText(r)
	return r, nil
}

// critical is, in red, that folder trust is off while the project has
// hooks: Qwen Code runs them unprompted (observed).
func (p *project) critical() []hooks.Diagnostic {
	out := []hooks.Diagnostic{}
	f := p.snap.byLayer(layerProject)
	n := 0
	for _, c := range p.snap.handlers {
		if c.Hook.Origin.Layer == layerProject && c.Valid() {
			n++
		}
	}
	if n > 0 && !p.snap.trust.enabled {
		out = append(out, hooks.Diagnostic{File: f.Path, Line: 1, Column: 1, Severity: hooks.SeverityCritical,
			Message: fmt.Sprintf("Qwen Code's folder trust is off (the default): the %d hook(s) of this project run unprompted when Qwen Code starts here", n)})
	}
	return out
}

// warnings are Qwen Code's observed behaviours that an auditor must know.
func (p *project) warnings() []string {
	out := []string{}
	for _, f := range p.observed() {
		out = append(out, f.Value)
	}
	return out
}

func qwenSays(c *handler) string {
	switch c.Hook.Status {
	case hooks.StatusRuns:
		return "runs it unprompted"
	case hooks.StatusBlockedUntrustedFolder:
		return "skips it silently (folder not trusted)"
	}
	return string(c.Hook.Status) + ": " + c.Hook.Reason
}

func (p *project) byID(id string) *handler {
	for _, c := range p.snap.handlers {
		if c.Hook.ID == id {
			return c
		}
	}
	return nil
}

func (p *project) auditText(r *agents.Review) []agents.TextLine {
	var t []agents.TextLine
	f := func(format string, a ...any) { t = append(t, agents.Line(format, a...)) }
	ft := r.FolderTrust
	f("Qwen Code folder trust (%s): %s — %s\n", ft.Source, ft.State, ft.Reason)
	for _, c := range r.Critical {
		f("%-14s %s\n", "CRITICAL", c.Message)
	}
	for _, w := range r.Warnings {
		f("%-14s %s\n", "NOTE", w)
	}
	for _, u := range r.Unreadable {
		f("%-14s %s\n", "UNREADABLE", u.Error())
	}
	if len(r.Hooks) == 0 {
		f("No Qwen Code project hooks.\n")
	}
	for i := range r.Hooks {
		h := &r.Hooks[i]
		says := ""
		if c := p.byID(h.HookID); c != nil {
			says = qwenSays(c)
		}
		key := h.Key
		if len(key) > 12 {
			key = key[:12]
		}
		f("%-14s %s  %s\n               %s:%d (%s)  qwen: %s\n               fingerprint %s\n", trust.StatusLabel(h.Status), h.Event, h.Command, h.File, h.Line, h.Layer, says, key)
		t = append(t, agents.TextLine{Format: "               %s\n", Risk: &h.Risk}, agents.TextLine{Format: "               %s\n", Warn: []string{h.Command}})
		t = append(t, agents.ReviewDetailLines(&h.HookReview)...)
	}
	for _, g := range r.Gone {
		f("%-14s %s  %s (approval matches no hook any more)\n", "GONE", g.Key, g.Label)
	}
	if r.NeedsReview {
		f("\nApprove with: hookwarden trust --agent qwen --all   (or name a hook by its ID or fingerprint)\n")
	}
	return t
}

func (p *project) Approve(ctx context.Context, req agents.ApproveRequest) (*agents.ApproveResult, error) {
	if req.Repair {
		return nil, agents.NotSupported("repair", "Qwen Code has no trust store of its own to repair")
	}
	fresh, err := open(p.env, p.Dir())
	if err != nil {
		return nil, err
	}
	r, err := fresh.review()
	if err != nil {
		return nil, err
	}
	specs := fresh.specs()
	var picked []agents.CommandSpec
	if req.All {
		for _, s := range specs {
			if rv := r.Hook(s.Hook.ID); rv == nil || rv.NeedsReview() {
				picked = append(picked, s)
			}
		}
	} else {
		if len(req.IDs) == 0 {
			return nil, agents.BadRequestf("name the Qwen Code hooks to approve (their ID, fingerprint or command), or approve all")
		}
		var missing []string
		if picked, missing = pick(specs, req.IDs); len(missing) > 0 {
			return nil, agents.BadRequestf("no Qwen Code project hook %q (see hookwarden audit --agent qwen)", strings.Join(missing, `", "`))
		}
	}
	if req.Reviewed != nil {
		if err := agents.CompareWithReview(req.Reviewed, r.Hooks); err != nil {
			return nil, err
		}
	}
	var ids []string
	for _, s := range picked {
		ids = append(ids, s.Hook.ID)
	}
	if err := agents.CheckUnwatched(ctx, fresh, ids, req.AcceptUnwatched); err != nil {
		return nil, err
	}
	res := &agents.ApproveResult{Approved: []string{}}
	if len(picked) == 0 {
		res.Text = append(res.Text, agents.Line("nothing to approve: every Qwen Code project hook is approved\n"))
		return res, nil
	}
	keys, err := agents.ApproveSpecs(p.store, storeSection, string(name), p.Dir(), picked, p.env.Clock())
	if err != nil {
		return nil, err
	}
	for _, s := range picked {
		res.Approved = append(res.Approved, s.Label)
	}
	res.Files = []string{p.store.Path()}
	res.Text = append(res.Text, agents.Line("approved %d Qwen Code hook(s) in %s\n", len(keys), p.store.Path()))
	return res, nil
}

// pick selects specs by hook ID, fingerprint (8+ characters), name or
// command.
func pick(specs []agents.CommandSpec, sels []string) (out []agents.CommandSpec, missing []string) {
	seen := map[string]bool{}
	for _, sel := range sels {
		found := false
		for _, s := range specs {
			if s.Hook.ID == sel || len(sel) >= 8 && strings.HasPrefix(s.Key(), sel) || strings.TrimSpace(s.Hook.Command) == strings.TrimSpace(sel) || s.Label == sel {
				found = true
				if !seen[s.Hook.ID] {
					seen[s.Hook.ID] = true
					out = append(out, s)
				}
			}
		}
		if !found {
			missing = append(missing, sel)
		}
	}
	return out, missing
}

func (p *project) Revoke(_ context.Context, req agents.RevokeRequest) (*agents.RevokeResult, error) {
	if p.storeErr != nil {
		return nil, p.storeErr
	}
	var keys []string
	if !req.All {
		picked, missing := pick(p.specs(), req.IDs)
		for _, s := range picked {
			keys = append(keys, s.Key())
		}
		keys = append(keys, missing...)
		if req.Gone {
			r, err := p.review()
			if err != nil {
				return nil, err
			}
			for _, g := range r.Gone {
				keys = append(keys, g.Key)
			}
		}
	}
	removed, err := agents.RevokeSpecs(p.store, storeSection, string(name), p.Dir(), keys, req.All)
	if err != nil {
		return nil, err
	}
	res := &agents.RevokeResult{Revoked: append([]string{}, removed...)}
	if len(removed) > 0 {
		res.Files = []string{p.store.Path()}
	}
	res.Text = append(res.Text, agents.Line("revoked %d Qwen Code hook approval(s) in %s\n", len(removed), p.store.Path()))
	return res, nil
}
