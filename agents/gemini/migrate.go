package gemini

import "github.com/hookwarden/hookwarden/agents"

// WorkspaceSettings is the workspace settings file Gemini CLI reads for
// the project folder dir ("" when dir is the home folder, where Gemini CLI
// has none): where agents/migrate writes the hooks it moves.
func WorkspaceSettings(dir string, env agents.Env) string {
	return resolvePaths(dir, env.Vars, env.GOOS, env.Home).Workspace
}
