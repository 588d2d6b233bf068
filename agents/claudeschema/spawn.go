package claudeschema

import (
	"regexp"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// loadedRef is a variable reference as an agent that expands settings at
// load reads it ($NAME with NAME any word characters, or ${ANY}).
var loadedRef = regexp.MustCompile(`\$(?:(\w+)|\{([^}]+)\})`)

// LoadedSpawn is agents.HookSpawner's match for an agent that expands
// $VAR and ${VAR} in its settings when it loads them (Expander) and starts
// a command handler as `SHELL -c TEXT`, TEXT the command as the expansion
// made it (h.Command; h.Ext holds its Entry, whose Written command is read). ok is false when the handler is not a command,
// names a "shell" other than "bash" (PowerShell), or its command as written
// refers to a variable whose value the agent may take from where
// Hookwarden does not look: one own says the agent sets or leaves alone
// itself, or one that a settings file's "env" object sets (the agent puts
// those into its environment, so whether they are in the text depends on
// how it was started). Then the text cannot be known before the run.
func LoadedSpawn(h *hooks.Hook, settings []*settingsio.File, own func(name string) bool) (match func(argv []string) bool, ok bool) {
	e, _ := h.Ext.(interface{ Written() string })
	if e == nil || h.Type != "command" || h.Command == "" || h.Node.Get("shell") != nil && h.Node.Get("shell").JSString() != "bash" {
		return nil, false
	}
	set := map[string]bool{}
	for _, f := range settings {
		if f != nil && f.Root != nil && f.Root.Get("env").Is(settingsio.Object) {
			for _, m := range f.Root.Get("env").Members {
				set[m.Key] = true
			}
		}
	}
	for _, m := range loadedRef.FindAllStringSubmatch(e.Written(), -1) {
		if name := m[1] + m[2]; own(name) || set[name] {
			return nil, false
		}
	}
	return agents.ShellSpawn(h.Command), true
}
