package ui

import (
	"github.com/hookwarden/hookwarden/agents/claude"
)

// showClaude fills the header's facts for Claude Code: its own folder
// trust flag (read only), whether hooks run at all, and the counts.
func (h *header) showClaude(c *claudeProject, names pathNamer) {
	ft := c.Snapshot.FolderTrust
	h.trustIcon.SetResource(okIcon(ft.Accepted))
	r := c.Registry
	h.enabledIcon.SetResource(okIcon(!r.DisableAllHooks && !r.ManagedDisableAll && !r.ManagedHooksOnly))
	h.setFacts(shown(claudeTrustText(ft, names)), shown(claudeEnabledText(r, names)))
	h.counts.SetText(countsText(r.Hooks))
}

// claudeTrustText is Claude Code's folder flag in words.
func claudeTrustText(ft claude.FolderTrust, names pathNamer) string {
	s := "not accepted"
	if ft.Accepted {
		s = "accepted"
	}
	s += " — " + ft.Reason
	if ft.Err != nil {
		s += " (" + names.place(ft.Err.Path, ft.Err.Line, ft.Err.Column) + ")"
	}
	s += " (Claude Code's own flag; Hookwarden only reads it)"
	if note := claude.TrustEffect(ft); note != "" {
		s += ". The hook counts: " + note
	}
	return s
}

// claudeEnabledText says whether Claude Code runs hooks at all.
func claudeEnabledText(r *claude.Registry, names pathNamer) string {
	switch {
	case r.ManagedDisableAll:
		return "off — disableAllHooks in managed settings switches off every hook"
	case r.DisableAllHooks:
		return "off except managed hooks — disableAllHooks is true in " + names.name(r.DisableAllHooksBy)
	case r.ManagedHooksOnly:
		return "managed hooks only — allowManagedHooksOnly in " + names.name(r.ManagedHooksOnlyBy)
	}
	return "on — no disableAllHooks or allowManagedHooksOnly is set"
}
