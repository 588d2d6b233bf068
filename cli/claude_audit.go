package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/trust"
)

// runClaudeAudit reviews the project's Claude Code handlers against
// Hookwarden's fingerprints; exit 3 when any needs review.
func runClaudeAudit(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("audit")
	dir := io.projectFlag(fs)
	asJSON := jsonFlag(fs)
	brief := briefFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	store, err := io.claudeStore()
	if err != nil {
		return err
	}
	// One read of the store for the listing and the audit (nothing is
	// written here).
	data, err := store.Load()
	if err != nil {
		return err
	}
	p := io.loadClaudeProjectData(*dir, data)
	rep, err := claude.AuditData(p.snap, p.reg.Hooks, data)
	if err != nil {
		return err
	}
	risks := claudeRisks(p.reg.Hooks, p.snap.ProjectDir)
	if *asJSON {
		err = writeJSON(io.Stdout, claudeAuditDocument(rep, risks))
	} else {
		err = writeClaudeAudit(io, rep, risks, *brief)
	}
	if err != nil {
		return err
	}
	return auditExit(rep.Unreadable, rep.NeedsReview)
}

// claudeAuditDoc is Claude Code's trust report with each handler's risk.
type claudeAuditDoc struct {
	*claude.Report
	Hooks []claudeAuditHook `json:"hooks"`
}

type claudeAuditHook struct {
	claude.HookReview
	Risk risk.Report `json:"risk"`
}

// claudeRisks analyses every handler, by hook ID.
func claudeRisks(hs []*hooks.Hook, projectDir string) map[string]risk.Report {
	out := make(map[string]risk.Report, len(hs))
	for i, r := range hookRisks(hs, projectDir) {
		out[hs[i].ID] = r
	}
	return out
}

func claudeAuditDocument(rep *claude.Report, risks map[string]risk.Report) claudeAuditDoc {
	doc := claudeAuditDoc{Report: rep, Hooks: make([]claudeAuditHook, 0, len(rep.Hooks))}
	for _, h := range rep.Hooks {
		doc.Hooks = append(doc.Hooks, claudeAuditHook{HookReview: h, Risk: risks[h.HookID]})
	}
	return doc
}

// writeClaudeAudit prints the Claude Code audit for a person, with every
// script a handler runs as writeAuditText does.
func writeClaudeAudit(io *IO, rep *claude.Report, risks map[string]risk.Report, brief bool) error {
	b := &strings.Builder{}
	ft := rep.FolderTrust
	printf(b, "Claude Code folder trust (read only, %s): %s\n", orDash(ft.File), ft.Reason)
	for _, u := range rep.Unreadable {
		printf(b, "%-14s %s\n", "UNREADABLE", u.Error())
	}
	if len(rep.Hooks) == 0 {
		fmt.Fprintln(b, "No project, local or plugin handlers.")
	}
	for _, h := range rep.Hooks {
		status := string(h.Status)
		if h.Status == trust.StatusTrusted && h.RunsUnseenCode() {
			status = "trusted*"
		}
		printf(b, "%-14s %s %s  %s\n               %s:%d (%s)  %s\n", status, h.Event, matcherLabel(h.Matcher), h.Command, h.File, h.Line, h.Layer, h.Key[:12])
		printf(b, "               %s\n", riskLabel(risks[h.HookID]))
		if w := hiddenWarning(h.Command, h.Matcher); w != "" {
			printf(b, "               %s\n", w)
		}
		if h.Status == trust.StatusChanged {
			printf(b, "               was: %s\n", h.PreviousCommand)
		}
		if h.ApprovalNote != "" {
			printf(b, "               %s\n", h.ApprovalNote)
		}
		for _, c := range h.FieldChanges {
			printf(b, "               changed: %s\n", c)
		}
		for _, s := range h.Scripts {
			printf(b, "               script %s: %s %s\n", s.Path, s.Status, s.Note)
			printf(b, "%s", scriptBody("                 ", s, brief))
		}
		if h.RunsUnseenCode() {
			printf(b, "               runs code Hookwarden cannot see:\n")
			for _, u := range h.Unresolved {
				printf(b, "                 - %s\n", u.String())
			}
		}
		if h.RevokedAt != "" {
			printf(b, "               revoked %s (scripts compared with what was approved before)\n", h.RevokedAt)
		}
	}
	for _, g := range rep.Gone {
		printf(b, "%-14s %s %s  %s (%s)\n", "gone", g.Event, matcherLabel(g.Matcher), g.Label, g.File)
	}
	for _, d := range rep.Disabled {
		printf(b, "%-14s %s  %s (%s)  enable with: hookwarden enable --agent claude %s\n", "disabled", d.Removed.Place.Event, d.Label, d.File, d.ID)
	}
	_, err := io.Stdout.Write([]byte(b.String()))
	return err
}

func matcherLabel(m string) string {
	if m == "" {
		return "(all)"
	}
	return "[" + m + "]"
}

// runClaudeTrust approves handlers (--all: every reviewed handler).
func runClaudeTrust(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("trust")
	dir := io.projectFlag(fs)
	all := fs.Bool("all", false, "approve every project, local and plugin handler")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *all == (len(rest) > 0) {
		return usagef("give --all or handlers (label, id or fingerprint)")
	}
	p := io.loadClaudeProject(*dir)
	hs := reviewedClaudeHooks(p.reg.Hooks)
	if !*all {
		var missing []string
		if hs, missing = selectClaude(hs, rest); len(missing) > 0 {
			return usagef("no project, local or plugin handler %q", strings.Join(missing, `", "`))
		}
	}
	store, err := io.claudeStore()
	if err != nil {
		return err
	}
	keys, err := claude.Approve(p.snap, hs, store, time.Now())
	if err != nil {
		return err
	}
	printf(io.Stdout, "approved %d handler(s) in %s\n", len(keys), store.Path())
	return nil
}

// runClaudeUntrust revokes approvals.
func runClaudeUntrust(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("untrust")
	dir := io.projectFlag(fs)
	all := fs.Bool("all", false, "revoke every approval of the project")
	gone := fs.Bool("gone", false, "revoke the approvals that match no handler any more")
	rest, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	p := io.loadClaudeProject(*dir)
	store, err := io.claudeStore()
	if err != nil {
		return err
	}
	rep, err := claude.Audit(p.snap, p.reg.Hooks, store)
	if err != nil {
		return err
	}
	var keys []string
	switch {
	case *all || *gone:
		if len(rest) > 0 {
			return usagef("--all and --gone take no handlers")
		}
		for _, g := range rep.Gone {
			keys = append(keys, g.Fingerprint)
		}
		if *all {
			for _, h := range rep.Hooks {
				if h.Status != trust.StatusNew && h.Status != trust.StatusChanged {
					keys = append(keys, h.Key)
				}
			}
		}
	case len(rest) == 0:
		return usagef("give --all, --gone or handlers (label, id or fingerprint)")
	default:
		hs, missing := selectClaude(reviewedClaudeHooks(p.reg.Hooks), rest)
		if len(missing) > 0 {
			return usagef("no project, local or plugin handler %q", strings.Join(missing, `", "`))
		}
		for _, h := range hs {
			fp, _ := claude.Fingerprint(h)
			keys = append(keys, fp)
		}
	}
	removed, err := claude.Revoke(p.snap.ProjectDir, keys, store)
	if err != nil {
		return err
	}
	printf(io.Stdout, "revoked %d approval(s)\n", len(removed))
	return nil
}
