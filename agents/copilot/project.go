package copilot

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
	"github.com/hookwarden/hookwarden/trust"
)

// project is one session folder as Copilot CLI reads it: every file it
// reads hooks, switches and folder trust from, each entry as a neutral
// hook (its Copilot facts in Ext, a *handler), and Hookwarden's store,
// which holds the approvals of its repository hooks (Copilot has no
// per-hook trust of its own). It is a snapshot: nothing in it changes
// after loadProject.
type project struct {
	Paths paths
	// Files in Copilot's order: the user hook files (reverse name order),
	// the user settings.json, the repository hook files (reverse name
	// order), the four repository settings files, then the files it does
	// not read and config.json.
	Files    []*file
	Handlers []*handler
	Trust    trustState
	// DisabledKeys are the disabledHooks of the user settings.json.
	DisabledKeys []string
	// DisabledMCP are the disabledMcpServers of the user settings.json:
	// Copilot CLI 1.0.102 starts no server of those names, the user's nor
	// a project's (copilot-live; the same list in config.json does nothing).
	DisabledMCP []string
	// AllOff names the repository settings file whose disableAllHooks
	// switches off every hook ("" none).
	AllOff string
	// diags are findings about files, each with file:line:col.
	diags []hooks.Diagnostic
	// matchers are the compiled matcher regexes by pattern: the hooks
	// that share a matcher share one (a compiled regex is 2 KB, and a
	// file of 100,000 hooks has a few matchers).
	matchers map[string]compiledMatcher

	env                   agents.Env
	store                 trust.Store
	storeErr              error
	claudeschema.Recorder // agents.TraceRecorder
	// reviewRT is how the review reads its hooks' commands: bash with
	// the legacy project variables (trust.Runtime's zero) and the user's
	// git configuration (one for all, so they share a discovery cache).
	reviewRT *trust.Runtime
	// Commands are the MCP servers Copilot starts (commands.go), listed
	// after the hooks; mcp the files they come from.
	Commands []*hooks.Hook
	mcp      mcpFiles
	// plugins are the plugin keys of the repository settings files
	// (plugins.go), among Commands; pluginTree the files of the folders
	// they name, part of each one's definition.
	plugins    []*hooks.Hook
	pluginTree trust.Definition
	// pluginFiles are the files of those folders, pluginGaps what the
	// keys load that is not in them (plugins_risk.go).
	pluginFiles []string
	pluginGaps  []string
}

var _ agents.Project = (*project)(nil)

// Open reads every file Copilot CLI reads hooks, switches and folder
// trust from for a session in dir.
func (agent) Open(_ context.Context, env agents.Env, dir string) (agents.Project, error) {
	return open(env, dir)
}

func open(env agents.Env, dir string) (*project, error) {
	p, err := loadProject(options{Cwd: dir, Getenv: env.Get})
	if err != nil {
		return nil, err
	}
	p.env, p.reviewRT = env, &trust.Runtime{Git: env.GitConfig(), Watch: p.mcpFiles()}
	p.store, p.storeErr = agents.LocateStore(env)
	p.Recorder = p.section
	p.loadMCP(env.Get)
	p.loadPlugins()
	p.loadAgentServers()
	return p, nil
}

// mcpFiles are the project files Copilot CLI reads MCP servers from, as
// glob patterns (present or not): .mcp.json and .github/mcp.json of the
// session folder and of every folder up to the repository's root
// (observed: it starts a trusted project's .mcp.json servers at launch;
// its bundle names .github/mcp.json beside it). Hookwarden does not review
// those servers as commands, so each file is part of every repository
// hook's approval: one a pull adds or changes needs review.
func (p *project) mcpFiles() []string {
	esc := strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`)
	var out []string
	for dir := p.Paths.Cwd; dir != ""; dir = filepath.Dir(dir) {
		out = append(out, esc.Replace(filepath.Join(dir, ".mcp.json")), esc.Replace(filepath.Join(dir, ".github", "mcp.json")))
		if dir == p.Paths.RepoRoot || filepath.Dir(dir) == dir {
			break
		}
	}
	return out
}

// agent names Copilot CLI.
func (p *project) Agent() agents.Info { return agent{}.Info() }

// Dir is the session folder with links resolved.
func (p *project) Dir() string { return p.Paths.Cwd }

// Hooks are every entry of every file, in Copilot's order.
func (p *project) Hooks() []*hooks.Hook {
	out := make([]*hooks.Hook, len(p.Handlers), len(p.Handlers)+len(p.Commands))
	for i, h := range p.Handlers {
		out[i] = h.Hook
	}
	return append(out, p.Commands...)
}

// Diagnostics are the findings about files (with Copilot's own warnings)
// and every hook's own.
func (p *project) Diagnostics() []hooks.Diagnostic {
	out := append([]hooks.Diagnostic(nil), p.diags...)
	for _, f := range p.Files {
		if f.Err != nil {
			out = append(out, hooks.Diagnostic{File: f.Path, Line: f.Err.Line, Column: f.Err.Column, Severity: hooks.SeverityError,
				Message: fileErrorText(f)})
		}
	}
	for _, h := range p.Handlers {
		if h.Hook.Status == hooks.StatusInvalid || h.Hook.Status == statusInvalidMatcher {
			out = append(out, hooks.Diagnostic{File: h.Hook.Origin.File, Line: h.Hook.Origin.Line, Column: h.Hook.Origin.Column,
				Severity: hooks.SeverityWarning, Message: h.Hook.Reason, HookID: h.Hook.ID})
		}
		out = append(out, h.Hook.Diagnostics...)
	}
	return out
}

// Unreadable are the files that exist but could not be read, or that
// Copilot rejects in part or whole.
func (p *project) Unreadable() []settingsio.FileError {
	var out []settingsio.FileError
	for _, f := range p.Files {
		if f.Err != nil && f.Kind != kindNotRead {
			out = append(out, settingsio.FileError{Layer: f.Layer, Path: f.Path, Line: f.Err.Line, Column: f.Err.Column, Message: fileErrorText(f)})
		}
	}
	return out
}

// Summary is the folder trust, whether Copilot runs hooks at all, and
// where its files are.
func (p *project) Summary() agents.Summary {
	s, paths := p, p.Paths
	ft := p.FolderTrust()
	sum := agents.Summary{
		FolderTrust: ft,
		Files: "The files Copilot CLI reads hooks from for this folder, in the order it runs them: ~/.copilot/hooks/*.json " +
			"(reverse name order) and ~/.copilot/settings.json (user), then the repository's .github/hooks/*.json (reverse " +
			"name order), .claude/settings.json, .claude/settings.local.json, .github/copilot/settings.json and " +
			"settings.local.json (loaded only in a trusted folder); files it does not read; config.json (folder trust); " +
			"then Hookwarden's store.",
	}
	if s.AllOff != "" {
		sum.HooksOff = "disableAllHooks is true in " + s.AllOff + ": Copilot runs no hook at all"
	}
	if paths.RepoRoot != paths.Cwd {
		sum.RepoRoot = paths.RepoRoot
	}
	sum.Heading = []agents.Fact{agents.ProjectFact(p.Dir(), "Copilot CLI "+version), agents.TrustFact(ft, ft.Trusted, paths.Config),
		agents.HooksFact("every matching hook of every layer runs, one after another", sum.HooksOff, s.AllOff)}
	sum.Facts = []agents.Field{
		{Key: "copilot_home", Label: "Copilot home", Value: paths.CopilotHome, Code: true},
		{Key: "repo_root", Label: "Repository files from", Value: paths.RepoRoot + " (the git root, else the folder; `--trust-folder` in a git subfolder reads the folder's own instead)", Code: true},
		{Key: "disabled_hooks", Label: "disabledHooks", Value: fmt.Sprintf("%d key(s) in %s", len(s.DisabledKeys), paths.UserSettings), JSON: s.DisabledKeys},
		{Key: "session_trust", Label: "Not seen by Hookwarden", Value: "`copilot --trust-folder` trusts the folder for one session without writing it anywhere; plugins (--plugin-dir, installed plugins) and policy hooks (/etc/github-copilot/policy.d) are not read"},
	}
	for _, f := range s.Files {
		for _, w := range f.Warnings {
			sum.Facts = append(sum.Facts, agents.Field{Key: "copilot_warning", Label: "Copilot warns", Value: w})
		}
	}
	sum.Document = agents.SummaryDocument(string(Name),
		agents.Member("copilot_home", paths.CopilotHome),
		agents.Member("repo_root", paths.RepoRoot),
		agents.Member("folder_trust", ft),
		agents.Member("trusted_folders", nonNil(s.Trust.Folders)),
		agents.Member("disabled_hooks", nonNil(s.DisabledKeys)),
		agents.Member("all_hooks_off", s.AllOff),
	)
	return sum
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// Layers are the files in Copilot's order with their states and hook
// counts, the files it does not read, config.json and Hookwarden's store.
func (p *project) Layers() []agents.Layer {
	perFile := agents.HooksPerFile(p.Hooks(), nil)
	var out []agents.Layer
	for _, f := range p.Files {
		out = append(out, p.layerOf(f, perFile[f.Path]))
	}
	out = append(out, p.mcpLayers(perFile)...)
	return append(out, agents.StoreLayer(p.store, p.storeErr, "Hookwarden's approvals of Copilot CLI repository hooks",
		"nothing approved through Hookwarden yet")...)
}

// Watch are every file the snapshot read or looked for, the hook folders
// and Hookwarden's store.
func (p *project) Watch() []string {
	paths := p.Paths
	out := []string{paths.UserHooksDir, paths.CopilotHome, filepath.Join(paths.RepoRoot, ".github", "hooks"),
		filepath.Join(paths.RepoRoot, ".github", "copilot"), filepath.Join(paths.RepoRoot, ".claude"), filepath.Join(paths.RepoRoot, ".github")}
	for _, f := range p.Files {
		out = append(out, f.Path)
	}
	for _, f := range append(append([]*settingsio.File{p.mcp.user}, p.mcp.project...), p.mcp.agents...) {
		if f != nil {
			out = append(out, f.Path)
		}
	}
	for dir := paths.Cwd; ; dir = filepath.Dir(dir) {
		for _, sub := range agentFolders {
			out = append(out, filepath.Join(dir, sub))
		}
		out = append(out, filepath.Join(dir, ".github", "lsp.json")) // lsp.go
		if dir == paths.RepoRoot || filepath.Dir(dir) == dir {
			break
		}
	}
	if p.store.Dir != "" {
		out = append(out, p.store.Path())
	}
	return agents.SortedPaths(out)
}
