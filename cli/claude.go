package cli

import (
	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/trust"
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
		{"run", "--agent claude [--project DIR] --event EVENT [--tool NAME | --trigger VALUE] [--input FILE|-] [--hook H ...] [--allow-host HOST ...] [--yes] [--json]", "dry-run an event's handlers and say what Claude Code would do", runClaudeRun},
		{"audit", "--agent claude [--project DIR] [--json]", "project, local and plugin handlers that need review (exit 3 when any do)", runClaudeAudit},
		{"trust", "--agent claude [--project DIR] (--all | HANDLER ...)", "approve handlers in Hookwarden's store", runClaudeTrust},
		{"untrust", "--agent claude [--project DIR] (--all | --gone | HANDLER ...)", "revoke approvals", runClaudeUntrust},
		{"disable", "--agent claude [--project DIR] [--force-workspace] HANDLER ...", "move a handler out of its settings file into Hookwarden's store (refuses a file git tracks)", runClaudeDisable},
		{"enable", "--agent claude [--project DIR] [ID|HANDLER ...]", "put disabled handlers back (no argument: list them)", runClaudeEnable},
	}
}

// claudeProject is one project loaded from Claude Code's files.
type claudeProject struct {
	snap *claude.Snapshot
	reg  *claude.Registry
}

// loadClaudeProject loads every Claude Code layer of the project and builds
// its registry.
func (io *IO) loadClaudeProject(dir string) *claudeProject {
	var data *trust.StoreData
	if store, err := io.claudeStore(); err == nil {
		data, _ = store.Load()
	}
	return io.loadClaudeProjectData(dir, data)
}

// loadClaudeProjectData is loadClaudeProject with Hookwarden's store as the
// command loaded it (nil: it could not be read).
func (io *IO) loadClaudeProjectData(dir string, data *trust.StoreData) *claudeProject {
	snap := claude.Load(claude.Options{
		ProjectDir: io.projectDir(dir),
		Env:        io.Env,
		GOOS:       io.GOOS,
		Home:       io.home(),
	})
	p := &claudeProject{snap: snap, reg: claude.Build(snap)}
	// Handlers Hookwarden disabled live in its store; list them too. A
	// store that cannot be read only hides them (audit reports the error).
	if store, err := io.claudeStore(); err == nil && data != nil {
		p.reg.Hooks = append(p.reg.Hooks, claude.DisabledHooksData(store, data, snap)...)
	}
	return p
}
