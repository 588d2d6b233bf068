package codex

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// HookSpawn is agents.HookSpawner: Codex CLI 0.171.0 starts a command
// hook as `$SHELL -c COMMAND` (/bin/sh without $SHELL; shellCommand), the
// command as written. Prompt and agent handlers start no process.
func (p *project) HookSpawn(h *hooks.Hook) (func([]string) bool, bool) {
	if h.Type != "" && h.Type != "command" || h.Command == "" {
		return nil, false
	}
	return agents.ShellSpawn(h.Command), true
}
