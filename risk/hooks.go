package risk

import (
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// FromHook is the analyser's input for a hook of the shared model, of
// either agent: the command as the agent runs it, its env, the exec-form
// args and the URL of a Claude Code http hook, in its project folder.
func FromHook(h *hooks.Hook, projectDir string) Hook {
	in := Hook{Agent: string(h.Agent), Event: string(h.Event), Matcher: h.Matcher, Command: h.Command, Env: h.Env, ProjectDir: projectDir}
	if in.Agent == "" {
		in.Agent = "gemini"
	}
	if c := h.Claude; c != nil {
		in.Args = c.Args
		in.URL = c.URL
		if c.PluginRoot != "" {
			// Claude Code fills the plugin's root before the shell runs (as
			// the fingerprint does), so its scripts can be followed.
			fill := strings.NewReplacer("${CLAUDE_PLUGIN_ROOT}", c.PluginRoot, "$CLAUDE_PLUGIN_ROOT", c.PluginRoot)
			in.Command = fill.Replace(in.Command)
			in.Args = make([]string, len(c.Args))
			for i, a := range c.Args {
				in.Args[i] = fill.Replace(a)
			}
		}
	}
	return in
}
