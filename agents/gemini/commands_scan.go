package gemini

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

// manifestScanKind is the scan's kind of an extension's
// gemini-extension.json (its mcpServers).
const manifestScanKind = "extension-manifest"

// manifestScanFile recognises an extension's gemini-extension.json.
func manifestScanFile(p string) (agents.ScanFile, bool) {
	if filepath.Base(p) != extensionManifestName {
		return agents.ScanFile{}, false
	}
	return agents.ScanFile{Path: p, Kind: manifestScanKind, Root: filepath.Dir(p), RootVars: []string{"${extensionPath}"}}, true
}

// scanCommands are the commands that are not hooks of a scanned settings
// file or extension manifest, read as Open reads them, each at the line of
// its value, with the file's root filled in for its placeholders.
func scanCommands(sf agents.ScanFile) ([]agents.ScanHook, error) {
	data, err := settingsio.ReadRegularFile(sf.Path)
	if err != nil {
		return nil, err
	}
	root, perr := settingsio.ParseJSONC(sf.Path, data)
	if perr != nil {
		return nil, perr
	}
	layer := settingsio.LayerWorkspace
	if sf.Kind == manifestScanKind {
		layer = settingsio.LayerExtension
	}
	f := &settingsio.File{Layer: layer, Path: sf.Path, Exists: true, Raw: data, Root: root}
	r := &Registry{Snapshot: &Project{ProjectDir: sf.Root, Settings: []*settingsio.File{f}}}
	r.collectCommands(true)
	fill := sf.RootFiller()
	var out []agents.ScanHook
	for _, h := range r.Commands {
		if h.Command == "" && h.Description == "" {
			continue
		}
		in := risk.FromHook(h, sf.Root)
		in.Command = fill.Replace(in.Command)
		if h.Command == "" {
			in.URL = h.Description
		}
		out = append(out, agents.ScanHook{Line: h.Origin.Line, Column: h.Origin.Column, Event: string(h.Kind) + " " + h.Name,
			Type: h.Type, Command: hooks.CommandTitleOf(h), URL: in.URL, Subject: in})
	}
	return out, nil
}
