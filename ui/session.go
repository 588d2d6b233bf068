package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
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
	// Agent is the agent whose hooks the window shows (hooks.AgentGemini
	// when ""): Gemini CLI's files, or Claude Code's.
	Agent hooks.Agent
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

// project is one loaded folder as the window shows it, for one agent.
type project struct {
	// Agent is whose hooks these are: for Claude Code, Claude holds them
	// and Registry and Audit are nil.
	Agent  hooks.Agent
	Claude *claudeProject

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
	Demo     *assets.Demo
	Registry *gemini.Registry
	// Audit is the trust review of the workspace hooks (nil when it could
	// not be made; AuditErr says why).
	Audit    *gemini.Report
	AuditErr error
	// Files are the files the project's hooks come from, with their state.
	Files []fileState
	// Watch are the files and folders whose change calls for a reload.
	Watch []string
}

// openProject loads dir. With demoWhenEmpty, a dir that has nothing to
// show (no hooks and no diagnostics) loads a fresh copy of the demo project
// instead; a folder with a broken settings file is always shown, so the
// error is not hidden.
func openProject(opts Options, dir string, demoWhenEmpty bool) (*project, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("project folder %s: %w", dir, err)
	}
	if p := loadFolder(opts, abs); p.hasContent() || !demoWhenEmpty {
		return p, nil
	}
	return openDemo(opts, abs)
}

// loadFolder loads the folder abs for the agent of opts.
func loadFolder(opts Options, abs string) *project {
	p := &project{Agent: agentOf(opts), Dir: abs, Env: opts.Env, Home: opts.Home, GOOS: opts.GOOS, Requested: abs, Init: opts.Init}
	p.load()
	return p
}

// hasContent reports whether the project shows anything for its agent:
// a hook, or a diagnostic (a broken file must not hide behind the demo).
func (p *project) hasContent() bool {
	if p.Agent == claude.Name {
		r := p.Claude.Registry
		return len(r.Hooks) > 0 || len(r.Diagnostics) > 0
	}
	return len(p.Registry.Hooks) > 0 || len(p.Registry.Diagnostics) > 0
}

// withAgent returns the same folder (the same demo copy, if it is the
// demo) loaded for agent a.
func (p *project) withAgent(a hooks.Agent) *project {
	q := &project{Agent: a, Dir: p.Dir, Env: p.Env, Home: p.Home, GOOS: p.GOOS, Requested: p.Requested, Demo: p.Demo, Init: p.Init}
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
	if err := gemini.ApproveDemo(demo, opts.GOOS, time.Now()); err != nil {
		return nil, err
	}
	p := &project{Agent: agentOf(opts), Dir: demo.ProjectDir, Env: demo.Overlay(opts.Env), Home: demo.Home,
		GOOS: opts.GOOS, Requested: requested, Demo: &demo, Init: opts.Init}
	p.load()
	return p, nil
}

// load (re)reads every file of the project for its agent: it rebuilds the registry,
// reviews the workspace hooks against the trust files and notes the state
// of every file and what to watch.
func (p *project) load() {
	if p.Agent == claude.Name {
		p.loadClaude()
		return
	}
	snap := gemini.Load(gemini.LoadOptions{ProjectDir: p.Dir, Env: p.Env, GOOS: p.GOOS, Home: p.Home})
	p.Registry = gemini.Build(snap)
	storeDir, _ := trust.StoreDirFromEnv(p.Env, p.GOOS) // "": audit without fingerprints
	p.Audit, p.AuditErr = auditSnapshot(snap, storeDir)
	p.Files = fileStates(p.Registry, p.Audit)
	p.Watch = watchList(snap, storeDir)
}

// auditSnapshot reviews the workspace hooks against trusted_hooks.json and
// Hookwarden's approval store in storeDir.
func auditSnapshot(snap *gemini.Snapshot, storeDir string) (*gemini.Report, error) {
	var opts gemini.Options
	if storeDir != "" {
		opts.Store = trust.Store{Dir: storeDir}
	}
	r, err := gemini.Audit(snap, opts)
	if err != nil {
		return nil, fmt.Errorf("reviewing the project hooks: %w", err)
	}
	return r, nil
}

// toggler edits the disabled lists of the project's settings files.
// The switch journal lets an enable restore the file byte for byte.
func (p *project) toggler() *gemini.Toggler {
	t := &gemini.Toggler{Snapshot: p.Registry.Snapshot, Registry: p.Registry, Env: p.Env}
	if dir, err := settingsio.HookwardenDir(p.Env, p.GOOS); err == nil {
		t.Journal = &settingsio.EditJournal{Path: filepath.Join(dir, settingsio.JournalFileName)}
	}
	return t
}

// name is the project's folder name.
func (p *project) name() string { return filepath.Base(p.Dir) }

// reloaded returns a copy of p with its files read again.
func (p *project) reloaded() *project {
	q := *p
	q.load()
	return &q
}

// ownsDemo reports whether p's demo copy lives in a temporary folder that
// the window made and must remove.
func (p *project) ownsDemo(opts Options) bool { return p.Demo != nil && opts.DemoDir == nil }
