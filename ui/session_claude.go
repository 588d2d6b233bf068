package ui

import (
	"fmt"
	"path/filepath"
	"slices"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/trust"
)

// claudeProject is what Claude Code reads for a project, reviewed against
// Hookwarden's store.
type claudeProject struct {
	Snapshot *claude.Snapshot
	// Registry holds every handler Claude Code reads, then the handlers
	// Hookwarden disabled (moved into its store), listed with status
	// disabled so that they stay visible.
	Registry *claude.Registry
	// Store is Hookwarden's store; StoreErr says why it cannot be used
	// (then nothing can be approved, disabled or enabled).
	Store    trust.Store
	StoreErr error
	// Audit is the review of the project, local and plugin handlers (nil
	// when it could not be made; AuditErr says why).
	Audit    *claude.Report
	AuditErr error
}

// agentOf is the agent opts ask for (Gemini CLI by default).
func agentOf(opts Options) hooks.Agent {
	if opts.Agent == claude.Name {
		return claude.Name
	}
	return hooks.AgentGemini
}

// loadClaude (re)reads Claude Code's files for the project: the settings
// layers, the plugins, ~/.claude.json, and Hookwarden's store.
func (p *project) loadClaude() {
	snap := claude.Load(claude.Options{ProjectDir: p.Dir, Env: p.Env, GOOS: p.GOOS, Home: p.Home})
	c := &claudeProject{Snapshot: snap, Registry: claude.Build(snap)}
	p.Registry, p.Audit, p.AuditErr = nil, nil, nil
	storeDir, err := trust.StoreDirFromEnv(p.Env, p.GOOS)
	if err != nil {
		c.StoreErr = fmt.Errorf("locating Hookwarden's store: %w", err)
		c.AuditErr = c.StoreErr
	} else {
		c.Store = trust.Store{Dir: storeDir}
		off, err := claude.DisabledHooks(c.Store, snap)
		if err != nil {
			c.StoreErr = err
		}
		c.Registry.Hooks = append(c.Registry.Hooks, off...)
		c.Audit, c.AuditErr = claude.Audit(snap, c.Registry.Hooks, c.Store)
		if c.AuditErr != nil {
			c.AuditErr = fmt.Errorf("reviewing the Claude Code handlers: %w", c.AuditErr)
		}
	}
	p.Claude = c
	p.Files = claudeFileStates(c)
	p.Watch = claudeWatchList(c, storeDir)
}

// claudeFileStates lists Claude Code's settings layers in merge order, the
// hook files of the plugins (or why a plugin has none), ~/.claude.json
// with the folder trust flag, and Hookwarden's store.
func claudeFileStates(c *claudeProject) []fileState {
	snap := c.Snapshot
	perFile := map[string]int{}
	for _, h := range c.Registry.Hooks {
		if _, off := claude.DisabledID(h); !off {
			perFile[h.Origin.File]++
		}
	}
	var out []fileState
	for _, f := range snap.Layers {
		s := settingsFileState(f)
		s.Agent, s.Kind, s.Layer, s.Hooks = claudeName, string(f.Layer), f.Layer, perFile[f.Path]
		out = append(out, s)
	}
	for _, pl := range snap.Plugins {
		out = append(out, pluginFileStates(pl, perFile)...)
	}
	ft := fileState{Agent: claudeName, Kind: "trust", Name: "folder trust, read only", Path: snap.Paths.GlobalConfig}
	switch {
	case snap.FolderTrust.Err != nil:
		ft.Condition, ft.Detail = fileBroken, placeOfError(snap.FolderTrust.Err)
	case !fileExists(ft.Path):
		ft.Condition, ft.Detail = fileMissing, "no folder trusted yet: an interactive session asks first"
	default:
		ft.Detail = snap.FolderTrust.Reason
	}
	out = append(out, ft)
	if c.Store.Dir != "" {
		st := trustFileState("Hookwarden's approvals and disabled handlers", c.Store.Path())
		st.Agent = claudeName
		if c.StoreErr != nil {
			st.Condition, st.Detail = fileBroken, c.StoreErr.Error()
		} else if st.Condition == fileMissing {
			st.Detail = "nothing approved or disabled yet"
		}
		out = append(out, st)
	}
	return out
}

// pluginFileStates are a plugin's hook files, or one line saying why it
// has none to read.
func pluginFileStates(pl *claude.Plugin, perFile map[string]int) []fileState {
	base := fileState{Agent: claudeName, Kind: string(claude.LayerPlugin), Name: pl.ID, Layer: claude.LayerPlugin, Path: pl.Root}
	switch {
	case pl.Root == "":
		base.Condition, base.Detail = fileAbsent, pl.Missing
		return []fileState{base}
	case len(pl.Hooks) == 0:
		base.Condition, base.Detail = fileAbsent, "the plugin has no hooks"
		return []fileState{base}
	}
	var out []fileState
	for _, src := range pl.Hooks {
		s := settingsFileState(src.File)
		s.Agent, s.Kind, s.Name, s.Layer, s.Hooks = claudeName, base.Kind, pl.ID, base.Layer, perFile[src.File.Path]
		if !pl.Enabled && s.Condition == fileOK {
			s.Condition, s.Detail = fileIgnored, "the plugin is disabled in enabledPlugins"
			if pl.EnabledBy != nil {
				s.Detail += " (" + pl.EnabledBy.Path + ")"
			}
		}
		out = append(out, s)
	}
	return out
}

// claudeWatchList is every file and folder whose change can change what
// the window shows for Claude Code: what the snapshot comes from,
// Hookwarden's store and the scripts of the reviewed handlers.
func claudeWatchList(c *claudeProject, storeDir string) []string {
	out := claude.WatchPaths(c.Snapshot)
	if storeDir != "" {
		out = append(out, trust.Store{Dir: storeDir}.Path())
	}
	if c.Audit != nil {
		for _, h := range c.Audit.Hooks {
			for _, s := range h.Scripts {
				out = append(out, filepath.Clean(s.Path))
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
