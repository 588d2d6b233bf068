package gemini

import (
	"context"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// Agent is Gemini CLI behind the agent contract.
type Agent struct{}

// New returns Gemini CLI's agent.
func New() Agent { return Agent{} }

// Info names Gemini CLI.
func (Agent) Info() agents.Info {
	return agents.Info{Name: "gemini", Title: "Gemini CLI", Version: "0.61.0"}
}

// Project is one project folder as Gemini CLI reads it: the settings
// layers and extensions, the merged registry, and the trust review's
// inputs.
type Project struct {
	env agents.Env
	dir string
	// snap is every file Gemini CLI reads; reg the hooks merged from them.
	snap *Snapshot
	reg  *Registry
	// storeDir is Hookwarden's store folder ("" when it cannot be found:
	// storeErr says why; the review then runs without fingerprints).
	storeDir string
	storeErr error
}

var _ agents.Project = (*Project)(nil)

// Open reads every layer Gemini CLI reads for dir.
func (a Agent) Open(_ context.Context, env agents.Env, dir string) (agents.Project, error) {
	snap := Load(LoadOptions{ProjectDir: dir, Env: env.Vars, GOOS: env.GOOS, Home: env.Home})
	p := &Project{env: env, dir: snap.ProjectDir, snap: snap, reg: Build(snap)}
	p.storeDir, p.storeErr = trust.StoreDirFromEnv(env.Vars, env.GOOS)
	return p, nil
}

// Agent names Gemini CLI.
func (p *Project) Agent() agents.Info { return Agent{}.Info() }

// Dir is the project folder as Gemini CLI keys it.
func (p *Project) Dir() string { return p.dir }

// Hooks are every hook of every layer and extension.
func (p *Project) Hooks() []*hooks.Hook { return p.reg.Hooks }

// Diagnostics are every finding about the files and hooks.
func (p *Project) Diagnostics() []hooks.Diagnostic { return p.reg.Diagnostics }
