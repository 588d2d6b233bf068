package cli

import (
	"flag"
	"os"
	"path/filepath"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// project is one project loaded from its files.
type project struct {
	snap *settingsio.Snapshot
	reg  *hooks.Registry
}

// projectFlag adds --project to fs.
func projectFlag(fs *flag.FlagSet) *string {
	return fs.String("project", "", "project folder (default: the working folder)")
}

// projectDir returns the project folder as Gemini CLI forms it when started
// in that folder: path.resolve(process.cwd()), where the working folder
// the OS reports is the physical one (links resolved), absolute and clean.
func (io *IO) projectDir(dir string) string {
	if dir == "" {
		dir = io.Dir
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(io.Dir, dir)
	}
	dir = filepath.Clean(dir)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return real
	}
	return dir
}

// home returns the OS home folder as Node's os.homedir() finds it.
func (io *IO) home() string {
	key := "HOME"
	if io.GOOS == "windows" {
		key = "USERPROFILE"
	}
	if h := io.Env.Get(key); h != "" {
		return h
	}
	h, _ := os.UserHomeDir()
	return h
}

// loadProject loads every layer of the project and merges its hooks.
func (io *IO) loadProject(dir string) *project {
	snap := settingsio.Load(settingsio.Options{
		ProjectDir: io.projectDir(dir),
		Env:        io.Env,
		GOOS:       io.GOOS,
		Home:       io.home(),
	})
	return &project{snap: snap, reg: hooks.Build(snap)}
}
