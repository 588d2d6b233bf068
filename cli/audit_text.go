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
//	               <file>:<line> (<layer>)
//	               … the hook's facts, risk, changes, scripts …
//
//	commands that are not hooks …
//	GONE / DISABLED …
//	<what needs review, and how to approve it>

const (
	auditLabel  = "%-12s%s\n"       // a row of the project's: PROBLEM, UNREADABLE, …
	auditIndent = "            "    // under such a row
	hookIndent  = "               " // under a hook's first line
)

// writeAuditText prints the review of one agent for a person; brief
// leaves out the content of scripts seen for the first time (their diffs
// stay).
func writeAuditText(w io.Writer, info agents.Info, r *agents.Review, brief bool) error {
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
		p.f("no %ss to review\n", cmp.Or(r.Words.Noun, "hook"))
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
		p.f("%sremove them with: hookwarden untrust --agent %s --project %s --gone\n", hookIndent, info.Name, agents.ShellQuote(r.Project))
	}
	if len(r.Disabled) > 0 {
		p.f("\n")
		for _, d := range r.Disabled {
			p.f("%-14s %s  %s (%s)  switched off by Hookwarden; switch it on with: hookwarden enable --agent %s %s\n",
				"DISABLED", d.Event, d.Label, d.File, info.Name, d.ID)
		}
	}
	auditSummary(p, info, r, hs, commands)
	return p.err
}

// auditHeader prints the folder trust, the store and what is wrong with
// the project as a whole.
func auditHeader(p *auditPrinter, info agents.Info, r *agents.Review) {
	p.f("project     %s\n", r.Project)
	ft := r.FolderTrust
	switch {
	case ft.Source != "" && ft.Reason != "":
		p.f("%s folder trust (%s): %s — %s\n", info.Title, ft.Source, ft.State, ft.Reason)
	case ft.Reason != "":
		p.f("%s folder trust: %s — %s\n", info.Title, ft.State, ft.Reason)
	default:
		p.f("%s folder trust: %s\n", info.Title, ft.State)
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
		msg := d.Message
		if d.File != "" {
			msg = agents.Place(d.File, d.Line, d.Column) + ": " + msg
		}
		p.f(auditLabel, "CRITICAL", msg)
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
// changed, every script it runs and the code no one can see.
func auditHook(p *auditPrinter, r *agents.Review, hr *agents.HookReview, brief bool) {
	h := &hr.HookReview
	where := h.Event
	if h.Matcher != "" {
		where += " [" + h.Matcher + "]"
	}
	p.f("%-14s %s  %s\n", statusWord(h), where, hr.Label)
	in := fmt.Sprintf("(%s)", hr.Layer)
	if hr.Badge != "" {
		in = "(" + hr.Badge + ")"
	}
	if h.Line > 0 {
		p.f("%s%s:%d %s\n", hookIndent, hr.File, h.Line, in)
	} else {
		p.f("%s%s %s\n", hookIndent, hr.File, in)
	}
	if hr.Owner != "" {
		p.f("%sfrom %s\n", hookIndent, hr.Owner)
	}
	if h.Command != "" && h.Command != hr.Label {
		p.f("%sruns %s\n", hookIndent, h.Command)
	}
	p.f("%s%s %s\n", hookIndent, strings.ToLower(cmp.Or(r.Words.KeyLabel, "key")), h.Key)
	for _, f := range hr.Fields {
		if f.Value == "" || f.Value == h.Key || f.Key == "kind" || f.Key == "event" {
			continue
		}
		p.f("%s%s: %s\n", hookIndent, f.Label, f.Value)
	}
	p.f("%s%s\n", hookIndent, riskLabel(hr.Risk))
	if warn := hiddenWarning(h.Name, h.Command, h.Matcher); warn != "" {
		p.f("%sWARNING %s\n", hookIndent, warn)
	}
	for _, n := range hr.Notes {
		p.f("%s! %s\n", hookIndent, n)
	}
	if h.PreviousCommand != "" && h.PreviousCommand != h.Command {
		p.f("%swas: %s\n", hookIndent, h.PreviousCommand)
		if len(h.CommandDiff) > 0 {
			p.f("%sdiff: %s\n", hookIndent, trust.RenderWordDiff(h.CommandDiff))
		}
	}
	for _, name := range slices.Sorted(maps.Keys(h.Env)) {
		p.f("%senv %s=%s\n", hookIndent, name, h.Env[name])
	}
	if h.ApprovalNote != "" {
		p.f("%s%s\n", hookIndent, h.ApprovalNote)
	}
	for _, c := range h.FieldChanges {
		p.f("%schanged: %s  <- review\n", hookIndent, c)
	}
	if h.ScriptsError != "" {
		p.f("%sscripts unknown: %s\n", hookIndent, h.ScriptsError)
	}
	if h.RunsUnseenCode() {
		p.f("%sruns code Hookwarden cannot see:\n", hookIndent)
		for _, u := range h.Unresolved {
			p.f("%s  - %s\n", hookIndent, u.String())
		}
		if h.Status == trust.StatusPartlyUnwatched {
			p.f("%s  (approved, partly unwatched: what it refers to can change unseen, so 'hookwarden run' holds it back without --yes and exec refuses it)\n", hookIndent)
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
		p.f("%sscript %s: %s%s\n", hookIndent, s.Path, s.Status, mark)
		if o := scriptOrigin(*s); o != "" {
			p.f("%s  %s\n", hookIndent, o)
		}
		if s.Note != "" {
			p.f("%s  %s\n", hookIndent, s.Note)
		}
		p.f("%s", scriptBody(hookIndent+"  ", *s, brief))
	}
	if len(absent) > 0 {
		p.f("%s%s\n", hookIndent, agents.AbsentLine(absent))
	}
	for _, o := range h.AlsoReadBy {
		verb := "run"
		if o.Status != "runs" {
			verb = "read" // the agent reads the file but does not run the hook now
		}
		p.f("%salso %s by %s: %s\n", hookIndent, verb, o.Title, o.Words())
	}
	if h.RevokedAt != "" {
		p.f("%srevoked %s (scripts compared with what was approved before)\n", hookIndent, h.RevokedAt)
	}
}

// scriptOrigin says how a script was found when the command does not
// name it plainly: as the command writes it, how, by what and where.
func scriptOrigin(s trust.ScriptReview) string {
	var parts []string
	if w := strings.TrimPrefix(s.Word, "./"); w != "" && s.Word != s.Path && !strings.HasSuffix(s.Path, "/"+w) {
		parts = append(parts, "named "+s.Word)
	}
	switch {
	case s.How == trust.FoundTraced:
		parts = append(parts, "found as seen running (traced in the sandbox)")
	case s.From != "" || s.Via != "":
		parts = append(parts, "found as "+string(s.How))
	}
	if s.Via != "" && s.How != trust.FoundTraced {
		parts = append(parts, "run by "+s.Via)
	}
	if s.From != "" && s.How != trust.FoundTraced {
		parts = append(parts, "in "+s.From)
	}
	return strings.Join(parts, ", ")
}

// auditGone prints an approval that matches no hook any more.
func auditGone(p *auditPrinter, g agents.Gone) {
	where := g.Event
	if g.Matcher != "" {
		where += " [" + g.Matcher + "]"
	}
	if where != "" {
		where += "  "
	}
	p.f("%-14s %s%s\n", "GONE", where, g.Label)
	var at []string
	if g.File != "" {
		at = append(at, g.File)
	}
	if g.Where != "" {
		at = append(at, "approved in "+g.Where)
	}
	if g.Key != g.Label {
		at = append(at, "key "+g.Key)
	}
	p.f("%s%s: matches no hook any more\n", hookIndent, strings.Join(append([]string{}, at...), "; "))
}

// auditSummary prints what needs review and how to approve it.
func auditSummary(p *auditPrinter, info agents.Info, r *agents.Review, hs, commands []agents.HookReview) {
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
	default:
		p.f("\nnothing needs review\n")
	}
	if line := agents.UnwatchedLine(r.Hooks); line != "" {
		p.f("%s", line)
	}
}
