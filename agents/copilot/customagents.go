package copilot

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

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
// after the other commands (p.Commands).
func (p *project) loadAgentServers() {
	kit := claudeschema.Commands{Agent: Name}
	for dir := p.Paths.Cwd; ; dir = filepath.Dir(dir) {
		for _, sub := range agentFolders {
			root := filepath.Join(dir, sub)
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
				f := &settingsio.File{Path: root, Layer: layerRepository, Exists: true,
					Err: &settingsio.ParseError{Path: root, Line: 1, Column: 1, Msg: "cannot read the custom agents folder: " + err.Error()}}
				p.mcp.agents = append(p.mcp.agents, f)
				p.addAgentServers(kit.Servers(f, agentMCPWhen, false))
				continue
			}
			for _, path := range files {
				if f := agentFile(path); f != nil {
					p.mcp.agents = append(p.mcp.agents, f)
					p.addAgentServers(kit.Servers(f, agentMCPWhen, false))
				}
			}
		}
		if dir == p.Paths.RepoRoot || filepath.Dir(dir) == dir {
			break
		}
	}
}

func (p *project) addAgentServers(hs []*hooks.Hook) {
	for _, h := range hs {
		if h.Status == "" {
			h.Status, h.Reason = hooks.StatusRuns, "runs "+agentMCPWhen
		}
		p.diags = append(p.diags, h.Diagnostics...)
		p.Commands = append(p.Commands, h)
	}
}

// agentFile reads a custom agent file as a settings file whose
// "mcpServers" are its frontmatter's "mcp-servers"; nil when it has none.
// A file or frontmatter that cannot be read is a file with Err (an
// invalid entry).
func agentFile(path string) *settingsio.File {
	f := &settingsio.File{Path: path, Layer: layerRepository, Exists: true}
	data, err := os.ReadFile(path)
	if err != nil {
		f.Err = &settingsio.ParseError{Path: path, Line: 1, Column: 1, Msg: err.Error()}
		return f
	}
	f.Raw = data
	text := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\ufeff")), " \t\r\n")
	if !bytes.HasPrefix(text, []byte("---")) {
		return nil
	}
	offset := bytes.Count(data[:len(data)-len(text)], []byte("\n"))
	lines := strings.SplitAfter(string(text), "\n")
	end := -1
	for i := 1; i < len(lines); i++ {
		if strings.TrimRight(lines[i], " \t\r\n") == "---" {
			end = i
			break
		}
	}
	fail := func(line int, msg string) *settingsio.File {
		f.Err = &settingsio.ParseError{Path: path, Line: line, Column: 1, Msg: msg + ": Hookwarden cannot tell which MCP servers the custom agent starts"}
		return f
	}
	if end < 0 {
		return fail(offset+1, "the frontmatter is never closed with ---")
	}
	dec := yaml.NewDecoder(strings.NewReader(strings.Join(lines[1:end], "")))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil && err != io.EOF {
		return fail(offset+1, "the frontmatter is not valid YAML: "+err.Error())
	}
	var more yaml.Node
	if err := dec.Decode(&more); err != io.EOF {
		return fail(offset+1, "the frontmatter holds more than one YAML document")
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	top := doc.Content[0]
	budget := 100000
	var servers []settingsio.Member
	for i := 0; i+1 < len(top.Content); i += 2 {
		k := top.Content[i]
		if k.Tag == "!!merge" {
			return fail(offset+1+k.Line, "a YAML merge key (<<) in the frontmatter")
		}
		if k.Value != "mcp-servers" {
			continue
		}
		n, err := fromYAML(top.Content[i+1], offset+1, 0, &budget)
		if err != nil {
			return fail(offset+1+k.Line, err.Error())
		}
		servers = append(servers, settingsio.Member{Key: "mcpServers", KeyPos: settingsio.Pos{Line: offset + 1 + k.Line, Column: k.Column}, Value: n})
	}
	if len(servers) == 0 {
		return nil
	}
	if len(servers) > 1 {
		return fail(servers[1].KeyPos.Line, "mcp-servers is given more than once")
	}
	f.Root = &settingsio.Node{Kind: settingsio.Object, Pos: settingsio.Pos{Line: 1, Column: 1}, Members: servers}
	return f
}

// fromYAML is a YAML node as a JSON-kinded node, its lines moved by
// offset.
func fromYAML(n *yaml.Node, offset, depth int, budget *int) (*settingsio.Node, error) {
	if depth > 64 {
		return nil, errors.New("mcp-servers nests too deep")
	}
	if *budget--; *budget < 0 {
		return nil, errors.New("mcp-servers expands to too many values")
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return fromYAML(n.Alias, offset, depth+1, budget)
	}
	out := &settingsio.Node{Pos: settingsio.Pos{Line: n.Line + offset, Column: n.Column}}
	switch n.Kind {
	case yaml.MappingNode:
		out.Kind = settingsio.Object
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Tag == "!!merge" {
				return nil, fmt.Errorf("line %d: YAML merge keys (<<) are not read", k.Line+offset)
			}
			v, err := fromYAML(n.Content[i+1], offset, depth+1, budget)
			if err != nil {
				return nil, err
			}
			out.Members = append(out.Members, settingsio.Member{Key: k.Value, KeyPos: settingsio.Pos{Line: k.Line + offset, Column: k.Column}, Value: v})
		}
	case yaml.SequenceNode:
		out.Kind = settingsio.Array
		for _, it := range n.Content {
			v, err := fromYAML(it, offset, depth+1, budget)
			if err != nil {
				return nil, err
			}
			out.Items = append(out.Items, v)
		}
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			out.Kind = settingsio.Null
		case "!!bool":
			var b bool
			if err := n.Decode(&b); err != nil {
				return nil, err
			}
			out.Kind, out.Bool = settingsio.Bool, b
		case "!!int", "!!float":
			var f float64
			if err := n.Decode(&f); err != nil {
				return nil, err
			}
			if math.IsInf(f, 0) || math.IsNaN(f) {
				out.Kind, out.Str, out.Raw = settingsio.String, n.Value, n.Value
				break
			}
			out.Kind, out.Number, out.Raw = settingsio.Number, f, strconv.FormatFloat(f, 'g', -1, 64)
		default:
			out.Kind, out.Str, out.Raw = settingsio.String, n.Value, n.Value
		}
	default:
		return nil, fmt.Errorf("line %d: unsupported YAML node", n.Line+offset)
	}
	return out, nil
}
