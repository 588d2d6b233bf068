package gemini

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// geminiSets are the CLAUDE_ variables Gemini CLI's runner sets for hooks.
var geminiSets = map[string]bool{"CLAUDE_PROJECT_DIR": true}

// checkCommands adds what a look at each Gemini command hook finds on this
// machine: a program not on PATH (exit 127), a file run directly without
// execute permission (exit 126), an extension-only placeholder in a
// settings file, and $CLAUDE_… variables Gemini does not set.
func (r *Registry) checkCommands() {
	snap := r.Snapshot
	posix := runtime.GOOS != "windows" && snap.Paths.Home != ""
	checker := hooks.NewCommandChecker()
	for _, h := range r.Hooks {
		if h.Status == hooks.StatusInvalid || (h.Type != "command" && h.Type != "plugin") || h.Command == "" {
			continue
		}
		if h.Origin.Layer != settingsio.LayerExtension {
			for _, v := range []string{"${extensionPath}", "${workspacePath}", "${/}", "${pathSeparator}"} {
				if strings.Contains(h.Command, v) {
					h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: hooks.SeverityWarning,
						Message: fmt.Sprintf("%s is only filled in in an extension's hooks/hooks.json; in a settings file Gemini CLI leaves it as written and bash expands it to nothing (or fails on ${/}), so the command runs %s", v, placeholderEffect(h.Command, v))})
				}
			}
		}
		for _, name := range hooks.UnsetAgentVariables(h.Command, "CLAUDE_", func(n string) bool { return geminiSets[n] || snap.Env.Has(n) || h.Env[n] != "" }) {
			h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: hooks.SeverityWarning,
				Message: fmt.Sprintf("$%s is not set by Gemini CLI (it sets GEMINI_PROJECT_DIR, GEMINI_CWD, GEMINI_SESSION_ID, GEMINI_PLANS_DIR and CLAUDE_PROJECT_DIR); it expands to nothing — read the tool input from the JSON on stdin", name)})
		}
		if !posix {
			continue
		}
		cmd := expandCommand(h.Command, snap.ProjectDir, "", "", shellBash)
		hooks.AddCommandDiagnostics(h, checker.Check(cmd, snap.ProjectDir, snap.Env.Get("PATH")), func(code int) string {
			if code == 1 {
				return ""
			}
			return ", which Gemini CLI reads as a deny (any exit code but 0 and 1 with plain output)"
		})
	}
}

// placeholderEffect shows a command with v expanded as bash would expand
// an unset variable.
func placeholderEffect(cmd, v string) string {
	if v == "${/}" {
		return "nothing at all (bash: ${/}: bad substitution)"
	}
	return fmt.Sprintf("%q", strings.ReplaceAll(cmd, v, ""))
}
