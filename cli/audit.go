package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// runAudit reviews every workspace hook against trusted_hooks.json and
// Hookwarden's store; exit 3 when anything needs review.
func runAudit(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("audit")
	dir := io.projectFlag(fs)
	asJSON := jsonFlag(fs)
	brief := briefFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	snap, opts, err := io.trustContext(*dir)
	if err != nil {
		return err
	}
	report, err := gemini.Audit(snap, opts)
	if err != nil {
		return err
	}
	if *asJSON {
		err = writeJSON(io.Stdout, auditDocument(report))
	} else {
		err = writeAuditText(io.Stdout, report, *brief)
	}
	if err != nil {
		return err
	}
	return auditExit(report.Unreadable, report.NeedsReview)
}

// auditExit is audit's outcome: ExitUnreadable, naming each file with its
// line and column, when a file could not be read; ExitNeedsReview when
// something needs review.
func auditExit(unreadable []settingsio.FileError, needsReview bool) error {
	if len(unreadable) > 0 {
		return &ExitError{Code: ExitUnreadable, Msg: unreadableMessage("review incomplete", unreadable)}
	}
	if needsReview {
		return &ExitError{Code: ExitNeedsReview}
	}
	return nil
}

// unreadableMessage is "what: N file(s) could not be read:" and one
// "path:line:column: message" line per file.
func unreadableMessage(what string, files []settingsio.FileError) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d file(s) could not be read; whatever hooks they hold are not shown:", what, len(files))
	for _, f := range files {
		b.WriteString("\n  " + f.Error())
	}
	return b.String()
}

// trustContext loads the project and locates Hookwarden's store.
func (io *IO) trustContext(dir string) (*gemini.Snapshot, gemini.Options, error) {
	p := io.loadProject(dir)
	storeDir, err := trust.StoreDirFromEnv(io.Env, io.GOOS)
	if err != nil {
		return nil, gemini.Options{}, err
	}
	return p.snap, gemini.Options{Store: trust.Store{Dir: storeDir}, Registry: p.reg}, nil
}

// auditDoc is the stable JSON document of `hookwarden audit --json`.
type auditDoc struct {
	Project           string                 `json:"project"`
	FolderTrust       gemini.FolderTrust     `json:"folder_trust"`
	TrustedHooksFile  string                 `json:"trusted_hooks_file"`
	TrustedHooksError string                 `json:"trusted_hooks_error,omitempty"`
	SettingsError     string                 `json:"settings_error,omitempty"`
	Unreadable        []settingsio.FileError `json:"unreadable"`
	NeedsReview       bool                   `json:"needs_review"`
	Hooks             []auditHookDoc         `json:"hooks"`
	Gone              []string               `json:"gone"`
	GeminiWarnings    []string               `json:"gemini_warnings"`
	CheckAbort        *gemini.CheckAbort     `json:"check_abort,omitempty"`
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

func auditDocument(r *gemini.Report) auditDoc {
	doc := auditDoc{Project: r.Project, FolderTrust: r.FolderTrust, TrustedHooksFile: r.TrustedHooksFile,
		TrustedHooksError: r.TrustedHooksError, SettingsError: r.SettingsError, Unreadable: r.Unreadable, NeedsReview: r.NeedsReview,
		Hooks: []auditHookDoc{}, Gone: r.Gone, GeminiWarnings: r.GeminiWarnings, CheckAbort: r.CheckAbort, Critical: r.Critical}
	cache := risk.NewCache()
	for _, h := range r.Hooks {
		hd := auditHookDoc{Event: h.Event, Matcher: h.Matcher, Name: h.Name, Command: h.Command, RawCommand: h.RawCommand,
			Key: h.Key, Label: h.Label, Path: h.Path, Line: h.Line, Status: h.Status,
			PreviousKey: h.PreviousKey, PreviousCommand: h.PreviousCommand, CommandDiffSpans: h.CommandDiff,
			Scripts: []auditScriptDoc{}, ScriptsError: h.ScriptsError, RevokedAt: h.RevokedAt,
			Env: h.Env, Fields: h.Fields, FieldChanges: h.FieldChanges, ApprovalNote: h.ApprovalNote,
			File: h.File, UncheckedByGemini: h.Unchecked,
			Risk:       auditRisk(cache, h, r.Project),
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
	return doc
}

// writeAuditText prints the audit for a person: every script a hook runs
// with its whole content when it was not seen before, or its diff when it
// changed (brief: diffs only).
func writeAuditText(w io.Writer, r *gemini.Report, brief bool) error {
	p := &auditPrinter{w: w}
	p.f("project       %s\n", r.Project)
	ft := r.FolderTrust
	p.f("folder trust  %s", ft.State)
	if ft.Rule != "" {
		p.f(" (%s", ft.Rule)
		if ft.Level != "" {
			p.f(" %s", ft.Level)
		}
		p.f(")")
	}
	p.f("\n")
	if ft.Reason != "" {
		p.f("              %s\n", ft.Reason)
	}
	if !ft.Trusted() {
		p.f("              Gemini CLI runs no settings hooks here and checks none; the audit below is Hookwarden's.\n")
	}
	p.f("trust file    %s\n", r.TrustedHooksFile)
	if r.TrustedHooksError != "" {
		p.f("  PROBLEM     %s\n              Hookwarden will not write it; 'hookwarden trust --repair' backs it up and rewrites it.\n", r.TrustedHooksError)
	}
	if r.SettingsError != "" {
		p.f("  PROBLEM     %s (Gemini CLI refuses to start)\n", r.SettingsError)
	}
	for _, u := range r.Unreadable {
		p.f("  UNREADABLE  %s\n", u.Error())
	}
	if r.CheckAbort != nil {
		p.f("  NOTE        %s\n", r.CheckAbort.Reason)
	}
	for _, d := range r.Critical {
		p.f("  CRITICAL    %s: %s\n", place(d), d.Message)
	}
	p.f("\n")
	if len(r.Hooks) == 0 {
		p.f("no workspace hooks\n")
	}
	cache := risk.NewCache()
	for _, h := range r.Hooks {
		where := h.Event
		if h.Matcher != "" {
			where += "[" + h.Matcher + "]"
		}
		status := strings.ToUpper(string(h.Status))
		if h.Status == trust.StatusTrusted && h.RunsUnseenCode() {
			status = "TRUSTED*"
		}
		p.f("%-18s %-28s %s\n", status, where, h.Label)
		p.f("    key       %s\n", h.Key)
		p.f("    %s\n", riskLabel(auditRisk(cache, h, r.Project)))
		if h.Unchecked != "" {
			p.f("    in        %s:%d\n", h.File, h.Line)
			p.f("    why       %s\n", h.Unchecked)
		}
		if w := hiddenWarning(h.Name, h.Command, h.Matcher); w != "" {
			p.f("    WARNING   %s\n", w)
		}
		if h.Status == trust.StatusChanged {
			p.f("    was       %s\n", h.PreviousCommand)
			p.f("    diff      %s\n", trust.RenderWordDiff(h.CommandDiff))
		}
		for _, name := range slices.Sorted(maps.Keys(h.Env)) {
			p.f("    env       %s=%s\n", name, h.Env[name])
		}
		if h.ApprovalNote != "" {
			p.f("    approval  %s\n", h.ApprovalNote)
		}
		for _, c := range h.FieldChanges {
			p.f("    changed   %s  <- review\n", c)
		}
		if h.ScriptsError != "" {
			p.f("    scripts   unknown: %s\n", h.ScriptsError)
		}
		writeUnresolved(p, h)
		for _, s := range h.Scripts {
			mark := ""
			if s.Flagged {
				mark = "  <- review"
			}
			p.f("    script    %s: %s%s\n", s.Word, s.Status, mark)
			if s.From != "" || s.Via != "" {
				p.f("              %s\n", scriptOrigin(s))
			}
			if s.Note != "" {
				p.f("              %s\n", s.Note)
			}
			p.f("%s", scriptBody("              ", s, brief))
		}
		if h.RevokedAt != "" {
			p.f("    revoked   %s (scripts compared with what was approved before)\n", h.RevokedAt)
		}
	}
	if len(r.Gone) > 0 {
		p.f("\ntrusted keys that match no hook any more (remove with 'hookwarden untrust --gone'):\n")
		for _, k := range r.Gone {
			p.f("    %s\n", k)
		}
	}
	n := 0
	for _, h := range r.Hooks {
		if h.NeedsReview() {
			n++
		}
	}
	switch {
	case len(r.Unreadable) > 0:
		p.f("\nreview incomplete: %d file(s) could not be read (see UNREADABLE above); %d of %d hooks need review\n", len(r.Unreadable), n, len(r.Hooks))
	case n > 0:
		p.f("\n%d of %d hooks need review; after checking them: hookwarden trust --project %s NAME|KEY ... (or --all)\n", n, len(r.Hooks), quoteForShell(r.Project))
	case len(r.Critical) > 0:
		p.f("\nthe project changes where Gemini CLI loads its files or what its hooks run (CRITICAL above); remove that from its .env file, or set the variable yourself, before you run Gemini CLI here\n")
	case r.NeedsReview:
		p.f("\nthe trust file needs attention (see above)\n")
	default:
		p.f("\nnothing needs review\n")
	}
	return p.err
}

// writeUnresolved prints the code a hook runs that Hookwarden cannot see.
func writeUnresolved(p *auditPrinter, h trust.HookReview) {
	if !h.RunsUnseenCode() {
		return
	}
	p.f("    unseen    runs code Hookwarden cannot see:\n")
	for _, u := range h.Unresolved {
		p.f("              - %s\n", u.String())
	}
	if h.Status == trust.StatusTrusted {
		p.f("              (trusted*: approved with this code; what it refers to can change unseen, so 'hookwarden run' holds it back without --yes)\n")
	}
}

// scriptOrigin says what runs a script and from where: "run by bash from
// hooks/a.sh", "sourced by . from the command".
func scriptOrigin(s trust.ScriptReview) string {
	out := "found as " + string(s.How)
	if s.Via != "" {
		out += ", run by " + s.Via
	}
	if s.From != "" {
		out += ", in " + s.From
	}
	return out
}

// auditPrinter writes formatted text and keeps the first error.
type auditPrinter struct {
	w   io.Writer
	err error
}

func (p *auditPrinter) f(format string, a ...any) {
	if p.err == nil {
		format, a = safeArgs(format, a)
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}

// quoteForShell quotes s for a POSIX shell when it needs it.
func quoteForShell(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// auditRisk is the risk of an audited workspace hook: its command and its
// env (the audit keeps env values as JSON texts).
func auditRisk(cache *risk.Cache, h trust.HookReview, projectDir string) risk.Report {
	env := map[string]string{}
	for k, v := range h.Env {
		var s string
		if json.Unmarshal([]byte(v), &s) == nil {
			env[k] = s
		} else {
			env[k] = v
		}
	}
	return risk.Analyze(risk.Hook{Agent: "gemini", Event: h.Event, Matcher: h.Matcher, Command: h.Command, Env: env, ProjectDir: projectDir}, risk.Options{Cache: cache})
}
