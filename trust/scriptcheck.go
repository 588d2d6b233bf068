package trust

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// UnseenList joins the texts of unresolved code for one line.
func UnseenList(us []UnresolvedCode) string {
	parts := make([]string, len(us))
	for i, u := range us {
		parts[i] = u.String()
	}
	return strings.Join(parts, "; ")
}

// ScriptCheck returns the spawn-time check for the hooks of reviews (by
// hook ID; each a review that showed the hook verified): right before the
// runner starts such a hook, it takes the scripts' fingerprints again and
// refuses when the command no longer finds the same scripts with the same
// content (or existence), or the hook's command is not the reviewed one.
// Hooks not in reviews pass. command gives the command line discovery
// reads for a hook (the agent's, e.g. with its placeholders filled).
//
// What remains: the check and the interpreter's own open of the file are
// two separate steps, so a swap in the microseconds between them, or of a
// file a script reads later while it runs (a helper sourced after a
// sleep), is not caught. Closing that needs the hook to run on a frozen
// copy of the project (the sandbox's read-only snapshot), not a check.
func ScriptCheck(project string, reviews map[string]HookReview, command func(*hooks.Hook) string) func(*hooks.Hook) error {
	if len(reviews) == 0 {
		return nil
	}
	return func(h *hooks.Hook) error {
		rv, ok := reviews[h.ID]
		if !ok {
			return nil
		}
		if cmd := command(h); cmd != rv.ScriptCommand() {
			return fmt.Errorf("its command is not the one reviewed")
		}
		fresh := HookReview{ProjectHook: rv.ProjectHook, DiscoverCommand: rv.DiscoverCommand, ScriptRoots: rv.ScriptRoots, ScriptCwd: rv.ScriptCwd, ScriptVars: rv.ScriptVars}
		a := scriptAuditor{Project: project, Scripts: map[string]scriptNow{}, Runtime: rv.Runtime}
		a.reviewScripts(&fresh, tracedApproval(rv))
		if fresh.ScriptsError != "" {
			return fmt.Errorf("its scripts cannot be found any more: %s", fresh.ScriptsError)
		}
		if changed := ChangedSinceReview(rv, fresh); len(changed) > 0 {
			var names []string
			for _, s := range changed {
				names = append(names, s.Path)
			}
			return fmt.Errorf("a script it runs changed after the check: %s", strings.Join(names, ", "))
		}
		if len(fresh.Unresolved) > 0 && len(rv.Unresolved) == 0 {
			return fmt.Errorf("it now runs code Hookwarden cannot see: %s", UnseenList(fresh.Unresolved))
		}
		return nil
	}
}
