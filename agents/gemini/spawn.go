package gemini

import (
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
