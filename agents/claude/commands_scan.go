package claude

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// mcpScanKind is the scan's kind of a project's .mcp.json.
const mcpScanKind = "mcp"

// mcpScanFile recognises a project's .mcp.json.
func mcpScanFile(p string) (agents.ScanFile, bool) {
	if filepath.Base(p) != mcpFileName {
		return agents.ScanFile{}, false
	}
	return agents.ScanFile{Path: p, Kind: mcpScanKind, Root: filepath.Dir(p)}, true
}

// scanCommands are the commands that are not hooks of a scanned file: the
// MCP servers of a .mcp.json, the helper commands of a settings file, read
// as Open reads them, each at the line of its value.
func scanCommands(sf agents.ScanFile) ([]agents.ScanHook, error) {
	data, err := settingsio.ReadRegularFile(sf.Path)
	if err != nil {
		return nil, err
	}
	root, perr := parseSettings(sf.Path, data)
	if perr != nil {
		return nil, perr
	}
	f := &settingsio.File{Layer: LayerProject, Path: sf.Path, Exists: true, Raw: data, Root: root}
	r := &registry{Snapshot: &project{ProjectDir: sf.Root}, regex: newRegexCache()}
	if sf.Kind == mcpScanKind {
		r.collectMCPServers(f, f.Root.Get("mcpServers"), "mcpServers", nil)
	} else {
		r.Snapshot.Settings = []*settingsio.File{f}
		r.collectHelpers()
	}
	var out []agents.ScanHook
	for _, h := range r.Hooks {
		c := HandlerOf(h)
		d := agents.ScanHook{Line: h.Origin.Line, Column: h.Origin.Column, Event: string(h.Kind) + " " + h.Name,
			Type: h.Type, Command: commandLabel(h), URL: c.URL}
		d.Subject = (&project{}).RiskSubject(h, sf.Root)
		if d.Subject.Command == "" && d.Subject.URL == "" {
			continue
		}
		out = append(out, d)
	}
	return out, nil
}
