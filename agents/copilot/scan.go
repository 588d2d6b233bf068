package copilot

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/risk"
)

var _ agents.Scanner = agent{}

// HookFile recognises a repository's Copilot CLI hook files:
// .github/hooks/**/*.json (at any depth below .github/hooks, hidden
// subfolders left out, as hookFiles reads them) and
// .github/copilot/settings(.local).json, whose hooks run in the folder
// holding .github. (.claude/settings*.json are Copilot's too, but Claude
// Code's scanner claims them first.)
func (agent) HookFile(p string) (agents.ScanFile, bool) {
	dir, name := filepath.Dir(p), filepath.Base(p)
	if root, ok := hooksFolderRoot(dir); ok && strings.HasSuffix(name, ".json") {
		return agents.ScanFile{Path: p, Kind: "hooks", Root: root}, true
	}
	switch {
	case filepath.Base(dir) == "copilot" && filepath.Base(filepath.Dir(dir)) == ".github" && (name == "settings.json" || name == "settings.local.json"):
		return agents.ScanFile{Path: p, Kind: "settings", Root: filepath.Dir(filepath.Dir(dir))}, true
	case filepath.Base(dir) == ".claude" && (name == "settings.json" || name == "settings.local.json"):
		return agents.ScanFile{Path: p, Kind: "settings", Root: filepath.Dir(dir)}, true
	}
	return agents.ScanFile{}, false
}

// ScanHooks reads a file's hooks as Load does (the same reader: a file
// Copilot rejects is an error, its hooks still analysed), each with its
// place; entries of unknown events are left out (Copilot never runs them).
func (a agent) ScanHooks(sf agents.ScanFile) ([]agents.ScanHook, error) {
	f := &file{Path: sf.Path, Kind: kindHooksFile, Layer: layerRepository, Loaded: true}
	if sf.Kind == "settings" {
		f.Kind = kindSettings
	}
	readJSON(f)
	s := &project{Paths: paths{Cwd: sf.Root, RepoRoot: sf.Root}}
	if !f.Exists && f.Err == nil {
		return nil, fmt.Errorf("%s: the file is gone", f.Path)
	}
	if f.Kind == kindHooksFile {
		s.addHooksFile(f)
	} else {
		s.addSettings(f)
	}
	var out []agents.ScanHook
	for _, h := range s.Handlers {
		if h.Event.Name == "" || h.Hook.Command == "" {
			continue
		}
		matcher := ""
		if h.Matcher != nil {
			matcher = *h.Matcher
		}
		line, col := h.Hook.Origin.Line, h.Hook.Origin.Column
		if n := h.Hook.Node; n != nil {
			for _, k := range []string{"bash", "command", "exec", "powershell"} {
				if v := n.Get(k); v != nil {
					line, col = v.Pos.Line, v.Pos.Column
					break
				}
			}
		}
		in := risk.Hook{Agent: a.Info().Name, Event: string(h.Event.Name), Matcher: matcher, ProjectDir: sf.Root, Env: h.Env}
		switch {
		case h.Bash != nil:
			in.Command = *h.Bash
		case h.Exec != nil:
			in.Command, in.Args = *h.Exec, h.Args
		case h.PowerShell != nil:
			in.Command = *h.PowerShell
		}
		out = append(out, agents.ScanHook{Line: line, Column: col, Event: string(h.Event.Name), Matcher: matcher, Type: h.Type,
			Command: h.Hook.Command, Subject: in})
	}
	if f.Err != nil {
		return out, f.Err
	}
	return out, nil
}

// hooksFolderRoot is the folder holding .github when dir is .github/hooks
// or one of its subfolders that Copilot reads (none of the folders below
// hooks hidden).
func hooksFolderRoot(dir string) (string, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		base := filepath.Base(d)
		if base == "hooks" && filepath.Base(filepath.Dir(d)) == ".github" {
			return filepath.Dir(filepath.Dir(d)), true
		}
		if strings.HasPrefix(base, ".") || filepath.Dir(d) == d {
			return "", false
		}
	}
}
