package cli

// The loaders of the commands written before the agent contract (audit,
// trust, untrust, folder-trust, the switches, migrate): each owner moves
// its command to io.open and deletes what it no longer needs here; the
// file goes with the last one (issue 14).

import (
	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/trust"
)

// claudeProject is one project loaded from Claude Code's files.
type claudeProject struct {
	snap *claude.Snapshot
	reg  *claude.Registry
}

// loadClaudeProject loads every Claude Code layer of the project and builds
// its registry (for the Claude Code commands written before the agent
// contract; it goes with them once they use io.open).
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

// project is one project loaded from its files.
type project struct {
	snap *gemini.Snapshot
	reg  *gemini.Registry
}

// loadProject loads every layer of the project and merges its hooks
// (Gemini CLI's commands written before the agent contract; they move to
// io.open with their owners).
func (io *IO) loadProject(dir string) *project {
	snap := gemini.Load(gemini.LoadOptions{
		ProjectDir: io.projectDir(dir),
		Env:        io.Env,
		GOOS:       io.GOOS,
		Home:       io.home(),
	})
	return &project{snap: snap, reg: gemini.Build(snap)}
}
