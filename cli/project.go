package cli

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/risk"
)

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

// agentEnv is the environment the agents open projects in: the command's.
func (io *IO) agentEnv() agents.Env {
	return agents.Env{Vars: io.Env, GOOS: io.GOOS, Home: io.home(), Init: io.Init, Facts: io.Agents.Facts(), Warm: io.warm, Stores: io.stores}
}

// riskOptions are the risk analysis's options for one listing: the
// registered agents' facts and a fresh cache.
func (io *IO) riskOptions() risk.Options {
	return io.agentEnv().RiskOptions(risk.NewCache())
}

// open reads the project folder dir ("" for the working folder, a
// --project value otherwise) as agent reads it: what every command written
// over the contract starts from.
func (io *IO) open(ctx context.Context, agent agents.Agent, dir string) (agents.Project, error) {
	p, err := agent.Open(ctx, io.agentEnv(), io.projectDir(dir))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", agent.Info().Title, err)
	}
	return p, nil
}
