package claude

import (
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

var _ agents.Scanner = agent{}

// scanRules are where Claude Code's hook files are: .claude/settings.json
// and settings.local.json, and a plugin's hooks/hooks.json (an agent before
// it in the registry may claim the latter: Gemini CLI's extensions keep
// theirs there too).
var scanRules = []agents.ScanRule{
	{Folder: ".claude", Names: []string{"settings.json", "settings.local.json"}, Kind: "settings"},
	{Folder: "hooks", Names: []string{"hooks.json"}, Kind: "plugin",
		RootVars: []string{"${CLAUDE_PLUGIN_ROOT}", "$CLAUDE_PLUGIN_ROOT"}},
}

// HookFile recognises Claude Code's hook files (scanRules).
func (agent) HookFile(p string) (agents.ScanFile, bool) {
	if f, ok := mcpScanFile(p); ok {
		return f, true
	}
	return agents.MatchScanRules(p, scanRules...)
}

// ScanHooks reads the hooks of one of Claude Code's hook files: "hooks" →
// event → definitions → "hooks" → handlers, with the file's root filled
// in for its placeholders (agents.Scanner).
func (a agent) ScanHooks(f agents.ScanFile) ([]agents.ScanHook, error) {
	hs, err := agents.ScanSettingsHooks(a.Info().Name, f, mcpScanKind, scanCommands)
	// exec form: Claude Code fills ${CLAUDE_PROJECT_DIR} in each word of
	// args by text (RiskSubject); a settings file's project is its Root
	if f.Kind == "settings" {
		for i := range hs {
			for k, w := range hs[i].Subject.Args {
				hs[i].Subject.Args[k] = strings.ReplaceAll(w, "${CLAUDE_PROJECT_DIR}", f.Root)
			}
		}
	}
	return hs, err
}

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
