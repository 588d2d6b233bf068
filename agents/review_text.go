package agents

import "github.com/hookwarden/hookwarden/trust"

// ReviewDetailLines are the lines an audit text prints under a reviewed
// hook, indented under its first line: why Hookwarden cannot vouch for it,
// how its definition changed, every script it runs (with its content or
// diff), the code Hookwarden cannot see, and a revoke it is compared with.
func ReviewDetailLines(h *trust.HookReview) []TextLine {
	var t []TextLine
	f := func(format string, a ...any) { t = append(t, Line(format, a...)) }
	if h.ApprovalNote != "" {
		f("               %s\n", h.ApprovalNote)
	}
	for _, fc := range h.FieldChanges {
		f("               changed: %s\n", fc)
	}
	for j := range h.Scripts {
		s := &h.Scripts[j]
		f("               script %s: %s %s\n", s.Path, s.Status, s.Note)
		t = append(t, TextLine{Format: "                 ", Script: s})
	}
	if h.RunsUnseenCode() {
		f("               runs code Hookwarden cannot see:\n")
		for _, u := range h.Unresolved {
			f("                 - %s\n", u.String())
		}
	}
	if h.RevokedAt != "" {
		f("               revoked %s (scripts compared with what was approved before)\n", h.RevokedAt)
	}
	return t
}
