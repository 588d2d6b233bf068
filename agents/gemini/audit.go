package gemini

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/trust"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
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

// Incomplete reports whether a file could not be read, so that the review
// cannot be complete.
func (r *report) Incomplete() bool { return len(r.Unreadable) > 0 }

// report is the trust audit of a project's workspace hooks.
type report struct {
	// Project is the project path as Gemini keys it.
	Project     string      `json:"project"`
	FolderTrust FolderTrust `json:"folder_trust"`
	// TrustedHooksFile is the trusted_hooks.json read; TrustedHooksError
	// says why Gemini cannot use it (then nothing counts as trusted, as in
	// Gemini).
	TrustedHooksFile  string `json:"trusted_hooks_file"`
	TrustedHooksError string `json:"trusted_hooks_error,omitempty"`
	// SettingsError: the workspace settings file does not parse (Gemini
	// refuses to start).
	SettingsError string `json:"settings_error,omitempty"`
	// Unreadable are the settings and extension hooks files that exist but
	// could not be read or parsed: the review is incomplete, and each
	// counts as needing review (NeedsReview is true).
	Unreadable  []settingsio.FileError `json:"unreadable"`
	NeedsReview bool                   `json:"needs_review"`
	Hooks       []trust.HookReview     `json:"hooks"`
	// Gone are trusted keys of this project that match no hook any more
	// (and are not the previous version of a changed hook).
	Gone []string `json:"gone"`
	// GeminiWarnings is what Gemini CLI lists under its project-hooks
	// warning when it starts in the (trusted) folder now.
	GeminiWarnings []string `json:"gemini_warnings"`
	// checkAbort: an entry makes Gemini's own check fail silently.
	CheckAbort *checkAbort `json:"check_abort,omitempty"`
	// Critical are findings about the project as a whole that need the
	// user's eyes, such as a .env file that moves Gemini CLI's home; any
	// of them makes the project need review.
	Critical []hooks.Diagnostic `json:"critical"`
}

// Audit reviews every workspace hook of snap against trusted_hooks.json
// and Hookwarden's store. It audits whatever the folder's trust (Gemini
// only checks in trusted folders) and reports the folder trust alongside.
// Only failures to read the files are errors.
func Audit(snap *Project, opts Options) (*report, error) { return audit(snap, opts, nil) }

// audit is Audit with the hooks' reviews keep takes (nil: all of them).
func audit(snap *Project, opts Options, keep func(*trust.HookReview) bool) (*report, error) {
	r := &report{Project: snap.ProjectDir, FolderTrust: snap.FolderTrust, Gone: []string{}, GeminiWarnings: []string{}}
	r.TrustedHooksFile = opts.trustedHooksPath(snap)
	th, err := readTrustedHooks(r.TrustedHooksFile)
	if err != nil {
		return nil, err
	}
	var trusted []string
	if th.Err != nil {
		r.TrustedHooksError = th.Err.Error() + " (Gemini CLI treats it as empty and overwrites it on its next save)"
	} else {
		trusted = th.Keys(snap.ProjectDir)
	}
	store, err := opts.storeData()
	if err != nil {
		return nil, err
	}
	if ws := workspaceFile(snap); ws != nil && ws.Err != nil {
		r.SettingsError = ws.Err.Error()
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
	r.CheckAbort = abort
	if abort == nil {
		r.GeminiWarnings = append(r.GeminiWarnings, warn.labels...)
	}
	sr := trust.NewScriptReviewerFor(snap.ProjectDir, scriptRuntime(snap))
	sr.UseCache(store.Fingerprints())
	a := auditor{approvals: store.Approvals(snap.ProjectDir), revoked: store.RevokedApprovals(snap.ProjectDir), scripts: sr, keep: keep}
	r.Hooks, r.Gone = a.reviewEach(func(yield func(*trust.ProjectHook)) { eachHook(snap, unchecked, false, yield) }, n, current, trusted)
	r.Unreadable = snap.UnreadableFiles()
	r.Critical = criticalFindings(reg)
	r.NeedsReview = r.TrustedHooksError != "" || len(r.Unreadable) > 0 || len(r.Critical) > 0
	for _, h := range r.Hooks {
		if h.NeedsReview() {
			r.NeedsReview = true
		}
	}
	return r, nil
}
