package copilot

import (
	"slices"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// HookSpawn is agents.HookSpawner: Copilot CLI starts a command hook's
// bash form as `/bin/bash -c TEXT`, its exec form as the program with its
// arguments (runOne). A powershell-only hook does not run on Linux.
func (p *project) HookSpawn(h *hooks.Hook) (func([]string) bool, bool) {
	c := handlerOf(h)
	switch {
	case c == nil || c.Type != "command":
		return nil, false
	case c.Bash != nil:
		return agents.ShellSpawn(*c.Bash), true
	case c.Exec != nil:
		want := append([]string{*c.Exec}, c.Args...)
		return func(argv []string) bool { return slices.Equal(argv, want) }, true
	}
	return nil, false
}
