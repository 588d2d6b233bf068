package copilot

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// User hooks that run project code. Copilot CLI runs the hooks of the
// user's own files (~/.copilot/hooks/*.json, ~/.copilot/settings.json)
// and of plugins in every folder, trusted or not (observed: an untrusted
// folder skips only the repository layers), with /bin/bash -c in the
// session's folder, the project root (observed). A user hook that runs
// `make -s format`, `npx prettier` or `mytool check` there runs what the
// project's files say: it is reviewed for the project like the
// repository's hooks (agents.ReachingHooks, in the shared "commands"
// section), and one whose reach only a run shows is traced
// (agents.UserHookTracer).

// reachingHooks are the hooks outside the repository layers that Copilot
// would run and that reach code of the project, or whose reach only a
// run shows (agents.ReachingHooks).
func (p *project) reachingHooks() []agents.CommandSpec {
	var hs []*hooks.Hook
	for _, h := range p.Handlers {
		if h.Valid && h.Type == "command" && (h.Bash != nil || h.Exec != nil) && !reviewed(h) {
			hs = append(hs, h.Hook)
		}
	}
	// The user's own MCP servers (~/.copilot/mcp-config.json) start in
	// the project too (observed: TestLiveStartsAUserServerInTheProject,
	// "bash srv.sh" ran the project's srv.sh).
	for _, h := range p.Commands {
		if h.Origin.Layer == layerUser && (h.Kind == hooks.KindMCPServer || h.Kind == hooks.KindLanguageServer) && h.Type == "command" {
			hs = append(hs, h)
		}
	}
	return agents.ReachingHooksIn(p.Dir(), p.Paths.Home, hs, scriptRuntime(p.env.GitConfig()), func(h *hooks.Hook) bool {
		if !h.IsHook() {
			return false // a user's server, listed above
		}
		c := handlerOf(h)
		return c == nil || reviewed(c)
	}, func(h *hooks.Hook) string {
		if !h.IsHook() {
			dir := p.Dir()
			if h.Kind == hooks.KindLanguageServer {
				dir = p.lspRoot(h) // the git root and its rootUri
			}
			if cwd := h.Node.Get("cwd"); cwd.Is(settingsio.String) && cwd.Str != "" {
				return agents.RunFolder(dir, cwd.Str)
			}
			if dir != p.Dir() {
				return dir
			}
			return ""
		}
		return p.hookCwd(handlerOf(h))
	})
}

// scriptRuntime is how Copilot CLI runs a hook's command: /bin/bash -c
// in the project root, with COPILOT_PROJECT_DIR and CLAUDE_PROJECT_DIR
// set to it (observed), and the user's git configuration.
func scriptRuntime(git *trust.GitUserConfig) trust.Runtime {
	return trust.Runtime{Dialect: trust.DialectBash, ProjectVars: []string{"COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR"}, TextVars: []string{}, Git: git}
}

// UserReach is the user's and the plugins' hooks that run project code,
// or whose reach only a run shows (agents.UserHookTracer).
func (p *project) UserReach() (string, []agents.CommandSpec) {
	return p.Dir(), p.reachingHooks()
}

// ReachStore is Hookwarden's store (agents.UserHookTracer).
func (p *project) ReachStore() (trust.Store, error) { return p.store, p.storeErr }
