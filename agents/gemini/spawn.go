package gemini

import (
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// HookSpawn is agents.HookSpawner: Gemini CLI 0.61.0 starts a command
// hook on Linux and macOS as `bash -c TEXT` (shellFor), TEXT the command
// with the values of its variables put into the text (expandCommand:
// the project folder, the session, the plans folder), which stand for any
// text here. A runtime hook starts no process.
func (p *Project) HookSpawn(h *hooks.Hook) (func([]string) bool, bool) {
	if h.Type == "runtime" || h.Command == "" {
		return nil, false
	}
	return agents.ShellSpawn(h.Command, "$GEMINI_PROJECT_DIR", "$GEMINI_CWD", "$GEMINI_PLANS_DIR", "$GEMINI_SESSION_ID", "$CLAUDE_PROJECT_DIR"), true
}

// shellStepPrefix is what Gemini CLI 0.61.0 puts before a custom
// command's !{…} text (observed with strace through the kit's oracle:
// argv ["/usr/bin/bash", "-c", PREFIX + TEXT]).
const shellStepPrefix = "shopt -u promptvars nullglob extglob nocaseglob dotglob; "

// CommandSpawn is agents.CommandSpawner: a custom command's shell step
// (one !{…} of the template, or of a file it injects: the lines of
// h.Command, taken one or several together, since a step may span lines),
// {{args}} standing for any text. Servers, discovery commands and the
// rest are not told (not observed): named as not held.
func (p *Project) CommandSpawn(h *hooks.Hook) (func([]string) bool, bool) {
	if h.Kind != hooks.KindPromptCommand || h.Command == "" || h.Status == hooks.StatusInvalid {
		return nil, false
	}
	lines := strings.Split(h.Command, "\n")
	var matches []func([]string) bool
	for i := range lines {
		for j := i + 1; j <= len(lines) && j-i <= 64; j++ {
			matches = append(matches, agents.ShellSpawn(shellStepPrefix+strings.Join(lines[i:j], "\n"), "{{args}}"))
		}
	}
	return func(argv []string) bool {
		for _, m := range matches {
			if m(argv) {
				return true
			}
		}
		return false
	}, true
}
