package claude

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// claudeDisabledIDPrefix starts the ID of a handler DisabledHooks
// lists (the rest is its store record's ID).
const claudeDisabledIDPrefix = "hookwarden-disabled:"

// switchLock says why Disable cannot move a handler out of its
// file (the same words as its error), or "" when it can: a plugin handler
// comes back with every plugin update, and managed settings belong to the
// administrator.
func switchLock(h *hooks.Hook) string {
	switch h.Origin.Layer {
	case layerPlugin:
		return fmt.Sprintf("%s comes from plugin %s: Claude Code cannot switch off one plugin hook; disable the plugin (enabledPlugins) instead", claudeLabel(h), h.Origin.Extension)
	case layerManaged:
		return fmt.Sprintf("%s comes from managed settings (%s): only the administrator can change it", claudeLabel(h), h.Origin.File)
	}
	return ""
}

// disabledID returns the store record ID of a handler that
// DisabledHooks listed (what Enable takes); ok is false for a
// handler Claude Code reads from its file.
func disabledID(h *hooks.Hook) (id string, ok bool) {
	return strings.CutPrefix(h.ID, claudeDisabledIDPrefix)
}

// unapproved returns the handlers of planned that Hookwarden reviews
// (project, local and plugin ones) and that rep, the audit of the same
// handlers, does not show as trusted, or shows running code Hookwarden
// cannot see. A dry run runs them only after the
// user confirms. With no audit (nil rep) every reviewed handler counts as
// unapproved.
func unapproved(rep *auditReport, planned []*hooks.Hook) []*hooks.Hook {
	trusted := map[string]bool{}
	if rep != nil {
		for _, h := range rep.Hooks {
			if h.Verified() {
				trusted[h.HookID] = true
			}
		}
	}
	var out []*hooks.Hook
	for _, h := range planned {
		if reviewed(h) && !trusted[h.ID] {
			out = append(out, h)
		}
	}
	return out
}

// scriptCheck is the spawn-time check (ScriptCheck) for the handlers
// rep shows verified: right before the runner starts one, its scripts must
// still be the ones the audit fingerprinted.
func scriptCheck(rep *auditReport) func(*hooks.Hook) error {
	if rep == nil {
		return nil
	}
	reviews := map[string]trust.HookReview{}
	for _, h := range rep.Hooks {
		if h.Verified() {
			reviews[h.HookID] = h.HookReview
		}
	}
	return trust.ScriptCheck(rep.Project, reviews, func(h *hooks.Hook) string { return claudeScriptCommand(h, rep.Project) })
}
