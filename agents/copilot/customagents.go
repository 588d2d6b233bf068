package copilot

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// A project's custom agents can start MCP servers. Observed with
// copilot-live 1.0.102: a Markdown file under .github/agents/ or
// .claude/agents/ (any name, .agent.md or not, in subfolders too, a byte
// order mark before its frontmatter too) of the session folder or of any
// folder up to the git root, whose YAML frontmatter has "mcp-servers"
// ({name: {type: local, command, args, tools}}), makes Copilot CLI start
// that server when the agent runs: when the model calls it through the
// task tool (agent_type: its name) or the user picks it (--agent), with
// no question asked and in a folder that is not trusted too. The key
// "mcpServers" there starts nothing. Hookwarden did not read these files:
// a pull adding such an agent to an approved project read as clean.
//
// Each such server is an MCP server entry of the project, reviewed like
// an .mcp.json's (its fields, the scripts its command line runs). A
// frontmatter Hookwarden cannot read as YAML is an invalid entry whose
// value is the file's text: it needs review whenever it changes.

const agentMCPWhen = "when a custom agent of the project runs: the model may call it (the task tool) or the user pick it (--agent); Copilot CLI asks nothing first, trusted folder or not"

// agentFolders are where Copilot CLI reads a folder's custom agents.
var agentFolders = []string{filepath.Join(".github", "agents"), filepath.Join(".claude", "agents")}

// maxAgentFiles caps the files read under one agents folder; beyond it
// the folder is an invalid entry (fails closed).
const maxAgentFiles = 5000

// loadAgentServers lists the MCP servers of the project's custom agents
// after the other commands (p.Commands), then those of the user's own
// (~/.copilot/agents): Copilot starts them in the project too (observed:
// TestLiveStartsAUserCustomAgentsServerInTheProject, "bash srv.sh" ran
// the project's srv.sh), so they are reviewed for it when they reach its
// code (reachingHooks).
func (p *project) loadAgentServers() {
	for dir := p.Paths.Cwd; ; dir = filepath.Dir(dir) {
		for _, sub := range agentFolders {
			p.agentServersIn(filepath.Join(dir, sub), layerRepository)
		}
		if dir == p.Paths.RepoRoot || filepath.Dir(dir) == dir {
			break
		}
	}
	if p.Paths.CopilotHome != "" {
		p.agentServersIn(filepath.Join(p.Paths.CopilotHome, "agents"), layerUser)
	}
}

// agentServersIn lists the MCP servers of the custom agent files under
// root, of layer.
func (p *project) agentServersIn(root string, layer settingsio.Layer) {
	kit := claudeschema.Commands{Agent: Name}
	when := agentMCPWhen
	if layer == layerUser {
		when = "when a custom agent of yours runs, in the project folder: the model may call it (the task tool) or the user pick it (--agent); Copilot CLI asks nothing first"
	}
	var files []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == root && errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if !d.IsDir() {
			if files = append(files, path); len(files) > maxAgentFiles {
				return fmt.Errorf("more than %d files", maxAgentFiles)
			}
		}
		return nil
	})
	if err != nil {
		f := &settingsio.File{Path: root, Layer: layer, Exists: true,
			Err: &settingsio.ParseError{Path: root, Line: 1, Column: 1, Msg: "cannot read the custom agents folder: " + err.Error()}}
		p.mcp.agents = append(p.mcp.agents, f)
		p.addAgentServers(kit.Servers(f, when, false), when)
		return
	}
	for _, path := range files {
		if f := agentFile(path, layer); f != nil {
			p.mcp.agents = append(p.mcp.agents, f)
			p.addAgentServers(kit.Servers(f, when, false), when)
		}
	}
}

func (p *project) addAgentServers(hs []*hooks.Hook, when string) {
	for _, h := range hs {
		if h.Status == "" {
			h.Status, h.Reason = hooks.StatusRuns, "runs "+when
		}
		p.diags = append(p.diags, h.Diagnostics...)
		p.Commands = append(p.Commands, h)
	}
}

// agentFile reads a custom agent file as a settings file whose
// "mcpServers" are its frontmatter's "mcp-servers"; nil when it has none.
// A file or frontmatter that cannot be read is a file with Err (an
// invalid entry).
func agentFile(path string, layer settingsio.Layer) *settingsio.File {
	f := claudeschema.ReadFrontmatter(layer, path)
	if f == nil || f.Err != nil {
		return f
	}
	var servers []settingsio.Member
	for _, m := range f.Root.Members {
		if m.Key == "mcp-servers" {
			servers = append(servers, settingsio.Member{Key: "mcpServers", KeyPos: m.KeyPos, Value: m.Value})
		}
	}
	switch len(servers) {
	case 0:
		return nil
	case 1:
		f.Root = &settingsio.Node{Kind: settingsio.Object, Pos: f.Root.Pos, Members: servers}
	default:
		f.Root, f.Err = nil, &settingsio.ParseError{Path: path, Line: servers[1].KeyPos.Line, Column: servers[1].KeyPos.Column,
			Msg: "mcp-servers is given more than once: Hookwarden cannot tell which MCP servers the custom agent starts"}
	}
	return f
}
