package agents

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// Reviewer is an agent's trust of single hooks: the review of the hooks a
// project controls against the agent's trust store (or Hookwarden's own
// store, for an agent that has none), and approving and revoking them.
type Reviewer interface {
	// Review reviews every hook Hookwarden reviews (Layer.Reviewed) with
	// every script it runs. Only a store that cannot be read is an error;
	// a file that cannot be read is in Review.Unreadable and makes the
	// review need review.
	Review(ctx context.Context) (*Review, error)
	// Approve approves the hooks of the IDs (every reviewed hook when All)
	// into the trust store, after checking that every script they run can
	// be read: one that cannot fails the approval and nothing is written.
	// A request that names nothing the agent knows is a *BadRequest when
	// the agent says so as a usage error. The result can come with an
	// error (some keys written, others lost): the face shows both.
	Approve(ctx context.Context, req ApproveRequest) (*ApproveResult, error)
	// Revoke removes approvals: of the hooks or keys named, of every hook
	// of the project (All), or the approvals that match no hook any more
	// (Gone).
	Revoke(ctx context.Context, req RevokeRequest) (*RevokeResult, error)
}

// Review is the trust review of a project's hooks.
type Review struct {
	Project string `json:"project"`
	// Store says where approvals live, in words and as a path.
	Store     string `json:"store"`
	StorePath string `json:"store_path,omitempty"`
	// StoreError says why the store cannot be used (then nothing counts
	// as approved, as in the agent).
	StoreError  string       `json:"store_error,omitempty"`
	FolderTrust FolderTrust  `json:"folder_trust"`
	NeedsReview bool         `json:"needs_review"`
	Hooks       []HookReview `json:"hooks"`
	// Gone are approvals of this project that match no hook any more.
	Gone []Gone `json:"gone"`
	// Unreadable are files that exist but could not be read or parsed:
	// the review is incomplete.
	Unreadable []settingsio.FileError `json:"unreadable"`
	// Critical are findings about the project as a whole that need the
	// user's eyes (a .env file that moves the agent's home).
	Critical []hooks.Diagnostic `json:"critical"`
	// Warnings are what the agent itself says about the project's hooks
	// when it starts (Gemini CLI's project-hooks warning).
	Warnings []string `json:"warnings"`
	// Document is the agent's own review document: `audit --json` takes
	// its "hooks" (and "commands") as they are and puts every other member
	// the common members above do not say under "agent".
	Document any `json:"-"`
	// Files are the files Approve and Revoke write, so that a face can
	// back them up first and undo the write.
	Files []string `json:"-"`
	// Problems are what is wrong with the store or the settings beyond the
	// unreadable files, in the agent's words (a trust file the agent cannot
	// use, a settings file it refuses to start with).
	Problems []Problem `json:"-"`
	// Disabled are the hooks Hookwarden switched off for the agent by
	// moving them out of the agent's files (Claude Code), each with the ID
	// that switches it back on.
	Disabled []DisabledHook `json:"-"`
	// Words are the agent's words for the views.
	Words ReviewWords `json:"-"`
	// Folder is the agent's trust of the folder as the review shows it.
	Folder FolderView `json:"-"`
}

// DisabledHook is a hook Hookwarden switched off by moving it out of the
// agent's files: where it was and the ID that switches it back on.
type DisabledHook struct {
	Event, Label, File, ID string
}

// FolderView is the agent's trust of the project folder as the review
// shows it above the hooks: how it decides which of them run at all.
type FolderView struct {
	// Title is the state in a few words ("Folder trust: trusted").
	Title   string
	Trusted bool
	// Rule is what decided, with the files it names in Paths (a view may
	// shorten them); Effects are what it means, one line each.
	Rule    Fact
	Effects []Fact
	// Answers are the levels SetFolderTrust takes ("trust", "parent",
	// "deny"); nil when the agent's folder trust is read only. Current is
	// the one recorded for this very folder ("" none); Writable says
	// whether an answer can be written now.
	Answers  []string
	Current  string
	Writable bool
	// Labels are, per answer, its button in the agent's words; an answer
	// without one shows as the level itself.
	Labels map[string]FolderAnswer
	// Confirm are, per answer that makes hooks run, the words of its
	// confirmation (the hooks that start running are listed under Intro;
	// Starts says so with a %s for their count, None when there are none).
	Confirm map[string]FolderConfirm
	Starts  string
	None    string
	// HeldBack is the status of the hooks that the folder trust keeps
	// from running (hooks.StatusBlockedUntrustedFolder when empty): the
	// ones a confirmation lists.
	HeldBack hooks.Status
	// StaysOff are the hooks held back now that would still not run once
	// the folder is trusted, by hook ID, with why (switched off in a
	// settings file, a duplicate the agent runs once): a confirmation does
	// not list them among the hooks that start running.
	StaysOff map[string]string
	// Unreviewed is the note under a hook that starts running without
	// Hookwarden's review (the user's or the system's own).
	Unreviewed string
}

// FolderAnswer is how a view offers one folder-trust answer: Button is
// its label ("Trust folder"), Icon one of "confirm", "folder", "cancel",
// and Done the note once it was written ("Trusted the folder").
type FolderAnswer struct {
	Button, Icon, Done string
}

// FolderConfirm is the confirmation of a folder-trust answer.
type FolderConfirm struct {
	Title, Button, Intro string
}

// ReviewWords are what an agent's review is called and what its states
// mean, in the agent's words, for the views.
type ReviewWords struct {
	// Noun is what the review lists ("workspace hook", "handler"), and
	// Banner the same in the window's banner ("hook", "Claude Code
	// handler"); plurals add an "s".
	Noun   string
	Banner string
	// KeyLabel names a hook's trust key ("Key", "Fingerprint").
	KeyLabel string
	// Layered: the reviewed hooks come from more than one layer, and the
	// list names each one's.
	Layered bool
	// Empty says why there is nothing to review.
	Empty string
	// Meaning says, per status, what the agent does with such a hook.
	Meaning map[trust.HookStatus]string
	// ApproveAll says what approving every hook means for the agent.
	ApproveAll string
	// RunsTitle heads what a hook runs; ChangedTitle the diff of a changed
	// hook, under which Before precedes the approved version (its key
	// when BeforeKey, else its command).
	RunsTitle    string
	ChangedTitle string
	Before       string
	BeforeKey    bool
	// Unrecorded is what a script Hookwarden has no record of means.
	Unrecorded string
	// StoreError names the store when it cannot be used ("trusted_hooks.json
	// cannot be read by Gemini CLI").
	StoreError string
	// Warnings heads the review's warnings when they are not sentences of
	// their own (Gemini CLI's: the hooks it names in its warning).
	Warnings string
	// Critical is what to do about the review's critical findings when
	// nothing else needs review ("" for the face's own words).
	Critical string
}

// SharedWords is w with the words every agent's review shares where w
// leaves them empty: what a partly unwatched approval means (the state
// is Hookwarden's, not the agent's), the "Runs" title and "Approved
// before: ".
func SharedWords(w ReviewWords) ReviewWords {
	if w.Meaning[trust.StatusPartlyUnwatched] == "" {
		w.Meaning = maps.Clone(w.Meaning)
		if w.Meaning == nil {
			w.Meaning = map[trust.HookStatus]string{}
		}
		w.Meaning[trust.StatusPartlyUnwatched] = "Approved, partly unwatched: nothing Hookwarden fingerprinted changed since it was " +
			"approved, but part of what it runs (listed under it) cannot be watched, so a change there would go unnoticed. " +
			"'hookwarden run' holds it back without --yes, exec refuses it and audit --strict counts it."
	}
	w.RunsTitle, w.Before = cmp.Or(w.RunsTitle, "Runs"), cmp.Or(w.Before, "Approved before: ")
	return w
}

// StoreWords are w for an agent that keeps no per-hook trust, whose
// project hooks Hookwarden approves in its own store: the titles and the
// sentences such agents share, in the agent's name (title, "Qwen Code";
// short, the one it goes by in a sentence), where w leaves them empty.
func StoreWords(title, short string, w ReviewWords) ReviewWords {
	meaning := map[trust.HookStatus]string{
		trust.StatusChanged:       "Changed since it was approved: " + short + " runs the new version without a word. The diff is against what was approved.",
		trust.StatusScriptChanged: "Approved, but a script it runs changed since: " + short + " runs the new version without a word.",
		trust.StatusTrusted:       "Approved in Hookwarden, and no script it runs changed since.",
	}
	w.Meaning = maps.Clone(w.Meaning)
	for k, v := range meaning {
		if w.Meaning[k] == "" {
			w.Meaning[k] = v
		}
	}
	w.ApproveAll = cmp.Or(w.ApproveAll, "Hookwarden records them, with the scripts they run, in its store; "+title+" itself keeps no per-hook trust.")
	w.RunsTitle, w.ChangedTitle = cmp.Or(w.RunsTitle, "Runs"), cmp.Or(w.ChangedTitle, "Definition — changes since it was approved")
	w.Before = cmp.Or(w.Before, "Approved before: ")
	w.Unrecorded = cmp.Or(w.Unrecorded, "Hookwarden has no record of this script: it was not read when the hook was approved.")
	w.StoreError = cmp.Or(w.StoreError, "Hookwarden's store cannot be read")
	return w
}

// WithOtherReaders is the review review makes, with AlsoReadBy filled in
// (AddOtherReaders) when env knows the other agents.
func WithOtherReaders(ctx context.Context, env Env, p Project, review func() (*Review, error)) (*Review, error) {
	r, err := review()
	if err == nil && env.Others != nil {
		AddOtherReaders(ctx, env, p, r.Hooks)
	}
	return r, err
}

// Problem is one thing wrong with the store or the settings.
type Problem struct {
	Text string
	// Severe: the agent cannot work with it (else a note).
	Severe bool
	// Repair: the project's Repairer mends it (RepairTitle and RepairText
	// say how, for a confirmation).
	Repair      bool
	RepairTitle string
	RepairText  string
}

// NeedingReview counts the reviewed hooks that need review.
func (r *Review) NeedingReview() int {
	n := 0
	for _, h := range r.Hooks {
		if h.NeedsReview() {
			n++
		}
	}
	return n
}

// Hook returns the review of the hook of an ID (nil when none).
func (r *Review) Hook(id string) *HookReview {
	for i := range r.Hooks {
		if r.Hooks[i].HookID == id {
			return &r.Hooks[i]
		}
	}
	return nil
}

// HooksByID indexes the hook reviews by hook ID, the first of an ID
// winning as in Hook: for a caller that looks up every hook (Hook scans
// every review, so a lookup per hook is quadratic in hooks).
func (r *Review) HooksByID() map[string]*HookReview {
	out := make(map[string]*HookReview, len(r.Hooks))
	for i := range r.Hooks {
		if _, ok := out[r.Hooks[i].HookID]; !ok {
			out[r.Hooks[i].HookID] = &r.Hooks[i]
		}
	}
	return out
}

// ShellQuote quotes s for a POSIX shell when it needs it (for the commands
// a text tells the user to run).
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// BadRequest is the error of a request that names what the agent does not
// have, or combines what it cannot: the face reports it as a usage error.
type BadRequest struct{ Msg string }

func (e *BadRequest) Error() string { return e.Msg }

// BadRequestf returns a *BadRequest.
func BadRequestf(format string, a ...any) error { return &BadRequest{Msg: fmt.Sprintf(format, a...)} }

// Incomplete reports whether a file could not be read.
func (r *Review) Incomplete() bool { return len(r.Unreadable) > 0 }

// HookReview is one reviewed hook: the shared review (status, command
// diff, scripts with their fingerprints and diffs, definition changes,
// unseen code) plus where it is.
type HookReview struct {
	trust.HookReview
	// HookID is the ID of the hook in Project.Hooks.
	HookID string           `json:"hook_id"`
	Layer  settingsio.Layer `json:"layer"`
	File   string           `json:"file"`
	// Owner is the extension or plugin the hook belongs to.
	Owner string `json:"owner,omitempty"`
	// Label names the hook as the agent does.
	Label string `json:"label"`
	// Kind is what a command that is not a hook is (hooks.KindMCPServer,
	// …); "" for a hook.
	Kind hooks.Kind `json:"-"`
	// Risk is what the hook would do, by Hookwarden's risk analysis.
	Risk risk.Report `json:"risk"`
	// Fields are facts of the review only this agent has, in display
	// order.
	Fields []Field `json:"-"`
	// Badge is the layer's badge when the agent says more than the layer
	// ("project (not checked by Gemini)"); Notes are warnings about where
	// the hook is.
	Badge string   `json:"-"`
	Notes []string `json:"-"`
}

// Gone is an approval that matches no hook any more.
type Gone struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	File  string `json:"file,omitempty"`
	// Event and Matcher are where it was approved ("" when the agent's
	// key does not say).
	Event   string `json:"event,omitempty"`
	Matcher string `json:"matcher,omitempty"`
	// Where is where the approval lives, as the list says it; Meaning
	// what such an approval means; Fields its facts, in display order.
	Where   string  `json:"-"`
	Meaning string  `json:"-"`
	Fields  []Field `json:"-"`
}

// ApproveRequest names what to approve.
type ApproveRequest struct {
	// IDs are hook IDs (Project.Hooks) or trust keys.
	IDs []string
	// All approves every reviewed hook that needs review.
	All bool
	// Reviewed are the reviews the user saw: the agent reviews the hooks
	// again and refuses with *ChangedSinceReview, writing nothing, when
	// one of them differs now (nil: no such check).
	Reviewed []trust.HookReview
	// AcceptUnwatched approves hooks whose discovery is incomplete (they
	// then read approved-partly-unwatched), after the user saw what cannot
	// be watched; without it such a hook is refused (*UnwatchedApproval).
	AcceptUnwatched bool
}

// ApproveResult says what an approval did.
type ApproveResult struct {
	// Approved are the labels of the hooks approved.
	Approved []string `json:"approved"`
	// Lost are keys written that did not read back from the agent's store
	// (a concurrent writer, a broken file): not approved.
	Lost []string `json:"lost,omitempty"`
	// Files are the files written.
	Files []string `json:"files,omitempty"`
	// Notes are further things to say ("trusted_hooks.json repaired").
	Notes []string `json:"notes,omitempty"`
	// Repaired says the repair backed up the store to Backup and kept
	// Salvaged entries ("" Backup: nothing needed repair).
	Repaired bool   `json:"-"`
	Backup   string `json:"-"`
	Salvaged int    `json:"-"`
	// Store is the trust store a repair looked at (Repairer).
	Store string `json:"-"`
	// Written are the stores the approval wrote, in order, with what went
	// into each; the face lays them out (one text for every agent).
	Written []Written `json:"-"`
	// Nothing says why there was nothing to approve ("every project
	// hook is approved"; "" when something was).
	Nothing string `json:"-"`
}

// Written is one store an approval or a revocation wrote: Count entries,
// each a What, approved into (or revoked from) Store.
type Written struct {
	Count int
	// What names one entry, in the singular ("handler", "command", "hook
	// key", "project hook approval").
	What string
	// For is the project the entries are keyed by, when the store keys
	// several ("" when not said).
	For string
	// Store is the file written ("" when not said); Also a second file
	// that records the same approval ("recorded in").
	Store string
	Also  string
	// Removed is what a revocation took out of Store ("trusted_hash"),
	// when it took out a field rather than entries.
	Removed string
	// Keys are the entries listed one a line: for an approval those new in
	// Store (New: the line says how many are new), for a revocation those
	// taken out.
	Keys []string
	New  bool
	// Lost are keys written that did not read back from Store: not
	// approved.
	Lost []string
}

// RevokeRequest names what to revoke.
type RevokeRequest struct {
	IDs  []string
	All  bool
	Gone bool
}

// RevokeResult says what a revoke did.
type RevokeResult struct {
	Revoked []string `json:"revoked"`
	Files   []string `json:"files,omitempty"`
	// Written are the stores the revocation wrote, in order, and Notes
	// further things to say; the face lays them out.
	Written []Written `json:"-"`
	Notes   []string  `json:"-"`
}

// ChangedSinceReview refuses an approval: a hook the user reviewed runs a
// script that changed (again) between the review on screen and the click,
// or the hook is gone. Approving would record a version nobody saw.
type ChangedSinceReview struct {
	Hooks []ChangedHook
}

// ChangedHook is one hook whose scripts changed since its review (Gone:
// no hook has its key any more).
type ChangedHook struct {
	Label   string
	Gone    bool
	Scripts []trust.ScriptReview
}

func (e *ChangedSinceReview) Error() string {
	var labels []string
	for _, h := range e.Hooks {
		labels = append(labels, h.Label)
	}
	return "changed since you reviewed it: " + strings.Join(labels, ", ") + "; nothing was approved"
}

// CompareWithReview matches each reviewed hook with the fresh review of
// the same key (trust.ChangedSinceReview compares their scripts): nil when
// none changed, else a *ChangedSinceReview.
func CompareWithReview(reviewed []trust.HookReview, fresh []HookReview) error {
	byKey := map[string]trust.HookReview{}
	for _, h := range fresh {
		if _, ok := byKey[h.Key]; !ok {
			byKey[h.Key] = h.HookReview
		}
	}
	e := &ChangedSinceReview{}
	for _, r := range reviewed {
		now, ok := byKey[r.Key]
		if !ok {
			e.Hooks = append(e.Hooks, ChangedHook{Label: r.Label, Gone: true})
			continue
		}
		if scripts := trust.ChangedSinceReview(r, now); len(scripts) > 0 {
			e.Hooks = append(e.Hooks, ChangedHook{Label: r.Label, Scripts: scripts})
		}
	}
	if len(e.Hooks) == 0 {
		return nil
	}
	return e
}

// Recheck reviews p again when req names what the user reviewed, and
// refuses as CompareWithReview does.
func Recheck(ctx context.Context, p Reviewer, reviewed []trust.HookReview) error {
	if reviewed == nil {
		return nil
	}
	r, err := p.Review(ctx)
	if err != nil {
		return fmt.Errorf("checking the scripts again before approving: %w", err)
	}
	return CompareWithReview(reviewed, r.Hooks)
}
