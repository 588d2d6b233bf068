package claude

import (
	"slices"

	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// The layers Claude Code reads hooks from. LayerUser ("user") is shared
// with Gemini CLI.
const (
	// layerManaged is managed-settings.json and its managed-settings.d
	// drop-ins (administrator policy).
	layerManaged settingsio.Layer = "managed"
	// LayerProject is <project>/.claude/settings.json (committed).
	LayerProject settingsio.Layer = "project"
	// LayerLocal is <repo root>/.claude/settings.local.json (personal).
	LayerLocal settingsio.Layer = "local"
	// layerPlugin is a plugin's hooks/hooks.json or the hooks of its
	// .claude-plugin/plugin.json.
	layerPlugin settingsio.Layer = "plugin"
)

// paths are the files Claude Code reads for one project.
type paths struct {
	Home string // the OS home folder
	// ConfigDir is $CLAUDE_CONFIG_DIR or <home>/.claude.
	ConfigDir string
	// ManagedFile is managed-settings.json for the OS; ManagedDropIns is
	// the managed-settings.d folder next to it.
	ManagedFile    string
	ManagedDropIns string
	User           string // <config dir>/settings.json
	Project        string // <project>/.claude/settings.json
	Local          string // <repo root>/.claude/settings.local.json
	// StartLocal is <project>/.claude/settings.local.json when the project
	// folder is below its git work tree's root ("" otherwise): Claude Code
	// reads it too, under Local.
	StartLocal string
	// GlobalConfig is ~/.claude.json (or <CLAUDE_CONFIG_DIR>/.claude.json),
	// where the folder trust flag lives.
	GlobalConfig string
	// Plugins is <config dir>/plugins (installed_plugins.json, cache/).
	Plugins string
}

// plugin is one plugin named in enabledPlugins.
type plugin struct {
	// ID is "name@marketplace" as written in enabledPlugins.
	ID          string
	Name        string
	Marketplace string
	// Enabled is the merged enabledPlugins value; EnabledBy the file that
	// decided it (the highest-precedence file that names the plugin).
	Enabled   bool
	EnabledBy *settingsio.File
	// ForcedByManaged is true when managed settings enable the plugin
	// (its hooks then survive allowManagedHooksOnly).
	ForcedByManaged bool
	// Root is the plugin folder (${CLAUDE_PLUGIN_ROOT}); "" when the
	// plugin is not installed. Version is the installed version.
	Root    string
	Version string
	// Located says how Root was found ("installed_plugins.json", "plugin
	// cache"); Missing says why no folder was found.
	Located string
	Missing string
	// Manifest is .claude-plugin/plugin.json (nil when absent).
	Manifest *settingsio.File
	// Hooks are the plugin's hook sources: hooks/hooks.json and whatever
	// plugin.json's "hooks" field names, in load order.
	Hooks []*hookSource
	// MCP is the plugin's .mcp.json (nil when absent); see commands.go.
	MCP *settingsio.File
	// Skills are the frontmatters of its skills and agents (skills.go).
	Skills []*settingsio.File
	// Servers are the files its language servers and monitors come from
	// (.lsp.json, monitors/monitors.json, or the files the manifest
	// names), by path, read with the plugin (plugin_servers.go).
	Servers map[string]*settingsio.File
}

// hookSource is one place a plugin's hooks come from.
type hookSource struct {
	// File holds the hooks: a hooks.json file, or plugin.json itself for
	// inline hooks.
	File *settingsio.File
	// Hooks is the object keyed by event name (nil when absent or when
	// the file is broken) and Path its JSON path in File ("hooks").
	Hooks *settingsio.Node
	Path  string
	// Inline is true for hooks written inside plugin.json.
	Inline bool
	// Description is the optional top-level "description" of hooks.json.
	Description string
}

// folderTrust is Claude Code's folder trust flag for the project, as
// stored in ~/.claude.json (read only; Hookwarden never writes it).
type folderTrust struct {
	// File is the ~/.claude.json consulted.
	File string `json:"file"`
	// Root is the folder trust is keyed on (the git repository root, the
	// main checkout for a worktree, or the start folder outside git).
	Root string `json:"root"`
	// Key is the projects[...] entry that decided ("" when none did).
	Key string `json:"key"`
	// Accepted is hasTrustDialogAccepted of that entry.
	Accepted bool `json:"accepted"`
	// Reason is the finding in words.
	Reason string                 `json:"reason"`
	Err    *settingsio.ParseError `json:"-"`
}

// snapshot is everything Claude Code's hooks are computed from for one
// project at one moment.
type snapshot struct {
	// ProjectDir is the folder Claude Code starts in (absolute, clean).
	ProjectDir string
	// RepoRoot is the git work tree root holding ProjectDir ("" outside
	// git).
	RepoRoot string
	Paths    paths
	// Layers are the settings files in merge order, lowest precedence
	// first: user, project, local, then managed (main file, then the
	// drop-ins in alphabetical order). Missing files are listed with
	// Exists false.
	Layers      []*settingsio.File
	Plugins     []*plugin
	FolderTrust folderTrust
	// MCP is the project's .mcp.json (its MCP servers; see commands.go),
	// and MCPParents those of the folders above it up to the file system's
	// root, root first (the home folder's left out), which Claude Code
	// reads too, a nearer file's server winning by name.
	MCP        *settingsio.File
	MCPParents []*settingsio.File
	// Skills are the frontmatters of the project's skills and subagents
	// (their hooks; see skills.go).
	Skills []*settingsio.File
	// NestedFolders are the folders below the start folder (relative,
	// slash separated) where a nested .claude/skills may appear during a
	// session (nestedSkillSearch): watched while the agent runs.
	NestedFolders []string
	// Git is where the hooks' git commands find the user's and the
	// machine's git configuration (agents.GitConfigOf).
	Git *trust.GitUserConfig
}

// Files returns the settings files of one layer.
func (s *snapshot) Files(layer settingsio.Layer) []*settingsio.File {
	var out []*settingsio.File
	for _, f := range s.Layers {
		if f.Layer == layer {
			out = append(out, f)
		}
	}
	return out
}

// Setting returns the value of a scalar setting after Claude Code's
// precedence (managed > local > project > user) and the file it comes
// from, or nil. path is a key path such as "disableAllHooks".
func (s *snapshot) Setting(path ...string) (*settingsio.Node, *settingsio.File) {
	for i := len(s.Layers) - 1; i >= 0; i-- {
		f := s.Layers[i]
		if f.Root == nil || f.Ignored != "" {
			continue
		}
		n := f.Root
		for _, k := range path {
			n = n.Get(k)
		}
		if n != nil {
			return n, f
		}
	}
	return nil, nil
}

// UnreadableFiles lists the settings files, and the manifests and hooks
// files of enabled plugins, that exist but could not be read or parsed, in
// load order. Missing files are not listed.
func (s *snapshot) UnreadableFiles() []settingsio.FileError {
	out := settingsio.LayerErrors(s.Layers)
	for _, f := range append(slices.Clip(s.MCPParents), s.MCP) {
		if e, ok := settingsio.FileErrorOf(f, ""); ok {
			out = append(out, e)
		}
	}
	for _, f := range s.Skills {
		if e, ok := settingsio.FileErrorOf(f, ""); ok {
			out = append(out, e)
		}
	}
	for _, p := range s.Plugins {
		if !p.Enabled {
			continue
		}
		if e, ok := settingsio.FileErrorOf(p.Manifest, p.ID); ok {
			out = append(out, e)
		}
		if e, ok := settingsio.FileErrorOf(p.MCP, p.ID); ok {
			out = append(out, e)
		}
		for _, f := range p.Skills {
			if e, ok := settingsio.FileErrorOf(f, p.ID); ok {
				out = append(out, e)
			}
		}
		for _, src := range p.Hooks {
			if src.Inline {
				continue
			}
			if e, ok := settingsio.FileErrorOf(src.File, p.ID); ok {
				out = append(out, e)
			}
		}
	}
	return out
}
