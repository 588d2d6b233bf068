package gemini

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// The trust review of Gemini CLI's workspace hooks: their keys live in
// Gemini CLI's own trusted_hooks.json, their script fingerprints and
// definitions in Hookwarden's store.

// trustOptions locates the trust files, or says why Hookwarden's store
// cannot be found.
func (p *Project) trustOptions() (Options, error) {
	if p.storeErr != nil {
		return Options{}, p.storeErr
	}
	return Options{Store: trust.Store{Dir: p.storeDir}, Registry: p.reg}, nil
}

// Review audits every workspace hook against trusted_hooks.json and
// Hookwarden's store (trust.Audit).
func (p *Project) Review(ctx context.Context) (*agents.Review, error) {
	opts, err := p.trustOptions()
	if err != nil {
		return nil, err
	}
	if opts.Data, err = p.storeOnce(opts); err != nil {
		return nil, err
	}
	r, err := Audit(p, opts)
	if err != nil {
		return nil, err
	}
	doc := r.Document.(*auditDoc)
	r.Store = "Gemini CLI's trusted_hooks.json (keys) and Hookwarden's store (scripts and definitions)"
	r.FolderTrust, r.Files = p.Summary().FolderTrust, opts.WrittenFiles(p)
	// each hook's risk is its entry's (agents.ReviewedRisk: what list and
	// the window show); a hook the model does not hold has its review's
	byID := make(map[string]*hooks.Hook, len(p.reg.Hooks))
	for _, h := range p.reg.Hooks {
		byID[h.ID] = h
	}
	p.env.RiskEach(r.Hooks, func(h *agents.HookReview, opt risk.Options) (risk.Report, bool) {
		if hk := byID[h.HookID]; hk != nil {
			return agents.ReviewedRisk(p, hk, r.Project, h.HookReview, opt), true
		}
		return reviewRisk(opt, h.HookReview, r.Project), true
	})
	for i := range r.Hooks {
		hr := &r.Hooks[i]
		hr.Fields = reviewFields(hr.HookReview)
		if hr.Unchecked != "" {
			hr.Badge = "project (not checked by Gemini)"
			hr.Notes = []string{"Why it is the project's: " + hr.Unchecked}
		}
	}
	r.Words = reviewWords
	r.Folder = p.folderView()
	r.Problems = reviewProblems(doc)
	cr, err := p.reviewCommands(opts)
	if err != nil {
		return nil, err
	}
	doc.addHooks(r.Hooks)
	r.Document = agents.WithCommands(doc, cr.Hooks)
	r.AddCommands(cr, opts.Store.Path())
	return r, nil
}

// reviewFields are the facts of a workspace hook only Gemini CLI has.
func reviewFields(h trust.HookReview) []agents.Field {
	var fs []agents.Field
	if len(h.Hydrated) > 0 {
		fs = append(fs, agents.Field{Key: "hydrated", Label: "From .env", Value: hydrationText(h.Hydrated), Code: true})
	}
	return fs
}

// reviewWords are Gemini CLI's words for its review.
var reviewWords = agents.SharedWords(agents.ReviewWords{
	Noun: "workspace hook", Banner: "hook", KeyLabel: "Key",
	Empty: "This project has no workspace hooks: there is nothing to review. " +
		"Hooks from the user, system and extension settings are not checked by Gemini CLI's hook trust.",
	Meaning: map[trust.HookStatus]string{
		trust.StatusNew: "Not in trusted_hooks.json. The next time Gemini CLI starts in this folder it warns " +
			"about this hook, then runs it and trusts it from then on.",
		trust.StatusChanged: "A hook with this name was trusted with another command, and that command is gone " +
			"from the settings. Gemini CLI will warn once, then run and trust the new command.",
		trust.StatusScriptChanged: "The key is trusted, but a script the hook runs changed since it was approved " +
			"in Hookwarden. Gemini CLI does not look at scripts: it runs the new version without a warning.",
		trust.StatusTrusted: "Approved in trusted_hooks.json, and no script it runs changed since Hookwarden recorded it.",
		trust.StatusDefinitionChanged: "The key is trusted, but the hook is not what was approved in Hookwarden: its env, " +
			"timeout, type, event, matcher or the split of its name and command changed (see below). Gemini CLI's key " +
			"does not cover these: it runs the changed hook without a warning.",
		trust.StatusApprovedOutside: "The key is in trusted_hooks.json, but it was approved outside Hookwarden (by " +
			"Gemini CLI itself, by hand, or by an approval cut short): its scripts and definition were never " +
			"fingerprinted, so a later change would go unnoticed. Review it and approve it here.",
	},
	ApproveAll:   "Gemini CLI then runs them in this folder without a warning.",
	RunsTitle:    "Command",
	ChangedTitle: "Command — changes since it was trusted",
	Before:       "Trusted before: ", BeforeKey: true,
	StoreError: "trusted_hooks.json cannot be read by Gemini CLI",
	Warnings:   "Gemini CLI warns about these workspace hooks when it starts here, then runs them:",
	Critical: "the project changes where Gemini CLI loads its files or what its hooks run (CRITICAL above); remove that " +
		"from its .env file, or set the variable yourself, before you run Gemini CLI here",
	Unrecorded: "Hookwarden has no record of it (not approved here, or approved by Gemini CLI itself); approving records it.",
})

const goneKeyMeaning = "This key is in trusted_hooks.json for this project, but no workspace hook has it any more " +
	"(the hook was removed or its name or command changed). Revoke it so that it cannot silently " +
	"trust the hook again if it comes back."

// folderView is Gemini CLI's folder-trust decision with the three answers
// of its trust dialog.
func (p *Project) folderView() agents.FolderView {
	ft := p.FolderTrust
	state := string(ft.State)
	if state == "" {
		state = "unknown"
	}
	overridden := ft.Rule == envTrustWorkspace || ft.Rule == envRestrictedMode ||
		strings.HasPrefix(ft.Rule, "security.folderTrust")
	dir := p.ProjectDir
	v := agents.FolderView{Title: "Folder trust: " + state, Trusted: ft.Trusted(), Answers: []string{"trust", "parent", "deny"},
		Writable: ft.Err == nil && p.Paths.TrustedFolders != "",
		Labels: map[string]agents.FolderAnswer{
			"trust":  {Button: "Trust folder", Icon: "confirm", Done: "Trusted the folder"},
			"parent": {Button: "Trust parent", Icon: "folder", Done: "Trusted the parent folder"},
			"deny":   {Button: "Don't trust", Icon: "cancel", Done: "Marked the folder as not trusted"},
		},
		Confirm: map[string]agents.FolderConfirm{
			"trust": {Title: "Trust this folder?", Button: "Trust folder", Intro: fmt.Sprintf("Gemini CLI will trust %s. ", dir)},
			"parent": {Title: "Trust the parent folder?", Button: "Trust parent",
				Intro: fmt.Sprintf("Gemini CLI will trust every folder in %s, not only %s, and run the settings hooks of all of them. ",
					filepath.Dir(dir), filepath.Base(dir))},
		},
		Starts: "These %s start running here the next time Gemini CLI starts (workspace hooks that are not approved " +
			"are announced once, then run):",
		None:       "No settings hook of this project is held back by the folder trust now, so no hook starts running here.",
		Unreviewed: "From your own or the system's settings: Gemini CLI's hook trust does not check it.",
	}
	v.Rule.Text = ft.Reason
	if v.Rule.Text == "" {
		v.Rule.Text = "no rule decided"
	}
	if ft.File != "" && !overridden {
		v.Rule.Text += " · " + ft.File
		v.Rule.Paths = []string{ft.File}
	}
	if e := ft.Err; e != nil {
		v.Effects = append(v.Effects, agents.Fact{Text: "Fix " + agents.Place(e.Path, e.Line, e.Column) +
			" by hand: Hookwarden does not write a file Gemini CLI cannot read.", Paths: []string{e.Path}})
	}
	if !ft.Trusted() {
		v.Effects = append(v.Effects, agents.Fact{Text: "Gemini CLI runs no settings hooks here (only extension hooks) and checks none of them; " +
			"the review below is Hookwarden's own."})
	}
	if overridden {
		v.Effects = append(v.Effects, agents.Fact{Text: "An answer written to trustedFolders.json changes nothing while " + ft.Rule + " decides."})
	}
	if !ft.Trusted() {
		v.StaysOff = p.staysOffOnceTrusted()
	}
	if ft.Rule == FolderKey(p.ProjectDir, p.env.GOOS) {
		v.Current = map[string]string{string(trustFolder): "trust", string(trustParent): "parent", string(doNotTrust): "deny"}[ft.Level]
	}
	return v
}

// reviewProblems are the trust file and settings faults the review names.
func reviewProblems(rep *auditDoc) []agents.Problem {
	var out []agents.Problem
	if rep.TrustedHooksError != "" {
		path := rep.TrustedHooksFile
		out = append(out, agents.Problem{Text: rep.TrustedHooksError + ". Hookwarden does not write it until it is repaired.",
			Severe: true, Repair: true, RepairTitle: "Repair trusted_hooks.json",
			RepairText: fmt.Sprintf("%s cannot be used by Gemini CLI.\n\nRepair first copies it to %s.corrupt-<time>, "+
				"then rewrites it with every project entry that can still be read.", path, filepath.Base(path))})
	}
	if rep.SettingsError != "" {
		out = append(out, agents.Problem{Text: rep.SettingsError + " — Gemini CLI refuses to start until it is fixed.", Severe: true})
	}
	if rep.CheckAbort != nil {
		out = append(out, agents.Problem{Text: rep.CheckAbort.Reason})
	}
	return out
}

// reviewRisk is the risk of an audited workspace hook: its command and its
// env (the audit keeps env values as JSON texts), analysed with opt.
func reviewRisk(opt risk.Options, h trust.HookReview, projectDir string) risk.Report {
	env := map[string]string{}
	for k, v := range h.Env {
		var s string
		if json.Unmarshal([]byte(v), &s) == nil {
			env[k] = s
		} else {
			env[k] = v
		}
	}
	return risk.Analyze(risk.Hook{Agent: "gemini", Event: h.Event, Matcher: h.Matcher, Command: h.Command, Env: env, ProjectDir: projectDir,
		Files: agents.GateFiles(h)}, opt)
}

// storeOnce reads Hookwarden's store once for a whole review (the
// hooks' audit and the commands' review): once for the whole check when
// the project is opened for one.
func (p *Project) storeOnce(opts Options) (*trust.StoreData, error) {
	if p.env.Check != nil {
		return p.env.LoadStore(opts.Store)
	}
	return opts.storeData()
}

// TrustStates is what Review says of each workspace hook and command
// without its risk analysis, texts and documents (agents.TrustStater).
func (p *Project) TrustStates(ctx context.Context, keep func(*agents.HookReview) bool) ([]agents.HookReview, error) {
	opts, err := p.trustOptions()
	if err != nil {
		return nil, err
	}
	if opts.Data, err = p.storeOnce(opts); err != nil {
		return nil, err
	}
	rep, err := audit(p, opts, keep)
	if err != nil {
		return nil, err
	}
	return agents.WithCommandStates(rep.Hooks, opts.Data, agent{}.Info().Name, p.ProjectDir, p.reg.commandSpecs(p.projectFed), keep)
}

// Repair backs up a trusted_hooks.json Gemini CLI cannot use and rewrites
// what can be salvaged (agents.Repairer); a usable one is left alone.
func (p *Project) Repair(context.Context) (*agents.ApproveResult, error) {
	if _, err := p.trustOptions(); err != nil {
		return nil, err
	}
	path := p.Paths.TrustedHooks
	rr, err := repairTrustedHooks(path, p.env.Clock())
	if err != nil {
		return nil, err
	}
	res := &agents.ApproveResult{Approved: []string{}, Repaired: true, Backup: rr.Backup, Salvaged: rr.Salvaged, Store: path}
	if rr.Backup != "" {
		res.Files = append(res.Files, path)
		res.Notes = append(res.Notes, "trusted_hooks.json repaired")
	}
	return res, nil
}

// Approve approves workspace hooks (by hook ID, name or key; every one
// with All): their script fingerprints and definitions go into
// Hookwarden's store, then their keys into trusted_hooks.json, which is
// read back (trust.Approve).
func (p *Project) Approve(ctx context.Context, req agents.ApproveRequest) (*agents.ApproveResult, error) {
	if !req.All && len(req.IDs) == 0 {
		return nil, agents.BadRequestf("name the hooks to trust (NAME or KEY), or pass --all")
	}
	if req.All && len(req.IDs) > 0 {
		return nil, agents.BadRequestf("--all takes no hook names")
	}
	opts, err := p.trustOptions()
	if err != nil {
		return nil, err
	}
	snap := p
	res := &agents.ApproveResult{Approved: []string{}}
	// The commands (and user hooks that reach the project) are checked and
	// fingerprinted first and written after the workspace hooks were
	// checked and approved: a refusal or failure there writes none of them.
	pc, rest, err := p.prepareCommands(ctx, opts, req)
	if err != nil {
		return res, err
	}
	if !req.All && len(rest) == 0 {
		return res, writeCommands(opts, pc, res)
	}
	req.IDs = rest
	all, _ := snap.reviewed()
	picked := all
	if !req.All {
		var unknown []string
		picked, unknown = selectHooks(all, req.IDs)
		if len(unknown) > 0 {
			return res, fmt.Errorf("no workspace hook of %s is named or keyed %s; nothing was trusted (see 'hookwarden audit')",
				snap.ProjectDir, quoteList(unknown))
		}
	}
	if len(picked) == 0 {
		if err := writeCommands(opts, pc, res); err != nil {
			return res, err
		}
		res.Nothing = snap.ProjectDir + " has no workspace hooks"
		return res, nil
	}
	if err := agents.Recheck(ctx, p, req.Reviewed); err != nil {
		return res, err
	}
	var ids []string
	for _, h := range picked {
		ids = append(ids, h.HookID)
	}
	if err := agents.UnchangedOnDisk(p, agents.HooksOf(p, ids)); err != nil {
		return res, err
	}
	if err := agents.CheckUnwatched(ctx, p, ids, req.AcceptUnwatched); err != nil {
		return res, err
	}
	// One store update for the hooks' records and the commands', then the
	// keys in trusted_hooks.json; a failure of that last write puts the
	// store back (approveWith).
	var also func(*trust.StoreData) error
	if pc != nil && opts.Store.Dir != "" {
		also = pc.Apply
	}
	ar, err := approveWith(snap, opts, picked, p.env.Clock(), also)
	if err != nil && errors.Is(err, errUnusableFile) {
		err = fmt.Errorf("%w (run 'hookwarden trust --repair' to back the file up and start over)", err)
	}
	switch {
	case err == nil && also != nil:
		pc.Report(res, opts.Store.Path())
	case err == nil:
		err = writeCommands(opts, pc, res)
	}
	if ar != nil {
		res.Lost = ar.Lost
		labels := labelsOfKeys(picked)
		for _, k := range ar.Approved {
			label, ok := labels[k]
			if !ok {
				label = k
			}
			res.Approved = append(res.Approved, label)
		}
		if len(ar.Approved) > 0 {
			res.Files = append(res.Files, opts.WrittenFiles(snap)...)
			res.Written = append(res.Written, agents.Written{Count: len(ar.Approved), What: "hook key", For: snap.ProjectDir,
				Store: snap.Paths.TrustedHooks, Keys: ar.Added, New: true})
		}
	}
	return res, err
}

// selectHooks picks workspace hooks by hook ID, then as trust.Select does
// (key, name, command); it returns the selectors that matched nothing.
func selectHooks(all []trust.ProjectHook, selectors []string) ([]trust.ProjectHook, []string) {
	ids := make(map[string]bool, len(all))
	for _, h := range all {
		if h.HookID != "" {
			ids[h.HookID] = true
		}
	}
	byID := map[string]bool{}
	var rest []string
	for _, sel := range selectors {
		if ids[sel] {
			byID[sel] = true
		} else {
			rest = append(rest, sel)
		}
	}
	picked, unknown := pickHooks(all, rest)
	if len(byID) == 0 {
		return picked, unknown
	}
	type idKey struct{ id, key string }
	selected := make(map[idKey]bool, len(picked))
	for _, x := range picked {
		selected[idKey{x.HookID, x.Key}] = true
	}
	var out []trust.ProjectHook
	for _, h := range all {
		if byID[h.HookID] || selected[idKey{h.HookID, h.Key}] {
			out = append(out, h)
		}
	}
	return out, unknown
}

// labelsOfKeys maps each key to the label of its first hook.
func labelsOfKeys(hs []trust.ProjectHook) map[string]string {
	out := make(map[string]string, len(hs))
	for _, h := range hs {
		if _, ok := out[h.Key]; !ok {
			out[h.Key] = h.Label
		}
	}
	return out
}

// Revoke removes keys from trusted_hooks.json and their approvals from
// Hookwarden's store (kept there as history): of hooks by ID, name or
// key, raw keys of hooks that are gone, every key of the project (All),
// or the keys that match no hook any more (Gone).
func (p *Project) Revoke(ctx context.Context, req agents.RevokeRequest) (res *agents.RevokeResult, err error) {
	if !req.All && !req.Gone && len(req.IDs) == 0 {
		return nil, agents.BadRequestf("name the hooks to revoke (NAME or KEY), or pass --all or --gone")
	}
	if req.All && (len(req.IDs) > 0 || req.Gone) {
		return nil, agents.BadRequestf("--all takes no hook names")
	}
	opts, err := p.trustOptions()
	if err != nil {
		return nil, err
	}
	snap := p
	cmdRes := &agents.RevokeResult{}
	rest, err := p.revokeCommands(opts, req, cmdRes)
	if err != nil {
		return nil, err
	}
	if !req.All && !req.Gone && len(rest) == 0 {
		cmdRes.Revoked = append([]string{}, cmdRes.Revoked...)
		return cmdRes, nil
	}
	req.IDs = rest
	defer func() {
		if res != nil {
			res.Revoked = append(res.Revoked, cmdRes.Revoked...)
			res.Files = append(res.Files, cmdRes.Files...)
			res.Written = append(res.Written, cmdRes.Written...)
		}
	}()
	trusted, err := trustedKeys(snap, opts)
	if err != nil {
		return nil, err
	}
	var keys []string
	switch {
	case req.All:
		keys = trusted
	default:
		all, _ := snap.reviewed()
		picked, unknown := selectHooks(all, req.IDs)
		for _, h := range picked {
			keys = appendUnique(keys, h.Key)
		}
		// Selectors may also be raw trusted keys of hooks that are gone.
		var stillUnknown []string
		for _, sel := range unknown {
			if slices.Contains(trusted, sel) {
				keys = appendUnique(keys, sel)
			} else {
				stillUnknown = append(stillUnknown, sel)
			}
		}
		if len(stillUnknown) > 0 {
			return nil, fmt.Errorf("neither a workspace hook nor a trusted key of %s: %s; nothing was revoked",
				snap.ProjectDir, quoteList(stillUnknown))
		}
		if req.Gone {
			report, err := Audit(snap, opts)
			if err != nil {
				return nil, err
			}
			for _, g := range report.Gone {
				keys = appendUnique(keys, g.Key)
			}
		}
	}
	res = &agents.RevokeResult{Revoked: []string{}}
	for _, k := range keys {
		if slices.Contains(trusted, k) {
			res.Revoked = append(res.Revoked, k)
		}
	}
	if err := revoke(snap, opts, keys); err != nil {
		return nil, err
	}
	if len(keys) > 0 {
		res.Files = opts.WrittenFiles(snap)
	}
	res.Written = append(res.Written, agents.Written{Count: len(res.Revoked), What: "key", For: snap.ProjectDir,
		Store: snap.Paths.TrustedHooks, Keys: res.Revoked})
	return res, nil
}

func appendUnique(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

func quoteList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// auditDoc is the stable JSON document of `hookwarden audit --json`.
type auditDoc struct {
	Project           string                 `json:"project"`
	FolderTrust       FolderTrust            `json:"folder_trust"`
	TrustedHooksFile  string                 `json:"trusted_hooks_file"`
	TrustedHooksError string                 `json:"trusted_hooks_error,omitempty"`
	SettingsError     string                 `json:"settings_error,omitempty"`
	Unreadable        []settingsio.FileError `json:"unreadable"`
	NeedsReview       bool                   `json:"needs_review"`
	Hooks             []auditHookDoc         `json:"hooks"`
	Gone              []string               `json:"gone"`
	GeminiWarnings    []string               `json:"gemini_warnings"`
	CheckAbort        *checkAbort            `json:"check_abort,omitempty"`
	Critical          []hooks.Diagnostic     `json:"critical"`
}

type auditHookDoc struct {
	Event            string           `json:"event"`
	Matcher          string           `json:"matcher"`
	Name             string           `json:"name"`
	Command          string           `json:"command"`
	RawCommand       string           `json:"raw_command,omitempty"`
	Key              string           `json:"key"`
	Label            string           `json:"label"`
	Path             string           `json:"path"`
	Line             int              `json:"line"`
	Status           trust.HookStatus `json:"status"`
	PreviousKey      string           `json:"previous_key,omitempty"`
	PreviousCommand  string           `json:"previous_command,omitempty"`
	CommandDiff      string           `json:"command_diff,omitempty"`
	CommandDiffSpans []trust.Span     `json:"command_diff_spans,omitempty"`
	Scripts          []auditScriptDoc `json:"scripts"`
	ScriptsError     string           `json:"scripts_error,omitempty"`
	Risk             risk.Report      `json:"risk"`
	// Env is the hook's env object (name to the JSON text of the value).
	Env map[string]string `json:"env,omitempty"`
	// Fields is everything about the entry that changes what runs, as
	// Hookwarden records it at approval (JSON texts).
	Fields trust.Definition `json:"fields"`
	// FieldChanges: how it differs from what was approved, field by
	// field (Old/New are JSON texts, "" absent), and the same in words.
	FieldChanges      []trust.FieldChange `json:"field_changes,omitempty"`
	FieldChangesWords []string            `json:"field_changes_words,omitempty"`
	ApprovalNote      string              `json:"approval_note,omitempty"`
	RevokedAt         string              `json:"revoked_at,omitempty"`
	// File and UncheckedByGemini: for a hook Gemini's own trust check never
	// sees, the file it is in and why the project decides it.
	File              string `json:"file,omitempty"`
	UncheckedByGemini string `json:"unchecked_by_gemini,omitempty"`
	// Unresolved: the code the hook runs that Hookwarden cannot see; a
	// trusted hook with any (unseen_code) is held back by run without --yes.
	Unresolved []trust.UnresolvedCode `json:"unresolved"`
	UnseenCode bool                   `json:"unseen_code"`
}

type auditScriptDoc struct {
	Path           string             `json:"path"`
	Word           string             `json:"word"`
	Via            string             `json:"via,omitempty"`
	How            trust.Found        `json:"how,omitempty"`
	From           string             `json:"from,omitempty"`
	Status         trust.ScriptStatus `json:"status"`
	Flagged        bool               `json:"flagged"`
	SHA256         string             `json:"sha256,omitempty"`
	ApprovedSHA256 string             `json:"approved_sha256,omitempty"`
	Diff           string             `json:"diff,omitempty"`
	DiffSpans      []trust.Span       `json:"diff_spans,omitempty"`
	Note           string             `json:"note,omitempty"`
	// Size, Content, ApprovedContent, ContentOmitted: see trust.ScriptReview.
	Size            int64   `json:"size,omitempty"`
	Content         *string `json:"content,omitempty"`
	ApprovedContent *string `json:"approved_content,omitempty"`
	ContentOmitted  string  `json:"content_omitted,omitempty"`
}

// addHooks puts the reviews of the workspace hooks, with their risk, into
// the document as `audit --json` prints them.
func (doc *auditDoc) addHooks(hs []agents.HookReview) {
	for _, hr := range hs {
		h := hr.HookReview
		hd := auditHookDoc{Event: h.Event, Matcher: h.Matcher, Name: h.Name, Command: h.Command, RawCommand: h.RawCommand,
			Key: h.Key, Label: h.Label, Path: h.Path, Line: h.Line, Status: h.Status,
			PreviousKey: h.PreviousKey, PreviousCommand: h.PreviousCommand, CommandDiffSpans: h.CommandDiff,
			Scripts: []auditScriptDoc{}, ScriptsError: h.ScriptsError, RevokedAt: h.RevokedAt,
			Env: h.Env, Fields: h.Fields, FieldChanges: h.FieldChanges, ApprovalNote: h.ApprovalNote,
			File: h.File, UncheckedByGemini: h.Unchecked, Risk: hr.Risk,
			Unresolved: append([]trust.UnresolvedCode{}, h.Unresolved...), UnseenCode: h.RunsUnseenCode()}
		for _, c := range h.FieldChanges {
			hd.FieldChangesWords = append(hd.FieldChangesWords, c.String())
		}
		if len(h.CommandDiff) > 0 {
			hd.CommandDiff = trust.RenderWordDiff(h.CommandDiff)
		}
		for _, s := range h.Scripts {
			sd := auditScriptDoc{Path: s.Path, Word: s.Word, Via: s.Via, How: s.How, From: s.From, Status: s.Status, Flagged: s.Flagged,
				SHA256: s.SHA256, ApprovedSHA256: s.ApprovedSHA256, DiffSpans: s.Diff, Note: s.Note,
				Size: s.Size, Content: s.Content, ApprovedContent: s.ApprovedContent, ContentOmitted: s.ContentOmitted}
			if len(s.Diff) > 0 {
				sd.Diff = trust.RenderLineDiff(s.Diff)
			}
			hd.Scripts = append(hd.Scripts, sd)
		}
		doc.Hooks = append(doc.Hooks, hd)
	}
}
