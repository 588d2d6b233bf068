package cli

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/trust"
)

// The audit text: one layout for every agent, laid out from the
// structured review (agents.Review). The agent supplies facts as data —
// its folder trust, its store, its problems and warnings, each hook's
// status, fields (what the agent does with it, in its words), notes and
// scripts, the approvals gone, the hooks it switched off — and never a
// line of text.
//
//	<agent> folder trust (<source>): <state> — <reason>
//	            <effect of the folder trust>
//	store       <path> — <what the store is>
//	PROBLEM     <what the agent cannot work with>   (NOTE: a lesser one)
//	UNREADABLE  <file:line:column: error>
//	CRITICAL    <file:line:column: finding>
//	NOTE        <what the agent says about the project>
//
//	STATUS         <event> [<matcher>]  <label>
//	    in        <file>:<line> (<layer>)
//	    key       <the agent's trust key>
//	    … the hook's facts, risk, changes, scripts …
//
//	commands that are not hooks …
//	GONE / DISABLED …
//	<what needs review, and how to approve it>

const (
	auditLabel  = "%-12s%s\n"      // a row of the project's: PROBLEM, UNREADABLE, …
	auditIndent = "            "   // under such a row
	hookIndent  = "              " // under a hook's labelled rows
)

// auditBelow counts what audit reports after an agent's review and that
// needs review too: entries in the start folders below a repository's top,
// and project settings that switch off a hook of Hookwarden's own.
type auditBelow struct{ startFolders, switchOffs int }

// writeAuditText prints the review of one agent for a person; brief
// leaves out the content of scripts seen for the first time (their diffs
// stay); below counts what needs review that is listed after it, so that
// the summary does not say "nothing needs review" above it.
func writeAuditText(w io.Writer, info agents.Info, r *agents.Review, brief bool, below auditBelow) error {
	p := &auditPrinter{w: w}
	auditHeader(p, info, r)
	var hs, commands []agents.HookReview
	for _, h := range r.Hooks {
		if h.Kind != "" {
			commands = append(commands, h)
		} else {
			hs = append(hs, h)
		}
	}
	p.f("\n")
	if len(hs) == 0 {
		p.f("%s\n", cmp.Or(r.Words.Empty, "There are no hooks to review."))
	}
	for i := range hs {
		auditHook(p, r, &hs[i], brief)
	}
	if len(commands) > 0 {
		p.f("\ncommands that are not hooks (MCP servers, helper and tool commands; approvals in Hookwarden's store):\n")
		for i := range commands {
			auditHook(p, r, &commands[i], brief)
		}
	}
	if len(r.Gone) > 0 {
		p.f("\n")
		for _, g := range r.Gone {
			auditGone(p, g)
		}
		p.f("    remove them with: hookwarden untrust --agent %s --project %s --gone\n", info.Name, agents.ShellQuote(r.Project))
	}
	if len(r.Disabled) > 0 {
		p.f("\n")
		for _, d := range r.Disabled {
			p.f("%-14s %s  %s (%s)  switched off by Hookwarden; switch it on with: hookwarden enable --agent %s %s\n",
				"DISABLED", d.Event, d.Label, d.File, info.Name, d.ID)
		}
	}
	auditSummary(p, info, r, hs, commands, below)
	return p.err
}

// auditHeader prints the folder trust, the store and what is wrong with
// the project as a whole.
func auditHeader(p *auditPrinter, info agents.Info, r *agents.Review) {
	p.f("project     %s\n", r.Project)
	ft := r.FolderTrust
	var about []string
	if ft.Source != "" {
		about = append(about, ft.Source)
	}
	if ft.Supported && len(r.Folder.Answers) == 0 {
		about = append(about, "read only: "+info.Title+" sets it itself")
	}
	head := info.Title + " folder trust"
	if len(about) > 0 {
		head += " (" + strings.Join(about, "; ") + ")"
	}
	if ft.Reason != "" {
		p.f("%s: %s — %s\n", head, ft.State, ft.Reason)
	} else {
		p.f("%s: %s\n", head, ft.State)
	}
	for _, e := range r.Folder.Effects {
		p.f("%s%s\n", auditIndent, e.Text)
	}
	if r.StorePath != "" {
		p.f("store       %s\n", r.StorePath)
	}
	if r.Store != "" {
		p.f("%s%s\n", auditIndent, r.Store)
	}
	if r.StoreError != "" {
		p.f(auditLabel, "PROBLEM", r.StoreError)
	}
	for _, pr := range r.Problems {
		if pr.Text == r.StoreError {
			continue
		}
		label := "NOTE"
		if pr.Severe {
			label = "PROBLEM"
		}
		p.f(auditLabel, label, pr.Text)
		if pr.Repair {
			p.f("%s'hookwarden trust --agent %s --repair' backs it up and rewrites what can be salvaged\n", auditIndent, info.Name)
		}
	}
	for _, u := range r.Unreadable {
		p.f(auditLabel, "UNREADABLE", u.Error())
	}
	for _, d := range r.Critical {
		p.f(auditLabel, "CRITICAL", agents.FindingText(d))
	}
	if r.Words.Warnings != "" && len(r.Warnings) > 0 {
		p.f(auditLabel, "NOTE", r.Words.Warnings)
		for _, w := range r.Warnings {
			p.f("%s- %s\n", auditIndent, w)
		}
		return
	}
	for _, w := range r.Warnings {
		p.f(auditLabel, "NOTE", w)
	}
}

// statusWord is a hook's status in the audit's first column: upper case,
// "TRUSTED*" for a trusted hook that runs code Hookwarden cannot see.
func statusWord(h *trust.HookReview) string {
	if h.Status == trust.StatusTrusted && h.RunsUnseenCode() {
		return "TRUSTED*"
	}
	return strings.ToUpper(trust.StatusLabel(h.Status))
}

// auditHook prints one reviewed hook (or command that is not a hook):
// its place, the agent's facts of it, its risk and everything that
// changed, every script it runs and the code no one can see. Its rows
// have a label column ("key", "script", "changed", …) or are sentences.
func auditHook(p *auditPrinter, r *agents.Review, hr *agents.HookReview, brief bool) {
	h := &hr.HookReview
	row := func(label, format string, a ...any) { p.f("    %-9s "+format+"\n", append([]any{label}, a...)...) }
	more := func(format string, a ...any) { p.f(hookIndent+format+"\n", a...) }
	where := h.Event
	if h.Matcher != "" {
		where += " [" + h.Matcher + "]"
	}
	p.f("%-14s %s  %s\n", statusWord(h), where, hr.Label)
	in := cmp.Or(hr.Badge, string(hr.Layer))
	if h.Line > 0 {
		row("in", "%s:%d (%s)", hr.File, h.Line, in)
	} else {
		row("in", "%s (%s)", hr.File, in)
	}
	if hr.Owner != "" {
		row("from", "%s", hr.Owner)
	}
	switch {
	case h.Type == "command" && !h.IsCommand:
		row("runs", "nothing: a command entry without a command, which the agent discards")
	case h.Command != "" && h.Command != hr.Label:
		row("runs", "%s", h.Command)
	}
	row(strings.ToLower(cmp.Or(r.Words.KeyLabel, "key")), "%s", h.Key)
	for _, f := range hr.Fields {
		if f.Value == "" || f.Value == h.Key || f.Key == "kind" || f.Key == "event" {
			continue
		}
		p.f("    %s: %s\n", f.Label, f.Value)
	}
	p.f("    %s\n", riskLabel(hr.Risk))
	if warn := hiddenWarning(h.Name, h.Command, h.Matcher); warn != "" {
		row("WARNING", "%s", warn)
	}
	for _, n := range hr.Notes {
		p.f("    ! %s\n", n)
	}
	if h.PreviousCommand != "" && h.PreviousCommand != h.Command {
		row("was", "%s", h.PreviousCommand)
		if len(h.CommandDiff) > 0 {
			row("diff", "%s", trust.RenderWordDiff(h.CommandDiff))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(h.Env)) {
		row("env", "%s=%s", name, h.Env[name])
	}
	if h.ApprovalNote != "" {
		row("approval", "%s", h.ApprovalNote)
	}
	for _, c := range h.FieldChanges {
		row("changed", "%s  <- review", c)
	}
	if h.ScriptsError != "" {
		row("scripts", "unknown: %s", h.ScriptsError)
	}
	if h.RunsUnseenCode() {
		row("unseen", "runs code Hookwarden cannot see:")
		for _, u := range h.Unresolved {
			more("- %s", u.String())
		}
		if h.Status == trust.StatusPartlyUnwatched {
			more("(approved, partly unwatched: what it refers to can change unseen, so 'hookwarden run' holds it back without --yes and exec refuses it)")
		}
	}
	var absent []string
	for j := range h.Scripts {
		s := &h.Scripts[j]
		if s.WatchedAbsent() {
			absent = append(absent, s.Path)
			continue
		}
		mark := ""
		if s.Flagged {
			mark = "  <- review"
		}
		row("script", "%s: %s%s", s.Path, s.Status, mark)
		if o := scriptOrigin(*s); o != "" {
			more("%s", o)
		}
		if s.Note != "" {
			more("%s", s.Note)
		}
		p.f("%s", scriptBody(hookIndent, *s, brief))
	}
	if len(absent) > 0 {
		row("absent", "%s", agents.AbsentLine(absent))
	}
	for _, o := range h.AlsoReadBy {
		verb := "run"
		if o.Status != "runs" {
			verb = "read" // the agent reads the file but does not run the hook now
		}
		p.f("    also %s by %s: %s\n", verb, o.Title, o.Words())
	}
	if h.RevokedAt != "" {
		row("revoked", "%s (scripts compared with what was approved before)", h.RevokedAt)
	}
}

// scriptOrigin says how a script was found when the command does not
// name it plainly: as the command writes it, how, by what and where.
func scriptOrigin(s trust.ScriptReview) string {
	var parts []string
	if w := strings.TrimPrefix(s.Word, "./"); w != "" && s.Word != s.Path && !strings.HasSuffix(s.Path, "/"+w) {
		parts = append(parts, "named "+s.Word)
	}
	if s.How == trust.FoundTraced {
		return strings.Join(append(parts, "found as seen running (traced in the sandbox)"), ", ")
	}
	if s.How != "" && (s.From != "" || s.Via != "") {
		parts = append(parts, "found as "+string(s.How))
	}
	if s.Via != "" {
		parts = append(parts, "run by "+s.Via)
	}
	if s.From != "" {
		parts = append(parts, "in "+s.From)
	}
	return strings.Join(parts, ", ")
}

// auditGone prints an approval that matches no hook any more: where the
// hook was, its key, and where the approval is kept.
func auditGone(p *auditPrinter, g agents.Gone) {
	where := g.Event
	if g.Matcher != "" {
		where += " [" + g.Matcher + "]"
	}
	if where != "" {
		where += "  "
	}
	p.f("%-14s %s%s\n", "GONE", where, g.Label)
	if g.File != "" {
		p.f("    %-9s %s\n", "was in", g.File)
	}
	if g.Key != g.Label {
		p.f("    %-9s %s\n", "key", g.Key)
	}
	p.f("    %-9s %s: matches no hook any more\n", "approval", cmp.Or(g.Where, "approved"))
}

// auditSummary prints what needs review and how to approve it.
func auditSummary(p *auditPrinter, info agents.Info, r *agents.Review, hs, commands []agents.HookReview, below auditBelow) {
	need := func(rs []agents.HookReview) int {
		n := 0
		for _, h := range rs {
			if h.NeedsReview() {
				n++
			}
		}
		return n
	}
	n, nc := need(hs), need(commands)
	count := fmt.Sprintf("%d of %d hooks", n, len(hs))
	if len(commands) > 0 {
		count += fmt.Sprintf(" and %d of %d commands", nc, len(commands))
	}
	switch {
	case len(r.Unreadable) > 0:
		p.f("\nreview incomplete: %d file(s) could not be read (see UNREADABLE above); %s need review\n", len(r.Unreadable), count)
	case n+nc > 0:
		p.f("\n%s need review; after checking them: hookwarden trust --agent %s --project %s NAME|KEY ... (or --all)\n",
			count, info.Name, agents.ShellQuote(r.Project))
	case len(r.Critical) > 0:
		p.f("\n%s\n", cmp.Or(r.Words.Critical, "read the findings marked CRITICAL above before you run "+info.Title+" here"))
	case r.NeedsReview:
		p.f("\nthe trust store or the settings need attention (see above)\n")
	case below.switchOffs > 0:
		p.f("\n%d project setting(s) switch off a hook of Hookwarden's own in your settings (named below): review them\n", below.switchOffs)
	case below.startFolders > 0:
		// the verdict is the start folders': never "nothing" above them
		p.f("\nnothing needs review in this folder itself; in the start folders below it, %d entr(ies) do (listed below)\n", below.startFolders)
	default:
		p.f("\nnothing needs review\n")
	}
	if line := agents.UnwatchedLine(r.Hooks); line != "" {
		p.f("%s\n", strings.TrimSuffix(line, "\n")) // (an argument's line break is printed escaped)
	}
}
