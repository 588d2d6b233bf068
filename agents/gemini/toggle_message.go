package gemini

import (
	"fmt"

	"github.com/hookwarden/hookwarden/settingsio"
)

// geminiFeedback is Gemini CLI 0.61's renderHookActionFeedback
// (packages/cli/src/utils/hookUtils.ts) with the /hooks command's scope
// format "<label> (<path>)": the scopes are the modified ones, then, for a
// disable, those the hook was already disabled in ("is now disabled in
// both"). An enable names only the files it edited: Gemini CLI's text also
// names the scopes it had nothing to remove from ("removing it from the
// disabled list in … user (~/.gemini/settings.json)", a file that may not
// even exist), which would claim a write that did not happen.
func geminiFeedback(action, name string, status toggleStatus, edits []fileEdit, already []scopeFile) string {
	if status == toggleNoOp {
		state := "disabled"
		if action == "enable" {
			state = "enabled"
		}
		return fmt.Sprintf("Hook \"%s\" is already %s.", name, state)
	}
	verb, prep := "disabled", "by adding it to the disabled list in"
	if action == "enable" {
		verb, prep = "enabled", "by removing it from the disabled list in"
	}
	var scopes []scopeFile
	for _, e := range edits {
		scopes = append(scopes, scopeFile{e.Layer, e.Path})
	}
	if action != "enable" {
		scopes = append(scopes, already...)
	}
	switch len(scopes) {
	case 0:
		return fmt.Sprintf("Hook \"%s\" %s.", name, verb)
	case 2:
		if action == "enable" {
			return fmt.Sprintf("Hook \"%s\" %s %s %s and %s settings.", name, verb, prep, scopeLabel(scopes[0]), scopeLabel(scopes[1]))
		}
		return fmt.Sprintf("Hook \"%s\" is now disabled in both %s and %s settings.", name, scopeLabel(scopes[0]), scopeLabel(scopes[1]))
	}
	return fmt.Sprintf("Hook \"%s\" %s %s %s settings.", name, verb, prep, scopeLabel(scopes[0]))
}

// scopeLabel is "workspace (<path>)" or "user (<path>)".
func scopeLabel(s scopeFile) string {
	label := string(s.Layer)
	if s.Layer == settingsio.LayerSystemDefaults {
		label = "systemdefaults" // SettingScope.SystemDefaults lower-cased
	}
	return fmt.Sprintf("%s (%s)", label, s.Path)
}
