package agents

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/trust"
)

// ReviewDetailLines are the lines an audit text prints under a reviewed
// hook, indented under its first line: why Hookwarden cannot vouch for it,
// how its definition changed, every script it runs (with its content or
// diff), the code Hookwarden cannot see, what the other agents that read
// its file do with it, and a revoke it is compared with.
func ReviewDetailLines(h *trust.HookReview) []TextLine {
	var t []TextLine
	f := func(format string, a ...any) { t = append(t, Line(format, a...)) }
	if h.ApprovalNote != "" {
		f("               %s\n", h.ApprovalNote)
	}
	for _, fc := range h.FieldChanges {
		f("               changed: %s\n", fc)
	}
	var absent []string
	for j := range h.Scripts {
		s := &h.Scripts[j]
		if s.WatchedAbsent() {
			absent = append(absent, s.Path)
			continue
		}
		f("               script %s: %s %s\n", s.Path, s.Status, s.Note)
		t = append(t, TextLine{Format: "                 ", Script: s})
	}
	if len(absent) > 0 {
		f("               %s\n", AbsentLine(absent))
	}
	if h.RunsUnseenCode() {
		f("               runs code Hookwarden cannot see:\n")
		for _, u := range h.Unresolved {
			f("                 - %s\n", u.String())
		}
	}
	for _, o := range h.AlsoReadBy {
		verb := "run"
		if o.Status != "runs" {
			verb = "read" // the agent reads the file but does not run the hook now
		}
		f("               also %s by %s: %s\n", verb, o.Title, o.Words())
	}
	if h.RevokedAt != "" {
		f("               revoked %s (scripts compared with what was approved before)\n", h.RevokedAt)
	}
	return t
}

// AbsentLine is one line for the paths a traced run looked for that are
// still missing (trust.ScriptReview.WatchedAbsent): the first few by
// name, the rest counted.
func AbsentLine(paths []string) string {
	const shown = 8
	list := strings.Join(paths, ", ")
	if len(paths) > shown {
		list = strings.Join(paths[:shown], ", ") + fmt.Sprintf(" and %d more", len(paths)-shown)
	}
	return fmt.Sprintf("watched as missing (%d path(s) its traced run looked for; a file there would change what it runs): %s", len(paths), list)
}

// ScriptName names a script in a review's text: its word as the command
// writes it, and the file it resolved to (relative to project) when the
// word does not say that already ("helper (.gemini/hooks/helper.py)").
func ScriptName(s trust.ScriptReview, project string) string {
	rel := s.Path
	if r, err := filepath.Rel(project, s.Path); err == nil && !strings.HasPrefix(r, "..") {
		rel = r
	}
	switch {
	case s.Word == "" || s.Word == s.Path:
		return rel
	case s.Word == rel || strings.TrimPrefix(s.Word, "./") == rel || strings.HasSuffix(s.Word, "/"+rel):
		return s.Word // the word names the file ($GEMINI_PROJECT_DIR/x.sh)
	}
	return s.Word + " (" + rel + ")"
}
