package cli

// The loaders of the commands written before the agent contract (audit,
// trust, untrust, folder-trust, the switches, migrate): each owner moves
// its command to io.open and deletes what it no longer needs here; the
// file goes with the last one (issue 14).

import (
	"github.com/hookwarden/hookwarden/agents/gemini"
)

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
