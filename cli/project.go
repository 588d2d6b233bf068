package cli

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents/gemini"
)

// project is one project loaded from its files.
type project struct {
	snap *gemini.Snapshot
	reg  *gemini.Registry
}

// projectFlag adds --project to fs. The value must name an existing
// folder (relative to the working folder): a mistyped path is a usage
// error, never a new folder or a trust rule for a path that does not exist.
func (io *IO) projectFlag(fs *flag.FlagSet) *string {
	v := &projectValue{io: io}
	fs.Var(v, "project", "project folder (default: the working folder)")
	return &v.dir
}

// projectValue is the --project flag.
type projectValue struct {
	io  *IO
	dir string
}

func (v *projectValue) String() string { return v.dir }

func (v *projectValue) Set(s string) error {
	fi, err := os.Stat(v.io.projectDir(s))
	switch {
	case err != nil:
		return fmt.Errorf("no such folder")
	case !fi.IsDir():
		return fmt.Errorf("not a folder")
	}
	v.dir = s
	return nil
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
	snap := gemini.Load(gemini.LoadOptions{
		ProjectDir: io.projectDir(dir),
		Env:        io.Env,
		GOOS:       io.GOOS,
		Home:       io.home(),
	})
	return &project{snap: snap, reg: gemini.Build(snap)}
}
