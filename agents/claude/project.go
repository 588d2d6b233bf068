package claude

import (
	"context"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
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
	// CustomCommands are the command files that plugin.json's "commands"
	// names (by path; their shell runs like commands/'s), and CustomDirs
	// the folders its "commands", "skills" and "agents" name (watched).
	CustomCommands map[string]bool
	CustomDirs     []string
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

// project is one project folder as Claude Code reads it at one moment:
// the settings layers and plugins (everything its hooks are computed
// from), the merged registry (plus the handlers Hookwarden disabled, kept
// in its store), and Hookwarden's store, which holds Claude Code's
// approvals (Claude Code has none of its own).
type project struct {
	// ProjectDir is the folder Claude Code starts in (absolute, clean).
	ProjectDir string
	// RepoRoot is the git work tree root holding ProjectDir ("" outside
	// git).
	RepoRoot string
	Paths    paths
	// Settings are the settings files in merge order, lowest precedence
	// first: user, project, local, then managed (main file, then the
	// drop-ins in alphabetical order). Missing files are listed with
	// Exists false.
	Settings    []*settingsio.File
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
	// UserSkills are the user's own skills and commands (ConfigDir's
	// skills/ and commands/, layer user): the shell commands of their
	// bodies run in the project (skill_shell.go), reviewed for it when
	// they run its code (agents.ReachingHooks).
	UserSkills []*settingsio.File
	// NestedFolders are the folders below the start folder (relative,
	// slash separated) where a nested .claude/skills may appear during a
	// session (nestedSkillSearch): watched while the agent runs.
	NestedFolders []string
	// Git is where the hooks' git commands find the user's and the
	// machine's git configuration (agents.GitConfigOf).
	Git *trust.GitUserConfig

	env agents.Env
	reg *registry
	// store is Hookwarden's store; storeErr says why it cannot be used
	// (then nothing can be approved, disabled or enabled).
	store    trust.Store
	storeErr error
	// beforeMCPWrite, when set, runs right before an approval writes
	// Claude Code's own MCP choice (tests: that write failing after the
	// store was written).
	beforeMCPWrite func()
}

// Files returns the settings files of one layer.
func (s *project) Files(layer settingsio.Layer) []*settingsio.File {
	var out []*settingsio.File
	for _, f := range s.Settings {
		if f.Layer == layer {
			out = append(out, f)
		}
	}
	return out
}

// Setting returns the value of a scalar setting after Claude Code's
// precedence (managed > local > project > user) and the file it comes
// from, or nil. path is a key path such as "disableAllHooks".
func (s *project) Setting(path ...string) (*settingsio.Node, *settingsio.File) {
	for i := len(s.Settings) - 1; i >= 0; i-- {
		f := s.Settings[i]
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
func (s *project) UnreadableFiles() []settingsio.FileError {
	out := settingsio.LayerErrors(s.Settings)
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

var (
	_ agents.Project   = (*project)(nil)
	_ agents.FileNoter = (*project)(nil)
)

// Open reads every layer and plugin Claude Code reads for dir.
func (a agent) Open(_ context.Context, env agents.Env, dir string) (agents.Project, error) {
	p := load(options{ProjectDir: dir, Env: env.Vars, GOOS: env.GOOS, Home: env.Home})
	p.env, p.reg = env, build(p)
	if p.store, p.storeErr = agents.LocateStore(env); p.storeErr != nil {
		return p, nil
	}
	data, err := env.LoadStore(p.store)
	if err != nil {
		p.storeErr = err
		return p, nil
	}
	p.reg.Hooks = append(p.reg.Hooks, disabledHooksData(p.store, data, p)...)
	return p, nil
}

// agent names Claude Code.
func (p *project) Agent() agents.Info { return agent{}.Info() }

// Dir is the project folder.
func (p *project) Dir() string { return p.ProjectDir }

// Hooks are every handler of every layer and plugin, then the handlers
// Hookwarden disabled.
func (p *project) Hooks() []*hooks.Hook { return p.reg.Hooks }

// Diagnostics are every finding about the files and handlers.
func (p *project) Diagnostics() []hooks.Diagnostic { return p.reg.Diagnostics }

// Title is a handler's command (with its args), URL, MCP tool or prompt.
func (p *project) Title(h *hooks.Hook) string { return Label(h) }

// Unreadable are the settings and hooks files that exist but cannot be
// read or parsed.
func (p *project) Unreadable() []settingsio.FileError { return p.UnreadableFiles() }

// Summary is Claude Code's folder trust flag (read only), its switches
// (disableAllHooks, allowManagedHooksOnly), the plugins, and the members
// of the list document that only Claude Code has.
func (p *project) Summary() agents.Summary {
	r := p.reg
	ft := p.FolderTrust
	state := "not accepted"
	if ft.Accepted {
		state = "accepted"
	}
	s := agents.Summary{
		RepoRoot: p.RepoRoot,
		FolderTrust: agents.FolderTrust{Supported: true, Trusted: ft.Accepted, State: state, Source: ft.File,
			Reason: ft.Reason},
		Files: "The files Claude Code reads for this project: user, project, local and managed settings in merge order " +
			"(every layer adds its hooks), the hook files of the plugins named in enabledPlugins, the project's .mcp.json and " +
			"the frontmatter of its skills and subagents, ~/.claude.json with the folder trust flag (read only), and Hookwarden's store.",
	}
	switch {
	case r.ManagedDisableAll:
		s.HooksOff = "disableAllHooks in managed settings"
	}
	s.Heading = []agents.Fact{
		{Key: "project", Label: "Project", Cells: []string{p.ProjectDir + " (Claude Code)"}, Text: p.ProjectDir, OK: true},
		folderTrustFact(ft, state),
		hooksFact(r),
	}
	s.Facts = policyFacts(r)
	plugins := []pluginDoc{}
	var enabled []string
	for _, pl := range p.Plugins {
		if pl.Enabled {
			enabled = append(enabled, pl.ID)
		}
		st := "enabled"
		switch {
		case !pl.Enabled:
			st = "disabled"
		case pl.Root == "":
			st = "missing: " + pl.Missing
		}
		s.Sources = append(s.Sources, agents.Source{Kind: "plugin", Name: pl.ID, Path: pl.Root, State: st})
		d := pluginDoc{ID: pl.ID, Enabled: pl.Enabled, Managed: pl.ForcedByManaged, Root: pl.Root, Version: pl.Version, Missing: pl.Missing}
		if pl.EnabledBy != nil {
			d.EnabledBy = pl.EnabledBy.Path
		}
		plugins = append(plugins, d)
	}
	if len(p.Plugins) > 0 {
		v := fmt.Sprintf("%d of %d enabled", len(enabled), len(p.Plugins))
		if len(enabled) > 0 {
			v += ": " + strings.Join(enabled, ", ")
		}
		s.Facts = append(s.Facts, agents.Field{Key: "plugins", Label: "Plugins", Value: v, JSON: enabled})
	}
	if p.RepoRoot != "" && p.RepoRoot != p.ProjectDir {
		s.Facts = append(s.Facts, agents.Field{Key: "repo_root", Label: "Repository", Value: p.RepoRoot, Code: true})
	}
	enabledBy := ""
	if r.DisableAllHooks {
		enabledBy = r.DisableAllHooksBy
	}
	s.Document = agents.Document{
		agents.Member("agent", p.Agent().Name),
		agents.Slot("project"),
		agents.Member("repo_root", p.RepoRoot),
		agents.Member("folder_trust", ft),
		agents.Member("hooks_enabled", !r.DisableAllHooks),
		agents.Member("hooks_enabled_by", enabledBy),
		agents.Member("managed_disable_all", r.ManagedDisableAll),
		agents.Member("allow_managed_hooks_only", r.ManagedHooksOnly),
		agents.Member("allow_managed_hooks_only_by", r.ManagedHooksOnlyBy),
		agents.Slot("layers"),
		agents.Member("plugins", plugins),
		agents.Slot("hooks"),
		agents.Slot("diagnostics"),
	}
	return s
}

// policyFacts are the managed settings' switches that decide which hooks
// run: disableAllHooks and allowManagedHooksOnly.
func policyFacts(r *registry) []agents.Field {
	var out []agents.Field
	if r.ManagedDisableAll {
		out = append(out, agents.Field{Key: "managed_disable_all", Label: "Managed policy",
			Value: "disableAllHooks: no hook runs, managed ones included", JSON: true})
	}
	if r.ManagedHooksOnly {
		out = append(out, agents.Field{Key: "allow_managed_hooks_only", Label: "Managed policy",
			Value: "allowManagedHooksOnly in " + r.ManagedHooksOnlyBy + ": only managed hooks (and plugins managed settings enable) run", JSON: true})
	}
	return out
}

// pluginDoc is a plugin in the list document.
type pluginDoc struct {
	ID        string `json:"id"`
	Enabled   bool   `json:"enabled"`
	EnabledBy string `json:"enabled_by"`
	Managed   bool   `json:"forced_by_managed"`
	Root      string `json:"root"`
	Version   string `json:"version"`
	Missing   string `json:"missing,omitempty"`
}

// folderTrustFact is the folder trust flag as the list and the header say
// it, with what the statuses mean when it is not accepted.
func folderTrustFact(ft folderTrust, state string) agents.Fact {
	f := agents.Fact{Key: "folder_trust", Label: "Folder trust", Cells: []string{state, ft.Reason}, OK: ft.Accepted}
	text := state + " — " + ft.Reason
	if e := ft.Err; e != nil {
		text += " (" + agents.Place(e.Path, e.Line, e.Column) + ")"
		f.Paths = []string{e.Path}
	}
	text += " (Claude Code's own flag; Hookwarden only reads it)"
	if note := trustEffect(ft); note != "" {
		text += ". The hook counts: " + note
		f.More = []string{"the statuses below are " + note}
	}
	f.Text = text
	return f
}

// hooksFact says whether Claude Code runs hooks at all.
func hooksFact(r *registry) agents.Fact {
	f := agents.Fact{Key: "hooks", Label: "Hooks", Cells: []string{"on"},
		Text: "on — no disableAllHooks or allowManagedHooksOnly is set",
		OK:   !r.DisableAllHooks && !r.ManagedDisableAll && !r.ManagedHooksOnly}
	switch {
	case r.ManagedDisableAll:
		f.Cells = []string{"off (disableAllHooks in managed settings)"}
		f.Text = "off — disableAllHooks in managed settings switches off every hook"
	case r.DisableAllHooks:
		f.Cells = []string{"off except managed hooks (disableAllHooks is true in " + r.DisableAllHooksBy + ")"}
		f.Text, f.Paths = "off except managed hooks — disableAllHooks is true in "+r.DisableAllHooksBy, []string{r.DisableAllHooksBy}
	case r.ManagedHooksOnly:
		f.Cells = []string{"managed hooks only (allowManagedHooksOnly in " + r.ManagedHooksOnlyBy + ")"}
		f.Text, f.Paths = "managed hooks only — allowManagedHooksOnly in "+r.ManagedHooksOnlyBy, []string{r.ManagedHooksOnlyBy}
	}
	return f
}

// Layers are the settings layers in merge order, the hook files of the
// plugins (or why a plugin has none), ~/.claude.json with the folder trust
// flag, and Hookwarden's store.
func (p *project) Layers() []agents.Layer {
	perFile := agents.HooksPerFile(p.reg.Hooks, func(h *hooks.Hook) bool {
		_, off := disabledID(h)
		return off
	})
	reviewed := func(l settingsio.Layer) bool { return slices.Contains(reviewedLayers, l) }
	var out []agents.Layer
	for _, f := range p.Settings {
		l := agents.FileLayer(f)
		l.Hooks, l.Reviewed = perFile[f.Path], reviewed(f.Layer)
		out = append(out, l)
	}
	for _, f := range p.Skills {
		l := agents.FileLayer(f)
		l.Label, l.Hooks, l.Reviewed = "skill or subagent frontmatter", perFile[f.Path], true
		out = append(out, l)
	}
	for _, f := range append(slices.Clip(p.MCPParents), p.MCP) {
		if f == nil {
			continue
		}
		l := agents.FileLayer(f)
		l.Kind, l.Label, l.Hooks, l.Reviewed = "mcp", "project MCP servers", perFile[f.Path], true
		out = append(out, l)
	}
	for _, pl := range p.Plugins {
		out = append(out, pluginLayers(pl, perFile)...)
	}
	ft := agents.Layer{Kind: "trust", Label: "folder trust, read only", Path: p.Paths.GlobalConfig, State: agents.FileOK, Exists: true}
	switch {
	case p.FolderTrust.Err != nil:
		ft.State, ft.Note = agents.FileBroken, agents.PlaceOfError(p.FolderTrust.Err)
	case !agents.FileExists(ft.Path):
		ft.State, ft.Exists, ft.Note = agents.FileMissing, false, "no folder trusted yet: an interactive session asks first"
	default:
		ft.Note = p.FolderTrust.Reason
	}
	out = append(out, ft)
	return append(out, agents.StoreLayer(p.store, p.storeErr, "Hookwarden's approvals and disabled handlers", "nothing approved or disabled yet")...)
}

// KeptFiles are the plugins' files the snapshot read hooks and commands
// from beyond its layers' files: each manifest (inline hooks, MCP
// servers), .mcp.json, hooks file and skill or subagent frontmatter, with
// the bytes read (agents.KeptFiler).
func (p *project) KeptFiles() []*settingsio.File {
	out := slices.Clone(p.UserSkills) // their shell may run the project's code (skill_shell.go)
	if p.reg != nil && p.reg.userServers != nil {
		out = append(out, p.reg.userServers) // a user-scope server may run it too (reachingHooks)
	}
	for _, pl := range p.Plugins {
		out = append(out, pl.Manifest, pl.MCP)
		for _, src := range pl.Hooks {
			out = append(out, src.File)
		}
		out = append(out, pl.Skills...)
		for _, path := range slices.Sorted(maps.Keys(pl.Servers)) {
			if f := pl.Servers[path]; f.Exists {
				out = append(out, f)
			}
		}
	}
	return slices.DeleteFunc(out, func(f *settingsio.File) bool { return f == nil })
}

// pluginLayers are a plugin's hook files, or one row saying why it has
// none to read. Inline hooks (in plugin.json) are rows, not document
// layers.
func pluginLayers(pl *plugin, perFile map[string]int) []agents.Layer {
	base := agents.Layer{Layer: layerPlugin, Kind: string(layerPlugin), Label: pl.ID, Owner: pl.ID,
		Path: pl.Root, State: agents.FileAbsent, Reviewed: true}
	switch {
	case pl.Root == "":
		base.Note = pl.Missing
		return []agents.Layer{base}
	case len(pl.Hooks) == 0:
		base.Note = "the plugin has no hooks"
		return []agents.Layer{base}
	}
	var out []agents.Layer
	for _, src := range pl.Hooks {
		l := agents.FileLayer(src.File)
		l.Layer, l.Kind, l.Label, l.Owner, l.Hooks, l.Reviewed = base.Layer, base.Kind, pl.ID, pl.ID, perFile[src.File.Path], true
		if src.Inline {
			l.File = nil
		}
		if !pl.Enabled && l.State == agents.FileOK {
			l.State, l.Note = agents.FileIgnored, "the plugin is disabled in enabledPlugins"
			if pl.EnabledBy != nil {
				l.Note += " (" + pl.EnabledBy.Path + ")"
			}
		}
		out = append(out, l)
	}
	return out
}

// Watch is what the snapshot was read from, Hookwarden's store and the
// scripts of the reviewed handlers.
func (p *project) Watch() []string {
	out := watchPaths(p)
	if p.store.Dir != "" {
		out = append(out, p.store.Path())
		if rep, err := p.audit(p.store); err == nil {
			for _, h := range rep.Hooks {
				for _, s := range h.Scripts {
					out = append(out, filepath.Clean(s.Path))
				}
			}
		}
	}
	return agents.SortedPaths(out)
}

// FileNotes say that Hookwarden's store cannot be used, so the handlers it
// disabled are not listed.
func (p *project) FileNotes(bool) []hooks.Diagnostic {
	if p.storeErr == nil {
		return nil
	}
	return []hooks.Diagnostic{{Severity: hooks.SeverityError,
		Message: "Hookwarden's store cannot be used, so handlers it disabled are not listed: " + p.storeErr.Error()}}
}
