package trust

import (
	"fmt"
	"slices"
)

// HookStatus is a workspace hook's trust state.
type HookStatus string

// Hook statuses.
const (
	// StatusTrusted: the key is in trusted_hooks.json and no script the
	// hook runs changed since Hookwarden recorded it.
	StatusTrusted HookStatus = "trusted"
	// StatusNew: the key is not trusted and no earlier version is known.
	StatusNew HookStatus = "new"
	// StatusChanged: the key is not trusted, but a hook with the same name
	// (or, unnamed, at the same event, matcher and position) was: its
	// command changed. PreviousCommand holds the trusted one.
	StatusChanged HookStatus = "changed"
	// StatusScriptChanged: the key is trusted, but a script it runs changed,
	// disappeared or now resolves outside the project since approval.
	StatusScriptChanged HookStatus = "script-changed"
	// StatusDefinitionChanged: the key is trusted, but the entry differs
	// from every definition Hookwarden recorded for that key at approval:
	// another env, timeout, type, event, matcher or sequential flag, or a
	// name and command that only join into the same key. FieldChanges
	// says how.
	StatusDefinitionChanged HookStatus = "definition-changed"
	// StatusApprovedOutside: the key is trusted in trusted_hooks.json but
	// Hookwarden's store has no record of it (approved by Gemini CLI
	// itself, by hand, or by an approval that was cut short): its scripts
	// and definition were never fingerprinted.
	StatusApprovedOutside HookStatus = "approved-outside"
	// StatusPartlyUnwatched: approved, and nothing Hookwarden fingerprinted
	// changed, but discovery is incomplete (Unresolved): part of what the
	// hook runs can change with no fingerprint changing. Never plain
	// trusted: "approved, partly unwatched" in every face, risk at least
	// review, audit --strict exits 3 and exec refuses it; a plain audit
	// does not count it as needing review (it was approved knowingly,
	// after the review listed each part Hookwarden cannot watch).
	StatusPartlyUnwatched HookStatus = "approved-partly-unwatched"
)

// PartlyUnwatchedLabel is StatusPartlyUnwatched in words.
const PartlyUnwatchedLabel = "approved, partly unwatched"

// StatusLabel is a status in words for a person ("approved, partly
// unwatched"; the others as they are).
func StatusLabel(s HookStatus) string {
	if s == StatusPartlyUnwatched {
		return PartlyUnwatchedLabel
	}
	return string(s)
}

// SettleUnwatched turns a trusted hook whose discovery is incomplete into
// StatusPartlyUnwatched: every agent calls it once the status is known.
func (h *HookReview) SettleUnwatched() {
	if h.Status == StatusTrusted && len(h.Unresolved) > 0 {
		h.Status = StatusPartlyUnwatched
	}
}

// Unwatched reports whether the hook is approved but partly unwatched.
func (h HookReview) Unwatched() bool { return h.Status == StatusPartlyUnwatched }

// ApprovedOutsideNote is the review's words for StatusApprovedOutside.
const ApprovedOutsideNote = "approved outside Hookwarden: scripts not fingerprinted"

// LegacyApprovalNote is the review's words for a record without
// definitions.
const LegacyApprovalNote = "approved by an earlier Hookwarden that recorded only the event, matcher, name and command: every other field counts as added since; review it again"

// HookReview is one workspace hook with its trust state.
type HookReview struct {
	ProjectHook
	Status HookStatus `json:"status"`
	// PreviousKey and PreviousCommand: the trusted version of a changed hook.
	PreviousKey     string `json:"previous_key,omitempty"`
	PreviousCommand string `json:"previous_command,omitempty"`
	// CommandDiff is the word diff from PreviousCommand to Command.
	CommandDiff []Span         `json:"command_diff,omitempty"`
	Scripts     []ScriptReview `json:"scripts"`
	// ScriptsError: the command could not be parsed to find its scripts.
	ScriptsError string `json:"scripts_error,omitempty"`
	// FieldChanges is how the entry differs, field by field, from the
	// closest definition Hookwarden recorded when it was approved (for
	// definition-changed hooks, and for changed ones whose earlier
	// version Hookwarden approved).
	FieldChanges []FieldChange `json:"field_changes,omitempty"`
	// ApprovalNote says why Hookwarden cannot vouch for a trusted key
	// (approved outside Hookwarden; a record from an earlier version).
	ApprovalNote string `json:"approval_note,omitempty"`
	// RevokedAt: the hook is not approved, but an approval of this key was
	// revoked then; its scripts are compared with what was approved before
	// the revoke (the store keeps it as history).
	RevokedAt string `json:"revoked_at,omitempty"`
	// Unresolved is the code the hook runs that Hookwarden cannot see:
	// "runs code Hookwarden cannot see: …" (see DiscoverScripts).
	//
	// The rule: the text of every unresolved part is fingerprinted, since
	// it stands in the command (part of the approval) or in a script whose
	// content is fingerprinted, so editing it makes the hook changed or
	// script-changed like any other edit. What it refers to (a variable's
	// value, a command's output, a download, a package) can change with no
	// text changing, so for such a hook Hookwarden cannot keep its promise
	// that what runs is what was approved. It can still be approved, after
	// the review has listed each unresolved part, and then reads as
	// trusted "with code Hookwarden cannot see" (audit exits 0 for it, so
	// it does not need review forever); but the dry-run gate
	// (HoldUnapproved and the agents' own gates) never runs it without the user's
	// explicit confirmation, as for an unapproved hook.
	Unresolved []UnresolvedCode `json:"unresolved,omitempty"`
	// AlsoReadBy are the other agents that read the hook's file, with what
	// each does with the hook: an approval for one agent is not one for
	// another (filled by the face's review when it asks them).
	AlsoReadBy []OtherReader `json:"also_read_by,omitempty"`
	// Covered are the reasons a traced run covered (CoverReasons): no
	// longer reasons the hook is partly unwatched, still shown.
	Covered []UnresolvedCode `json:"covered,omitempty"`
	// DiscoverCommand is the command line script discovery reads when it
	// is not Command (an agent's handler whose command is written in
	// parts, or with placeholders filled in only when it runs).
	DiscoverCommand string `json:"-"`
	// ScriptRoots are folders besides the project whose scripts are
	// followed (the folder a hook's package was installed in).
	ScriptRoots []string `json:"-"`
	// ScriptCwd is the folder the agent starts the command in when it is
	// not the project (a hook's own working folder); "": the project.
	ScriptCwd string `json:"-"`
	// ScriptVars are variables the agent sets for this hook alone to
	// folders it knows (a plugin's or a skill's folder): discovery reads
	// them as values of the hook's environment, never as text of its
	// command, so a folder whose name holds $, quotes or bytes that are not
	// UTF-8 is followed like any other. Not part of the hook's definition.
	ScriptVars map[string]string `json:"-"`
	// Runtime is how the agent runs the command (set by the review, kept
	// for the spawn-time check).
	Runtime Runtime `json:"-"`
}

// DiscoveryEnv is the environment discovery reads the hook's command
// with: its own env (EnvValues) and the agent's ScriptVars over it.
func (h HookReview) DiscoveryEnv() map[string]string {
	env := EnvValues(h.Env)
	if len(h.ScriptVars) > 0 && env == nil {
		env = make(map[string]string, len(h.ScriptVars))
	}
	for k, v := range h.ScriptVars {
		env[k] = v
	}
	return env
}

// ScriptCommand is the command line whose scripts are fingerprinted.
func (h HookReview) ScriptCommand() string {
	if h.DiscoverCommand != "" {
		return h.DiscoverCommand
	}
	if c, ok := h.RunsCommand(); ok {
		return c
	}
	return h.Command
}

// NeedsReview reports whether the hook changed or was never approved
// here: neither trusted nor approved-partly-unwatched (which --strict
// counts as well; see StatusPartlyUnwatched).
func (h HookReview) NeedsReview() bool {
	return h.Status != StatusTrusted && h.Status != StatusPartlyUnwatched
}

// RunsUnseenCode reports whether the hook runs code Hookwarden cannot see
// (Unresolved); the dry-run gate holds such a hook back even when trusted.
func (h HookReview) RunsUnseenCode() bool { return len(h.Unresolved) > 0 }

// Verified reports whether the hook may run without asking: trusted, and
// every piece of code it runs is fingerprinted.
func (h HookReview) Verified() bool { return !h.NeedsReview() && !h.RunsUnseenCode() }

// ScriptReview is one script of a hook, compared with its approval.
type ScriptReview struct {
	Word string `json:"word"`
	Path string `json:"path"`
	Via  string `json:"via,omitempty"`
	// How and From: how discovery found it, and the script that runs it
	// ("" = the hook command).
	How    Found        `json:"how,omitempty"`
	From   string       `json:"from,omitempty"`
	Status ScriptStatus `json:"status"`
	// Flagged: changed since approval (content, gone, or now a link out of
	// the project); the hook needs review.
	Flagged        bool   `json:"flagged"`
	SHA256         string `json:"sha256,omitempty"`
	ApprovedSHA256 string `json:"approved_sha256,omitempty"`
	// Diff is the line diff from the approved content to the current one.
	Diff []Span `json:"diff,omitempty"`
	Note string `json:"note,omitempty"`
	// Size is the current size in bytes.
	Size int64 `json:"size,omitempty"`
	// Content is the whole current text of the script, so that nothing is
	// approved unseen; nil when the script is missing or its text cannot be
	// shown (ContentOmitted says why).
	Content *string `json:"content,omitempty"`
	// ApprovedContent is the approved text (or the last approved one, after
	// a revoke) of a script whose content changed since, when it was kept.
	ApprovedContent *string `json:"approved_content,omitempty"`
	// ContentOmitted says why an existing script's text is not shown (too
	// large, not UTF-8 text). Such a script is flagged unless it is
	// unchanged since an approval: it cannot be reviewed here.
	ContentOmitted string `json:"content_omitted,omitempty"`
	// MadeByHook: a file the hook's traced run created itself
	// (ScriptSnapshot.MadeByHook).
	MadeByHook bool `json:"made_by_hook,omitempty"`
	// Mode is, for a file the command runs as a program, whether it may
	// be executed now ("exec", "noexec"; ScriptSnapshot.Mode): an approval
	// records it, so the review the user saw must show it.
	Mode string `json:"mode,omitempty"`
}

// scriptAuditor fingerprints the scripts of a review's hooks, reading each
// script once (ScriptReviewer).
type scriptAuditor struct {
	Project string
	Scripts map[string]scriptNow // fingerprints taken during this audit, by path
	// Runtime is how the agent runs hook commands (its shell, variables
	// and env files).
	Runtime Runtime
	// Cache, when set, stands in for reading a script whose file is
	// unchanged since it was fingerprinted (FingerprintCache).
	Cache    *FingerprintCache
	followed *followCache // what following each script found, during this audit
}

// scriptNow is a script's fingerprint taken during a review, or the error
// that kept it from being taken.
type scriptNow struct {
	snap ScriptSnapshot
	err  error
	// cached: snap's hash is the fingerprint cache's; the file was not
	// read, so snap has no Content.
	cached bool
}

// reviewScripts fingerprints the hook's scripts and compares them with the
// approval (nil: none recorded).
func (a *scriptAuditor) reviewScripts(rv *HookReview, approval *Approval) {
	rv.Scripts = []ScriptReview{}
	command, ok := rv.RunsCommand()
	if !ok {
		return
	}
	if rv.DiscoverCommand != "" {
		command = rv.DiscoverCommand
	}
	if a.followed == nil {
		a.followed = newFollowCacheFor(a.Runtime)
	}
	rv.Runtime = a.Runtime
	found, err := discoverFrom(command, a.Project, rv.ScriptCwd, rv.DiscoveryEnv(), rv.ScriptRoots, a.followed)
	if err != nil {
		rv.ScriptsError = err.Error()
		return
	}
	rv.Unresolved = found.Unresolved
	scripts := slices.Concat(found.Scripts, pythonPathListings(found.Scripts, a.Project, rv.ScriptCwd, a.followed))
	if a.Runtime.Cover != nil {
		rv.Scripts = nil
		a.Runtime.Cover(rv)
		for _, s := range rv.Scripts {
			scripts = append(scripts, ScriptRef{Word: s.Word, Path: s.Path, Via: s.Via, How: s.How, From: s.From})
		}
		rv.Scripts = []ScriptReview{}
	}
	discovered := map[scriptPlace]bool{}
	for _, ref := range scripts {
		discovered[scriptPlace{ref.Path, ref.Via}] = true
		if ref.Via == PythonPathVia && approval != nil && slices.ContainsFunc(approval.Scripts, func(s ScriptSnapshot) bool { return s.Via == TracedVia && s.Path == ref.Path }) {
			continue // a traced run listed the folder: its listing is compared (trace.go)
		}
		now, ok := a.Scripts[ref.Path]
		if !ok {
			now.snap, now.cached, now.err = snapshotScriptFrom(ref, a.Project, a.Cache, a.followed)
			a.Scripts[ref.Path] = now
		}
		then := findSnapshot(approval, ref)
		if now.cached {
			if then != nil && then.Exists && then.SHA256 == now.snap.SHA256 && (then.Content != nil || now.snap.Size > MaxStoredScript) {
				// Unchanged since approval: the approved text is its text.
				now.snap.Content = then.Content
			} else {
				// Not the approved hash: the review shows the file as
				// it is, so it is read.
				now.snap, now.err = snapshotScript(ref, a.Project)
				now.cached = false
				a.Scripts[ref.Path] = now
			}
		}
		now.snap.Word, now.snap.Via = ref.Word, ref.Via
		now.snap = withMode(now.snap, ref)
		sr := compareScript(now.snap, now.err, then)
		sr.How, sr.From = ref.How, ref.From
		if approval != nil && then == nil && sr.Status == ScriptUnrecorded {
			// Hookwarden approved the hook but not this script: it was not
			// run then (a glob matches a new file, a script now sources a
			// new helper) or an older Hookwarden did not find it.
			sr.Flagged = true
			sr.Note = "the hook did not run this script when it was approved (or Hookwarden did not find it then)"
			if now.snap.Content != nil {
				sr.Diff = LineDiff("", *now.snap.Content)
			}
		}
		if ref.Via == PythonPathVia && (approval == nil || sr.Status == ScriptUnchanged) {
			// the folder's names are recorded with the approval and
			// shown when they changed (a module a pull added there)
			continue
		}
		rv.Scripts = append(rv.Scripts, sr)
	}
	if approval == nil {
		return
	}
	defer a.reviewTraced(rv, approval) // the files a traced run saw (trace.go)
	for _, then := range approval.Scripts {
		if discovered[scriptPlace{then.Path, then.Via}] || !then.Exists || then.Via == TracedVia {
			continue
		}
		// Approved with this script, which the hook no longer runs (a glob
		// lost a match, a script stopped sourcing it).
		rv.Scripts = append(rv.Scripts, ScriptReview{Word: then.Word, Path: then.Path, Via: then.Via, Status: ScriptMissing,
			Flagged: true, ApprovedSHA256: then.SHA256, Note: "the hook ran it when it was approved and no longer does"})
	}
}

func findSnapshot(ap *Approval, ref ScriptRef) *ScriptSnapshot {
	if ap == nil {
		return nil
	}
	for i := range ap.Scripts {
		if ap.Scripts[i].Path == ref.Path && ap.Scripts[i].Via == ref.Via {
			return &ap.Scripts[i]
		}
	}
	return nil
}

// compareScript turns a fingerprint taken now and the approved one into a
// review.
func compareScript(now ScriptSnapshot, nowErr error, then *ScriptSnapshot) ScriptReview {
	sr := compareFingerprints(now, nowErr, then)
	failClosedOnHiddenContent(&sr, now, nowErr)
	return sr
}

// compareFingerprints sets the status, flag, diff and texts of a script's
// review.
func compareFingerprints(now ScriptSnapshot, nowErr error, then *ScriptSnapshot) ScriptReview {
	sr := ScriptReview{Word: now.Word, Path: now.Path, Via: now.Via, SHA256: now.SHA256, Size: now.Size, Content: now.Content, Mode: now.Mode}
	if then != nil {
		sr.ApprovedSHA256 = then.SHA256
		if then.SHA256 != now.SHA256 {
			sr.ApprovedContent = then.Content
		}
	}
	switch {
	case nowErr != nil:
		sr.Status, sr.Note = ScriptMissing, nowErr.Error()
		sr.Flagged = then != nil && then.Exists
	case !now.Exists:
		sr.Status = ScriptMissing
		sr.Flagged = then != nil && then.Exists
		if sr.Flagged {
			sr.Note = "the script existed when the hook was approved"
		}
	case now.OutsideProject:
		sr.Status = ScriptOutside
		sr.Note = "the path is inside the project but a symbolic link takes it outside"
		sr.Flagged = then != nil && !then.OutsideProject
		if then != nil && then.SHA256 != now.SHA256 {
			sr.Flagged = true
			sr.Diff, sr.Note = scriptDiff(then, &now, sr.Note)
		}
	case then == nil:
		sr.Status = ScriptUnrecorded
	case !then.Exists:
		sr.Status, sr.Flagged = ScriptChanged, true
		sr.Note = "the script did not exist when the hook was approved"
		sr.Diff, _ = scriptDiff(&ScriptSnapshot{Content: new(string)}, &now, "")
	case then.SHA256 != now.SHA256:
		sr.Status, sr.Flagged = ScriptChanged, true
		sr.Diff, sr.Note = scriptDiff(then, &now, "")
	case then.Mode != "" && now.Mode != "" && then.Mode != now.Mode:
		// same text, but whether it can be executed changed
		sr.Status, sr.Flagged = ScriptChanged, true
		sr.Note = "the text is the same, but the file lost its exec bit since approval: run as a program it now fails (or a PATH lookup skips it for another program)"
		if now.Mode == "exec" {
			sr.Note = "the text is the same, but the file gained its exec bit since approval: it can now run as a program (or a PATH lookup now finds it first)"
		}
	default:
		sr.Status = ScriptUnchanged
	}
	return sr
}

// failClosedOnHiddenContent marks an existing script whose text cannot be
// shown: the reason goes to ContentOmitted and, unless the script is
// unchanged since an approval, it is flagged, because the user could not
// review it here.
func failClosedOnHiddenContent(sr *ScriptReview, now ScriptSnapshot, nowErr error) {
	if nowErr != nil || !now.Exists || now.Content != nil {
		return
	}
	sr.ContentOmitted = contentOmitted(now.Size)
	if sr.Status == ScriptUnchanged {
		return
	}
	if sr.Status == ScriptOutside && sr.ApprovedSHA256 != "" && sr.ApprovedSHA256 == sr.SHA256 && !sr.Flagged {
		// A link out of the project (a virtual environment's bin/python
		// to the machine's interpreter) to the very file that was
		// approved: its text could not be shown then either, and a
		// change of the file or of where the link leads reads as changed.
		return
	}
	sr.Flagged = true
	note := sr.ContentOmitted + ": review it in an editor before approving"
	if sr.Note != "" {
		note = sr.Note + "; " + note
	}
	sr.Note = note
}

// contentOmitted says why a script of size bytes has no kept text.
func contentOmitted(size int64) string {
	if size > MaxStoredScript {
		return fmt.Sprintf("too large to show (%d bytes; Hookwarden shows and keeps scripts up to %d KiB)", size, MaxStoredScript>>10)
	}
	return "not shown: the file is not UTF-8 text"
}

// scriptDiff is the line diff between two fingerprints when both contents
// were kept; otherwise a note says why there is none.
func scriptDiff(then, now *ScriptSnapshot, note string) ([]Span, string) {
	if then.Content == nil || now.Content == nil {
		why := "no line diff: the content is larger than 256 KiB or not text"
		if note != "" {
			why = note + "; " + why
		}
		return nil, why
	}
	return LineDiff(*then.Content, *now.Content), note
}

// ScriptReviewer fingerprints the scripts of hooks for one review and
// compares them with an approval's, reading each script once. It serves
// agents whose approvals are their own records (they still approve
// scripts as ScriptSnapshots).
type ScriptReviewer struct{ a scriptAuditor }

// NewScriptReviewer is a ScriptReviewer for the project folder.
func NewScriptReviewer(project string) *ScriptReviewer {
	return NewScriptReviewerFor(project, Runtime{})
}

// NewScriptReviewerFor is a ScriptReviewer for commands the agent runs as
// rt says.
func NewScriptReviewerFor(project string, rt Runtime) *ScriptReviewer {
	return &ScriptReviewer{scriptAuditor{Project: project, Scripts: map[string]scriptNow{}, Runtime: rt}}
}

// UseCache makes the reviewer take unchanged scripts' hashes from c
// (nil: read every script).
func (r *ScriptReviewer) UseCache(c *FingerprintCache) { r.a.Cache = c }

// ReviewScripts sets rv.Scripts (and Unresolved) from the scripts its
// command runs now, compared with those of approval (nil: not approved).
func (r *ScriptReviewer) ReviewScripts(rv *HookReview, approval *Approval) {
	r.a.reviewScripts(rv, approval)
}

// OtherReader is what another agent that reads a hook's file does with
// the hook: its review of the hook, and whether it runs it.
type OtherReader struct {
	Agent string `json:"agent"`
	Title string `json:"title"`
	// Review is that agent's review status of the hook ("" when it does
	// not review the hook); NeedsReview is true unless it is approved
	// there, and when that agent's review could not be made.
	Review      HookStatus `json:"review,omitempty"`
	NeedsReview bool       `json:"needs_review"`
	// Status is what the agent does with the hook ("runs", or why not:
	// the hook's status in that agent), Reason why.
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
}

// Words are o in a few words: "approved", "needs review (new)", then
// what the agent does with the hook when it does not run it.
func (o OtherReader) Words() string {
	var w string
	switch {
	case o.Review != "" && !o.NeedsReview && o.Review == StatusTrusted:
		w = "approved"
	case o.Review != "" && !o.NeedsReview:
		w = "approved (" + StatusLabel(o.Review) + ")"
	case o.Review != "":
		w = "needs review (" + StatusLabel(o.Review) + ")"
	case o.NeedsReview:
		w = "needs review"
	default:
		w = "not reviewed by Hookwarden for it"
	}
	if o.Status != "runs" {
		w += "; " + o.Status
		if o.Reason != "" {
			w += ": " + o.Reason
		}
	}
	return w
}
