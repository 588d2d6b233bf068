package ui

import (
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
)

// projectSwitchOffs are the settings of p that switch off one of
// Hookwarden's own user-level hooks (agents.ProjectSwitchOffs): each needs
// review, as audit, the guard and the agent switch count it.
func projectSwitchOffs(p *project) []agents.SwitchOff {
	if p == nil || p.proj == nil {
		return nil
	}
	return agents.ProjectSwitchOffs(p.proj)
}

// switchOffLine says what o switches off and where, on one line.
func switchOffLine(o agents.SwitchOff) string {
	return shown(fmt.Sprintf("%s is switched off by %s:%d: %s; a project that switches off your own guard needs review.",
		o.What(), o.File, o.Line, o.Setting))
}
