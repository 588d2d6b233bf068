package gemini

import (
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// source is Gemini CLI's ConfigSource label for a registered hook.
type source string

// Sources that occur for hooks from files.
const (
	// sourceProject is what Gemini labels every settings-file hook, whatever
	// file it came from.
	sourceProject    source = "project"
	sourceExtensions source = "extensions"
)

// HookFacts are what a Gemini CLI hook has beyond the neutral model; they
// are the Hook.Ext of the hooks the registry reads (FactsOf reads them).
type HookFacts struct {
	// source is Gemini's label ("project" for every settings hook).
	Source source
	// Sequential comes from the enclosing definition.
	Sequential bool
	// Hydrated are the ${NAME} placeholders of an extension hook's command
	// that Gemini fills from a .env file, with the file and line of each.
	Hydrated []trust.Hydration
	// ProjectControlled says why a hook outside the workspace settings is
	// still the project's to decide (its command takes a value from the
	// project's .env, or the project moved Gemini's home to where it sits);
	// such hooks need approval like workspace hooks. "" otherwise.
	ProjectControlled string
	// Unwatched, for a custom command, are the files it injects that are
	// in none of the workspace folders Hookwarden knows of
	// (claudeschema.InjectUnwatched).
	Unwatched []trust.UnresolvedCode
}

// FactsOf returns the Gemini CLI facts of h (the zero value for a hook
// that has none, e.g. another agent's). The result is a copy; the
// registry sets them through factsFor while it reads the files.
func FactsOf(h *hooks.Hook) HookFacts {
	if f, ok := h.Ext.(*HookFacts); ok && f != nil {
		return *f
	}
	return HookFacts{}
}

// factsFor returns the facts of h to fill in, attaching them when h has
// none yet. Only the code that builds a hook calls it.
func factsFor(h *hooks.Hook) *HookFacts {
	if f, ok := h.Ext.(*HookFacts); ok && f != nil {
		return f
	}
	f := &HookFacts{}
	h.Ext = f
	return f
}

// hookKey is Gemini CLI's identity of a hook (getHookKey): "name:command",
// with the command only for type "command".
func hookKey(h *hooks.Hook) string {
	cmd := ""
	if h.Type == "command" {
		cmd = h.Command
	}
	return h.Name + ":" + cmd
}

// disableName is the identifier Gemini matches against
// hooksConfig.disabled (getHookName): name || command || "unknown-command"
// for command hooks, name || "unknown-hook" for the others.
func disableName(h *hooks.Hook) string {
	if h.Type == "command" {
		switch {
		case h.Name != "":
			return h.Name
		case h.Command != "":
			return h.Command
		}
		return "unknown-command"
	}
	if h.Name != "" {
		return h.Name
	}
	return "unknown-hook"
}
