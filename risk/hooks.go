package risk

import "github.com/hookwarden/hookwarden/hooks"

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
	}
	return in
}
