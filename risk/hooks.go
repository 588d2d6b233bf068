package risk

import (
	"github.com/hookwarden/hookwarden/hooks"
)

// FromHook is the analyser's input for a hook of the shared model, of any
// agent, from what the model says of every hook: the agent, event, matcher,
// the command as written, its env, in its project folder. An agent whose
// hooks carry more (exec-form args, a URL) fills the rest itself (see
// agents.RiskSubject).
func FromHook(h *hooks.Hook, projectDir string) Hook {
	return Hook{Agent: string(h.Agent), Event: string(h.Event), Matcher: h.Matcher, Command: h.Command, Env: h.Env, ProjectDir: projectDir}
}
