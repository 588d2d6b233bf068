package gemini

import (
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

var _ agents.UserHookSwitches = (*Project)(nil)

// SwitchOffs are the workspace settings that switch off a user-level hook
// of Hookwarden's (agents.UserHookSwitches): an entry of the workspace's
// hooksConfig.disabled equal to the hook's name, or its command when it
// has none (Gemini CLI's identifier), and a workspace hooksConfig.enabled
// false that wins the merge. Only files Gemini CLI counts (a workspace
// file in an untrusted folder does not) are reported.
func (p *Project) SwitchOffs(mine func(command string) bool) []agents.SwitchOff {
	var out []agents.SwitchOff
	r := p.reg
	for _, h := range r.Hooks {
		if !h.IsHook() || h.Origin.Layer == settingsio.LayerWorkspace || !mine(h.Command) {
			continue
		}
		name := disableName(h)
		for _, e := range r.Disabled {
			if e.Value != name {
				continue
			}
			for i, f := range e.Files {
				if i < len(e.Layers) && e.Layers[i] == settingsio.LayerWorkspace {
					line := 0
					if i < len(e.Lines) {
						line = e.Lines[i]
					}
					out = append(out, agents.SwitchOff{Command: h.Command, File: f, Line: line,
						Setting: fmt.Sprintf("hooksConfig.disabled lists %q, so Gemini CLI does not run it", e.Value)})
				}
			}
		}
		if !r.HooksEnabled {
			if n, from := p.Setting("hooksConfig", "enabled"); n != nil && from != nil && from.Layer == settingsio.LayerWorkspace {
				out = append(out, agents.SwitchOff{Command: h.Command, File: from.Path, Line: n.Pos.Line,
					Setting: "hooksConfig.enabled is false, so Gemini CLI starts no hook at all"})
			}
		}
	}
	return out
}
