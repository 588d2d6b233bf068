package claude

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// Agent is Claude Code behind the agent contract.
type Agent struct{}

// New returns Claude Code's agent.
func New() Agent { return Agent{} }

// Info names Claude Code.
func (Agent) Info() agents.Info { return agents.Info{Name: "claude", Title: "Claude Code"} }

// Project is one project folder as Claude Code reads it: the settings
// layers and plugins, the merged registry (plus the handlers Hookwarden
// disabled, kept in its store), and Hookwarden's store, which holds
// Claude Code's approvals (Claude Code has none of its own).
type Project struct {
	env  agents.Env
	dir  string
	snap *Snapshot
	reg  *Registry
	// store is Hookwarden's store; storeErr says why it cannot be used
	// (then nothing can be approved, disabled or enabled).
	store    trust.Store
	storeErr error
}

var _ agents.Project = (*Project)(nil)

// Open reads every layer and plugin Claude Code reads for dir.
func (a Agent) Open(_ context.Context, env agents.Env, dir string) (agents.Project, error) {
	snap := Load(Options{ProjectDir: dir, Env: env.Vars, GOOS: env.GOOS, Home: env.Home})
	p := &Project{env: env, dir: snap.ProjectDir, snap: snap, reg: Build(snap)}
	storeDir, err := trust.StoreDirFromEnv(env.Vars, env.GOOS)
	if err != nil {
		p.storeErr = fmt.Errorf("locating Hookwarden's store: %w", err)
		return p, nil
	}
	p.store = trust.Store{Dir: storeDir}
	off, err := DisabledHooks(p.store, snap)
	if err != nil {
		p.storeErr = err
	}
	p.reg.Hooks = append(p.reg.Hooks, off...)
	return p, nil
}

// Agent names Claude Code.
func (p *Project) Agent() agents.Info { return Agent{}.Info() }

// Dir is the project folder.
func (p *Project) Dir() string { return p.dir }

// Hooks are every handler of every layer and plugin, then the handlers
// Hookwarden disabled.
func (p *Project) Hooks() []*hooks.Hook { return p.reg.Hooks }

// Diagnostics are every finding about the files and handlers.
func (p *Project) Diagnostics() []hooks.Diagnostic { return p.reg.Diagnostics }
