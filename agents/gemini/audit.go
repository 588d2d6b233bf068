package gemini

import (
	"path/filepath"
	"slices"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"
)

// Options says where the trust files are.
type Options struct {
	// TrustedHooksPath overrides the snapshot's trusted_hooks.json path.
	TrustedHooksPath string
	// Store is Hookwarden's approval store; a zero Store (Dir "") keeps no
	// fingerprints.
	Store trust.Store
	// Registry, when set, is hooks.Build of the snapshot being audited,
	// already built by the caller; nil: Audit builds it (once).
	Registry *Registry
	// Data, when set, is Store as the caller loaded it for this command
	// (Store.Load), so that one command reads the store once; nil: Audit
	// loads Store. Only read: writes (Approve, Revoke) always re-read the
	// store inside their update.
	Data *trust.StoreData

	// afterTrustKeys, when set, runs right after Approve wrote
	// trusted_hooks.json (tests: a concurrent writer); beforeTrustKeys
	// right before it writes it, after the store (tests: that write
	// failing).
	afterTrustKeys, beforeTrustKeys func()
}

// storeData is the store to audit against: Data when the caller loaded
// it, else Store read now (an empty store when Store has no Dir).
func (o Options) storeData() (*trust.StoreData, error) {
	switch {
	case o.Data != nil:
		return o.Data, nil
	case o.Store.Dir == "":
		return &trust.StoreData{}, nil
	}
	return o.Store.Load()
}

// trustedHooksPath is where Gemini CLI keeps trusted_hooks.json for snap.
func (o Options) trustedHooksPath(snap *Project) string {
	switch {
	case o.TrustedHooksPath != "":
		return o.TrustedHooksPath
	case snap.HomeRedirect != nil && snap.HomeRedirect.ByProject:
		// Gemini CLI reads the one in the home the project chose, which the
		// project can fill with its own keys: the user's approvals are in
		// the file Gemini would read without the redirect.
		return snap.HomeRedirect.Before.TrustedHooks
	case snap.Paths.TrustedHooks != "":
		return snap.Paths.TrustedHooks
	}
	return filepath.Join(snap.Paths.GeminiDir, "trusted_hooks.json")
}

// Audit reviews every workspace hook of snap against trusted_hooks.json
// and Hookwarden's store. It audits whatever the folder's trust (Gemini
// only checks in trusted folders) and reports the folder trust alongside.
// Only failures to read the files are errors. The review's StorePath and
// StoreError are trusted_hooks.json's, its Warnings what Gemini CLI lists
// under its project-hooks warning when it starts in the (trusted) folder
// now; its Document is Gemini CLI's own (auditDoc, its hooks filled by
// Review): the settings error, the check's abort, the gone keys.
func Audit(snap *Project, opts Options) (*agents.Review, error) { return audit(snap, opts, nil) }

// audit is Audit with the hooks' reviews keep takes (nil: all of them).
func audit(snap *Project, opts Options, keep func(*agents.HookReview) bool) (*agents.Review, error) {
	doc := &auditDoc{Project: snap.ProjectDir, FolderTrust: snap.FolderTrust, Hooks: []auditHookDoc{}, Gone: []string{}, GeminiWarnings: []string{}}
	doc.TrustedHooksFile = opts.trustedHooksPath(snap)
	th, err := readTrustedHooks(doc.TrustedHooksFile)
	if err != nil {
		return nil, err
	}
	var trusted []string
	if th.Err != nil {
		doc.TrustedHooksError = th.Err.Error() + " (Gemini CLI treats it as empty and overwrites it on its next save)"
	} else {
		trusted = th.Keys(snap.ProjectDir)
	}
	store, err := opts.storeData()
	if err != nil {
		return nil, err
	}
	if ws := workspaceFile(snap); ws != nil && ws.Err != nil {
		doc.SettingsError = ws.Err.Error()
	}
	reg := opts.Registry
	if reg == nil {
		reg = build(snap)
	}
	// The hooks are walked twice, one at a time, never held together (a
	// project of 100,000 hooks): their keys and labels first (Gemini's
	// warning, which keys are current), then each is read whole, reviewed
	// and, unless keep drops it, kept as its review.
	unchecked := uncheckedProjectHooks(snap, reg)
	warn := newWarnings(trusted)
	current, n := map[string]bool{}, 0
	abort := eachHook(snap, unchecked, true, func(h *trust.ProjectHook) {
		current[h.Key] = true
		n++
		warn.add(h)
	})
	doc.CheckAbort = abort
	if abort == nil {
		doc.GeminiWarnings = append(doc.GeminiWarnings, warn.labels...)
	}
	files := make(map[string]string, len(reg.Hooks))
	for _, h := range slices.Backward(reg.Hooks) { // the first of an ID, as Registry.Hook
		files[h.ID] = h.Origin.File
	}
	sr := trust.NewScriptReviewerFor(snap.ProjectDir, scriptRuntime(snap))
	sr.UseCache(store.Fingerprints())
	a := auditor{approvals: store.Approvals(snap.ProjectDir), revoked: store.RevokedApprovals(snap.ProjectDir), scripts: sr, keep: keep, files: files}
	r := &agents.Review{Project: snap.ProjectDir, StorePath: doc.TrustedHooksFile, StoreError: doc.TrustedHooksError, Gone: []agents.Gone{},
		Warnings: doc.GeminiWarnings}
	r.Hooks, doc.Gone = a.reviewEach(func(yield func(*trust.ProjectHook)) { eachHook(snap, unchecked, false, yield) }, n, current, trusted)
	for _, k := range doc.Gone {
		r.Gone = append(r.Gone, agents.Gone{Key: k, Label: k, Where: "trusted_hooks.json", Meaning: goneKeyMeaning,
			Fields: []agents.Field{{Key: "key", Label: "Key", Value: k, Code: true}}})
	}
	r.Unreadable = snap.UnreadableFiles()
	r.Critical = criticalFindings(reg)
	r.NeedsReview = doc.TrustedHooksError != "" || len(r.Unreadable) > 0 || len(r.Critical) > 0
	for _, h := range r.Hooks {
		if h.NeedsReview() {
			r.NeedsReview = true
		}
	}
	doc.Unreadable, doc.Critical, doc.NeedsReview = r.Unreadable, r.Critical, r.NeedsReview
	r.Document = doc
	return r, nil
}
