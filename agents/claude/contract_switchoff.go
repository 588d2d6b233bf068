package claude

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

var _ agents.UserHookSwitches = (*project)(nil)

// SwitchOffs are the project settings that switch off a user-level hook
// of Hookwarden's (agents.UserHookSwitches): a disableAllHooks true in
// .claude/settings.json or .claude/settings.local.json that is the value
// left after Claude Code's precedence (only managed hooks run then).
func (p *project) SwitchOffs(mine func(command string) bool) []agents.SwitchOff {
	n, f := p.Setting("disableAllHooks")
	if n == nil || f == nil || !p.reg.DisableAllHooks || (f.Layer != LayerProject && f.Layer != LayerLocal) {
		return nil
	}
	var out []agents.SwitchOff
	for _, h := range p.reg.Hooks {
		if !h.IsHook() || h.Origin.Layer != settingsio.LayerUser || h.Status != hooks.StatusHooksOff || !mine(h.Command) {
			continue
		}
		out = append(out, agents.SwitchOff{Command: h.Command, File: f.Path, Line: n.Pos.Line,
			Setting: "disableAllHooks is true, so Claude Code runs no hook of your own settings"})
	}
	return out
}
