package ui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Options say which project the window opens and in which environment.
type Options struct {
	// ProjectDir is the folder to open ("" for the working folder).
	ProjectDir string
	// Env is the process environment the agent would see.
	Env settingsio.Env
	// GOOS selects the platform's file locations.
	GOOS string
	// Home is the user's home folder (GEMINI_CLI_HOME in Env overrides it).
	Home string
	// Agents are the agents the window knows, in the order of its agent
	// switch (main.go passes agents/all.Registry()).
	Agents *agents.Registry
	// Agent is the name of the agent whose hooks the window shows first
	// ("" for the first of Agents).
	Agent string
	// DemoDir returns an empty folder to copy the demo project into. Nil
	// means a new temporary folder, removed when the window closes.
	DemoDir func() (string, error)
	// Init is the executable that answers sandbox.InitCommand (hookwarden
	// itself); "" starts hooks directly, and the sandbox is unavailable.
	Init string
	// DemoWhenEmpty shows the built-in demo instead of the first project
	// when that has nothing to show: the app was started without a folder
	// (as 'make run' does) in a folder with no hooks. A folder the user
	// names or opens later always shows its own, possibly empty, state.
	DemoWhenEmpty bool
	// Review opens the first project on the Review tab
	// (hookwarden open --review).
	Review bool
}

// agentOf is the agent opts ask for (the registry's first by default).
func agentOf(opts Options) agents.Agent {
	if a, ok := opts.Agents.Get(opts.Agent); ok {
		return a
	}
	return opts.Agents.Default()
}

// observer is Hookwarden's own observer hook of p's agent (the one record
// on writes), which the risk analysis and a dry run leave out.
func (p *project) observer() agents.Observer {
	return agents.OwnObserver(p.env(), p.Agent)
}

// env is the environment p's agent opens it in: p's, with the registered
// agents' facts.
func (p *project) env() agents.Env {
	return agents.Env{Vars: p.Env, GOOS: p.GOOS, Home: p.Home, Init: p.Init, Facts: p.registry.Facts()}
}

// riskAgents are the registered agents' facts, for the risk analysis.
func (p *project) riskAgents() risk.Agents { return p.registry.Facts().Risk() }

// project is one loaded folder as the window shows it, for one agent.
type project struct {
	// Agent is the name of the agent whose hooks these are; Info names it
	// and proj is what it read (nil when openErr says why it could not).
	Agent   string
	Info    agents.Info
	agent   agents.Agent
	proj    agents.Project
	openErr error

	Dir  string
	Env  settingsio.Env
	Home string
	GOOS string
	// Init is Options.Init.
	Init string
	// Requested is the folder the user asked for; it differs from Dir when
	// the demo is shown instead.
	Requested string
	// Demo is the materialized demo when the window shows it, else nil.
	Demo *assets.Demo
	// reviewState is the trust review made when the project was read
	// (ui/review_load.go).
	reviewState
	// Files are the files the project's hooks come from, with their state.
	Files []fileState
	// counts are what every agent of registry (the window's) finds in the
	// folder, for the agent switch (nil: not counted).
	counts   []agents.FolderCount
	registry *agents.Registry
	// Watch are the files and folders whose change calls for a reload.
	Watch []string
}

// openProject loads dir. With demoWhenEmpty, a dir that has nothing to
// show (no hooks and no diagnostics) loads a fresh copy of the demo project
// instead; a folder with a broken settings file is always shown, so the
// error is not hidden.
func openProject(opts Options, dir string, demoWhenEmpty bool) (*project, error) {
	return openProjectAs(opts, dir, demoWhenEmpty, false)
}

// openPicked is openProject for the agent whose hooks in dir need review
// (agents.FirstToReview; opts' agent when no agent has hooks there).
func openPicked(opts Options, dir string, demoWhenEmpty bool) (*project, error) {
	return openProjectAs(opts, dir, demoWhenEmpty, true)
}

func openProjectAs(opts Options, dir string, demoWhenEmpty, pick bool) (*project, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("project folder %s: %w", dir, err)
	}
	counts := countAgents(opts.Agents, opts.GOOS, opts.Init, opts.Env, opts.Home, abs)
	if a := agents.FirstToReview(counts); pick && a != "" {
		opts.Agent = a
	}
	p := loadFolder(opts, abs)
	p.counts = counts
	if p.openErr != nil {
		return nil, p.openErr
	}
	if p.hasContent() || !demoWhenEmpty {
		return p, nil
	}
	return openDemo(opts, abs)
}

// loadFolder loads the folder abs for the agent of opts.
func loadFolder(opts Options, abs string) *project {
	p := &project{Dir: abs, Env: opts.Env, Home: opts.Home, GOOS: opts.GOOS, Requested: abs, Init: opts.Init, registry: opts.Agents}
	p.setAgent(agentOf(opts))
	p.load()
	return p
}

// setAgent makes a the project's agent.
func (p *project) setAgent(a agents.Agent) {
	p.agent, p.Info, p.Agent = a, a.Info(), a.Info().Name
}

// hasContent reports whether the project shows anything for its agent:
// a hook, or a diagnostic (a broken file must not hide behind the demo).
func (p *project) hasContent() bool {
	return p.proj != nil && (len(p.proj.Hooks()) > 0 || len(p.proj.Diagnostics()) > 0)
}

// withAgent returns the same folder (the same demo copy, if it is the
// demo) loaded for agent a.
func (p *project) withAgent(a agents.Agent) *project {
	q := &project{Dir: p.Dir, Env: p.Env, Home: p.Home, GOOS: p.GOOS, Requested: p.Requested, Demo: p.Demo, Init: p.Init, counts: p.counts, registry: p.registry}
	q.setAgent(a)
	q.load()
	return q
}

// openDemo copies the demo project into a folder of its own and loads it
// with an environment that points at the copy only.
func openDemo(opts Options, requested string) (*project, error) {
	newDir := opts.DemoDir
	if newDir == nil {
		newDir = func() (string, error) { return os.MkdirTemp("", "hookwarden-demo-") }
	}
	dir, err := newDir()
	if err != nil {
		return nil, fmt.Errorf("making a folder for the demo project: %w", err)
	}
	demo, err := assets.MaterializeDemo(dir)
	if err != nil {
		return nil, err
	}
	if err := agents.ApproveDemo(context.Background(), opts.Agents, &demo, opts.GOOS, time.Now()); err != nil {
		return nil, err
	}
	p := &project{Dir: demo.ProjectDir, Env: demo.Overlay(opts.Env), Home: demo.Home,
		GOOS: opts.GOOS, Requested: requested, Demo: &demo, Init: opts.Init}
	p.counts = countAgents(opts.Agents, p.GOOS, p.Init, p.Env, p.Home, p.Dir)
	p.registry = opts.Agents
	p.setAgent(agentOf(opts))
	p.load()
	if p.openErr != nil {
		return nil, p.openErr
	}
	return p, nil
}

// load (re)reads every file of the project through its agent: its layers
// and hooks, the state of every file and what to watch; then the trust
// review.
func (p *project) load() {
	env := p.env()
	// The review says what the other agents that read a hook's file do
	// with it (nil registry: none asked).
	reviewEnv := env
	reviewEnv.Others = p.registry
	p.proj, p.openErr = p.agent.Open(context.Background(), reviewEnv, p.Dir)
	if p.openErr != nil {
		p.openErr = fmt.Errorf("%s: %w", p.Info.Title, p.openErr)
		p.Files, p.Watch = nil, nil
		return
	}
	p.Files = fileStates(p.proj.Layers(), p.Info.Title)
	if p.registry != nil {
		var paths []string
		for _, f := range p.Files {
			paths = append(paths, f.Path)
		}
		readers, _ := agents.Readers(context.Background(), p.registry, env, p.Dir, paths)
		alsoReadBy(p.Files, readers, p.Info.Title)
	}
	p.Watch = p.proj.Watch()
	p.loadReview()
}

// name is the project's folder name.
func (p *project) name() string { return filepath.Base(p.Dir) }

// reloaded returns a copy of p with its files read again (and counted
// again for every agent of opts).
func (p *project) reloaded() *project {
	q := *p
	q.load()
	if p.counts != nil {
		q.counts = countAgents(q.registry, q.GOOS, q.Init, q.Env, q.Home, q.Dir)
	}
	return &q
}

// countAgents counts what every agent of reg finds in the folder abs, in
// the environment env and home (nil without a registry).
func countAgents(reg *agents.Registry, goos, init string, env settingsio.Env, home, abs string) []agents.FolderCount {
	if reg == nil {
		return nil
	}
	e := agents.Env{Vars: env, GOOS: goos, Home: home, Init: init, Facts: reg.Facts()}
	return agents.CountFolder(context.Background(), reg, e, abs)
}

// ownsDemo reports whether p's demo copy lives in a temporary folder that
// the window made and must remove.
func (p *project) ownsDemo(opts Options) bool { return p.Demo != nil && opts.DemoDir == nil }
