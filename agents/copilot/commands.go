package copilot

import (
	"path/filepath"
	"slices"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Copilot CLI starts more than hooks from the files a project brings: the
// MCP servers of its MCP server files, when a session starts. Observed
// with copilot-live 1.0.102 (a server that writes a marker):
//
//   - in each folder from the session folder up to the git root (the
//     session folder alone outside a git work tree) it reads .mcp.json, or
//     .github/mcp.json when that folder has no .mcp.json — an .mcp.json
//     that is broken or holds no servers still hides it; a nearer
//     folder's server wins by name;
//   - only from a trusted folder, each folder by its own trust
//     (trustedFolders holding it, COPILOT_ALLOW_ALL=true, or
//     GITHUB_COPILOT_PROMPT_MODE_WORKSPACE_MCP=true in -p mode;
//     `--trust-folder` trusts the session folder only); an untrusted
//     folder's servers are skipped without a word;
//   - ~/.copilot/mcp-config.json, the user's, in every folder;
//   - not .vscode/mcp.json (Copilot says its support was removed), not the
//     mcpServers of .claude/settings.json or .github/copilot/settings.json.
//
// Copilot asks nothing before it starts them. Each is an entry of the
// shared model (hooks.KindMCPServer), the project's reviewed in the shared
// "commands" section of Hookwarden's store with the user hooks that reach
// the project (agents.ReviewCommands), whatever the folder trust: trusting
// the folder later must not start a server nobody looked at.

const mcpWhen = "when a Copilot CLI session starts here (Copilot asks nothing first)"

// mcpFiles are the MCP server files of the project, farthest folder
// first, and the user's, as loadMCP read them.
type mcpFiles struct {
	user    *settingsio.File
	project []*settingsio.File
	// agents are the custom agent files whose frontmatter names MCP
	// servers (customagents.go).
	agents []*settingsio.File
	// lsp are the project's language server files (lsp.go).
	lsp []*settingsio.File
}

// loadMCP reads the MCP server files and lists their servers after the
// hooks (p.Commands), in Copilot's precedence: the user's, then the
// project's from the git root down to the session folder.
//
// Copilot CLI 1.0.102 starts a stdio server as its command resolved to a
// path ("/usr/bin/sh", the project's "./srv.sh" made absolute) with its
// args as written (observed with strace through the copilot-live kit):
// exec --enforce holds the project's (claudeschema.Commands.Started).
func (p *project) loadMCP(getenv func(string) string) {
	kit := claudeschema.Commands{Agent: Name, Started: true, Resolves: true}
	var dirs []string
	for dir := p.Paths.Cwd; ; dir = filepath.Dir(dir) {
		dirs = append([]string{dir}, dirs...)
		if p.Paths.GitRoot == "" || dir == p.Paths.GitRoot || filepath.Dir(dir) == dir {
			break
		}
	}
	p.mcp.user = claudeschema.ReadSettings(layerUser, filepath.Join(p.Paths.CopilotHome, "mcp-config.json"))
	all := kit.Servers(p.mcp.user, mcpWhen, false)
	for _, h := range all {
		if h.Status == "" {
			h.Status, h.Reason = hooks.StatusRuns, "your own MCP server: Copilot CLI starts it in every folder"
		}
	}
	optIn := getenv("GITHUB_COPILOT_PROMPT_MODE_WORKSPACE_MCP") == "true"
	for _, dir := range dirs {
		trusted := p.Trust.AllowAll || optIn
		for _, f := range p.Trust.Folders {
			trusted = trusted || within(dir, filepath.Clean(f))
		}
		main := claudeschema.ReadSettings(layerRepository, filepath.Join(dir, ".mcp.json"))
		alt := claudeschema.ReadSettings(layerRepository, filepath.Join(dir, ".github", "mcp.json"))
		for _, f := range []*settingsio.File{main, alt} {
			if !f.Exists && f.Err == nil {
				continue
			}
			p.mcp.project = append(p.mcp.project, f)
			for _, h := range kit.Servers(f, mcpWhen, false) {
				switch {
				case h.Status != "":
				case f == alt && main.Exists:
					h.Status, h.Reason = hooks.StatusDisabled, "Copilot CLI reads "+main.Path+" instead (a folder's .mcp.json hides its .github/mcp.json)"
				case !trusted:
					h.Status, h.Reason = hooks.StatusBlockedUntrustedFolder, "skipped silently by Copilot CLI: "+dir+" is not a trusted folder; it starts once the folder is trusted"
				default:
					h.Status, h.Reason = hooks.StatusRuns, "runs "+mcpWhen
				}
				all = append(all, h)
			}
		}
	}
	var started []*hooks.Hook
	for _, h := range all {
		if h.Status == hooks.StatusRuns && slices.Contains(p.DisabledMCP, h.Name) {
			// reviewed all the same: a server nobody looked at must not
			// start once the user takes it off the list
			h.Status, h.Reason = hooks.StatusDisabled, "disabledMcpServers of "+p.Paths.UserSettings+" names it: Copilot CLI does not start it"
		}
		if h.Status == hooks.StatusRuns {
			started = append(started, h)
		}
	}
	claudeschema.Overridden(started, hooks.StatusDuplicate, func(w *hooks.Hook) string {
		return "the server " + w.Name + " of " + w.Origin.File + " takes precedence (the nearer folder's wins)"
	})
	for _, h := range all {
		if h.Status == "" {
			h.Status = hooks.StatusRuns
		}
		p.diags = append(p.diags, h.Diagnostics...)
	}
	p.Commands = all
	p.loadLSP(dirs)
}

// mcpSpecs are the project's MCP servers as the shared review takes them.
func (p *project) mcpSpecs() []agents.CommandSpec {
	var out []agents.CommandSpec
	rt := scriptRuntime(p.env.GitConfig())
	for _, h := range p.Commands {
		if s, ok := p.pluginSpec(h); ok {
			out = append(out, s)
		} else if h.Kind == hooks.KindLanguageServer && h.Origin.Layer == layerRepository {
			root := p.lspRoot(h)
			s := claudeschema.CommandSpec(h, &rt, root)
			if s.ScriptCommand != "" && s.ScriptCwd == "" {
				s.ScriptCwd, s.ScriptRoots = root, []string{root}
			}
			out = append(out, s)
		} else if h.Origin.Layer == layerRepository {
			out = append(out, claudeschema.CommandSpec(h, &rt, p.Dir()))
		}
	}
	return out
}

// commandSpecs are what Hookwarden reviews in the shared "commands"
// section: the project's MCP servers, then the user hooks that reach the
// project.
func (p *project) commandSpecs() []agents.CommandSpec {
	return append(p.mcpSpecs(), p.reachingHooks()...)
}

// commandByID is the MCP server entry with id (nil none).
func (p *project) commandByID(id string) *hooks.Hook {
	for _, h := range p.Commands {
		if h.ID == id {
			return h
		}
	}
	return nil
}

// mcpLayers are the MCP server files as layers (the user's when it
// exists), each with its servers.
func (p *project) mcpLayers(per map[string]int) []agents.Layer {
	var out []agents.Layer
	for _, f := range append(append(append([]*settingsio.File{p.mcp.user}, p.mcp.project...), p.mcp.agents...), p.mcp.lsp...) {
		if f == nil || !f.Exists && f.Err == nil {
			continue
		}
		l := agents.FileLayer(f)
		l.Label, l.Hooks, l.Reviewed = "MCP servers", per[f.Path], f.Layer == layerRepository
		if slices.Contains(p.mcp.agents, f) {
			l.Label = "custom agent's MCP servers"
		}
		if slices.Contains(p.mcp.lsp, f) {
			l.Label = "language servers"
		}
		out = append(out, l)
	}
	return out
}
