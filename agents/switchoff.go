package agents

import (
	"fmt"
	"strings"
)

// UserHookSwitches is a project (optional) whose own settings can switch
// off a user-level hook: Gemini CLI's workspace hooksConfig.disabled (by
// name or exact command) and hooksConfig.enabled false, Claude Code's
// disableAllHooks in a project settings file. A project that switches off
// the user's protective hook or observer needs the user's eyes: `protect
// status` and `audit` report each with file:line.
type UserHookSwitches interface {
	// SwitchOffs are the project-level settings that switch off a
	// user-level hook whose command mine reports as one of Hookwarden's.
	SwitchOffs(mine func(command string) bool) []SwitchOff
}

// SwitchOff is one project setting that switches off a user-level hook.
type SwitchOff struct {
	// Command is the hook's command; File and Line the setting; Setting
	// what it says, in the agent's words.
	Command string
	File    string
	Line    int
	Setting string
}

// String is "file:line: setting".
func (s SwitchOff) String() string {
	return fmt.Sprintf("%s:%d: %s", s.File, s.Line, s.Setting)
}

// OwnHook reports whether command is one of Hookwarden's own user-level
// hooks: the protective hook or the observer (record on).
func OwnHook(command string) bool {
	return strings.Contains(command, " protect-check --agent ") || strings.Contains(command, " observe --agent ") ||
		strings.Contains(command, ObserveBinary+" --agent ") || strings.Contains(command, ObserveBinary+"' --agent ")
}

// ProjectSwitchOffs are the settings of p that switch off one of
// Hookwarden's own user-level hooks (nil when p's agent has no such
// switch). Each needs review wherever a project is counted: audit,
// protect status, the guard, the tray and the window.
func ProjectSwitchOffs(p Project) []SwitchOff {
	sw, ok := p.(UserHookSwitches)
	if !ok {
		return nil
	}
	return sw.SwitchOffs(OwnHook)
}

// What names the hook switched off, for a message.
func (s SwitchOff) What() string {
	if strings.Contains(s.Command, " protect-check ") {
		return "the protective hook (hookwarden protect)"
	}
	return "the observer (hookwarden record)"
}
