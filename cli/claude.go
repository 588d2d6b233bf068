package cli

import (
	"github.com/hookwarden/hookwarden/hooks/claude"
	"github.com/hookwarden/hookwarden/settingsio"
)

// claudeCommands are the commands available with --agent claude. Each works
// on Claude Code's layers (managed, user, project, local, plugins). Add a
// command by appending one line here and putting its run function in its
// own cli/claude_<name>.go.
func claudeCommands() []command {
	return []command{
		{"list", "--agent claude [--project DIR] [--json]", "every Claude Code hook of every layer and plugin, with its status", runClaudeList},
		{"plan", "--agent claude [--project DIR] --event EVENT [--tool NAME | --trigger VALUE] [--input FILE] [--json]", "which hooks Claude Code would run for an event (in parallel)", runClaudePlan},
		{"migrate", "--agent claude [--project DIR] [--write]", "preview (and with --write apply) the move of the project's Claude Code hooks to Gemini CLI", runClaudeMigrate},
	}
}

// claudeProject is one project loaded from Claude Code's files.
type claudeProject struct {
	snap *settingsio.ClaudeSnapshot
	reg  *claude.Registry
}

// loadClaudeProject loads every Claude Code layer of the project and builds
// its registry.
func (io *IO) loadClaudeProject(dir string) *claudeProject {
	snap := settingsio.LoadClaude(settingsio.ClaudeOptions{
		ProjectDir: io.projectDir(dir),
		Env:        io.Env,
		GOOS:       io.GOOS,
		Home:       io.home(),
	})
	return &claudeProject{snap: snap, reg: claude.Build(snap)}
}
