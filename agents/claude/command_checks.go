package claude

import (
	"fmt"
	"runtime"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// claudeSets reports whether Claude Code sets a CLAUDE_ variable for its
// hooks. What 2.1.332 really exports (recorded with the conformance kit's
// claude-live run, an Edit/Write and a Bash tool call): CLAUDE_PROJECT_DIR,
// CLAUDE_CODE_* (entrypoint, session id, …), CLAUDE_EFFORT, CLAUDE_PID,
// CLAUDECODE; for plugins CLAUDE_PLUGIN_ROOT, CLAUDE_PLUGIN_DATA and
// CLAUDE_PLUGIN_OPTION_*; CLAUDE_ENV_FILE for some events. Never
// $CLAUDE_FILE_PATH(S), $CLAUDE_TOOL_INPUT and the like that older posts
// describe: the tool input comes as JSON on stdin.
func claudeSets(name string) bool {
	switch name {
	case "CLAUDE_PROJECT_DIR", "CLAUDE_EFFORT", "CLAUDE_PID", "CLAUDE_ENV_FILE", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA", "CLAUDE_CONFIG_DIR":
		return true
	}
	return strings.HasPrefix(name, "CLAUDE_CODE_") || strings.HasPrefix(name, "CLAUDE_PLUGIN_OPTION_")
}

// checkCommands adds, for each command handler: $CLAUDE_… variables Claude
// Code does not set (unless a settings file's "env" sets them), and
// files run directly that are not executable on this machine.
func (r *registry) checkCommands() {
	settingsEnv := map[string]bool{}
	for _, f := range r.Snapshot.Settings {
		if f.Root == nil {
			continue
		}
		if env := f.Root.Get("env"); env.Is(settingsio.Object) {
			for _, m := range env.Members {
				settingsEnv[m.Key] = true
			}
		}
	}
	checker := hooks.NewCommandChecker() // one parser for every command
	for _, h := range r.Hooks {
		if h.Type != "command" || h.Command == "" || h.Status == hooks.StatusInvalid {
			continue
		}
		for _, name := range hooks.UnsetAgentVariables(h.Command, "CLAUDE_", func(n string) bool { return claudeSets(n) || settingsEnv[n] }) {
			msg := fmt.Sprintf("$%s is not set by Claude Code (it sets CLAUDE_PROJECT_DIR and, for plugins, CLAUDE_PLUGIN_ROOT); it expands to nothing — read the tool input from the JSON on stdin, e.g. jq -r .tool_input.file_path", name)
			if c := HandlerOf(h); h.IsHook() && hookRoot(h) != "" && (c == nil || c.PluginRoot == "") {
				// ${CLAUDE_SKILL_DIR} is filled only in a skill's body
				msg = fmt.Sprintf("$%s is not set for a skill's hooks (Claude Code fills ${CLAUDE_SKILL_DIR} only in the skill's text and allowed-tools); it expands to nothing — the hooks get CLAUDE_PLUGIN_ROOT, the skill's folder, and run in the project folder", name)
			}
			h.Diagnostics = append(h.Diagnostics, hooks.Diagnostic{File: h.Origin.File, Line: h.Origin.Line, Column: h.Origin.Column, Severity: hooks.SeverityWarning,
				Message: msg})
		}
		if runtime.GOOS == "windows" || r.Snapshot.Paths.Home == "" {
			continue
		}
		// The snapshot holds no environment: only files run directly are
		// checked (not executable: exit 126), not PATH.
		cmd := strings.ReplaceAll(strings.ReplaceAll(h.Command, "${CLAUDE_PROJECT_DIR}", r.Snapshot.ProjectDir), "$CLAUDE_PROJECT_DIR", r.Snapshot.ProjectDir)
		c := checker.Check(cmd, r.Snapshot.ProjectDir, "")
		hooks.AddCommandDiagnostics(h, c, func(int) string { return ", a non-blocking error for Claude Code (only exit 2 blocks)" })
	}
}
