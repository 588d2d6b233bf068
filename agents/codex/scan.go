package codex

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/risk"
	"github.com/hookwarden/hookwarden/settingsio"
)

var _ agents.Scanner = agent{}

// scanRules are where Codex keeps a folder's hook files: .codex/hooks.json
// and the [hooks] table of .codex/config.toml, in the project root and in
// every folder below it (nested .codex folders each load; see
// projectDirs). The folder holding .codex is where the hooks run.
var scanRules = []agents.ScanRule{
	{Folder: ".codex", Names: []string{"hooks.json"}, Kind: "settings"},
	{Folder: ".codex", Names: []string{"config.toml"}, Kind: "settings"},
}

// HookFile recognises Codex's hook files (scanRules).
func (agent) HookFile(p string) (agents.ScanFile, bool) {
	return agents.MatchScanRules(p, scanRules...)
}

// ScanHooks reads the hooks of a .codex/hooks.json or the [hooks] of a
// .codex/config.toml the way Load does (the same readers, so a file Codex
// refuses is an error here too), each command hook with the place of its
// command; a command_windows is a hook of its own (it runs on Windows).
// Codex loads no hook from a file with a decode error, but scan still
// analyses what the file holds and returns the error with the hooks.
// Unknown events are left out: Codex never runs them.
func (a agent) ScanHooks(sf agents.ScanFile) ([]agents.ScanHook, error) {
	f := &file{Path: sf.Path}
	var defs *defFile
	var cmds []agents.ScanHook
	switch filepath.Base(sf.Path) {
	case "hooks.json":
		f.Kind = kindHooksJSON
		if data := readFile(f); data != nil {
			if root := parseHooksJSON(f, data); root != nil {
				defs = decodeHooksJSON(f.Path, root)
			}
		}
	case "config.toml":
		f.Kind = kindConfigTOML
		defs = readConfigTOML(f).hooks
		cmds = scanCommands(f, sf)
	default:
		return nil, fmt.Errorf("codex: %s is not a Codex hook file", sf.Path)
	}
	var err error
	switch {
	case f.Err != nil:
		err = f.Err
	case f.State == fileMissing:
		err = fmt.Errorf("%s: the file is gone", f.Path)
	case f.State != fileOK:
		err = errors.New(f.Path + ": " + string(f.State))
	}
	if defs == nil {
		return cmds, err
	}
	if err == nil && len(defs.errs) > 0 {
		e := defs.errs[0]
		err = &settingsio.ParseError{Path: f.Path, Line: e.pos.Line, Column: e.pos.Column,
			Msg: e.msg + " (Codex loads none of this file's hooks)"}
	}
	return append(scanDefs(a.Info().Name, sf, defs), cmds...), err
}

func scanDefs(agent string, sf agents.ScanFile, defs *defFile) []agents.ScanHook {
	var out []agents.ScanHook
	for _, ev := range defs.events {
		if !ev.known {
			continue
		}
		for _, g := range ev.groups {
			matcher := ""
			if g.matcher != nil && ev.info.KeepsMatcher {
				matcher = *g.matcher
			}
			for _, d := range g.handlers {
				if d.typ != "command" {
					continue
				}
				add := func(command string, keys ...string) {
					line, col := d.pos.Line, d.pos.Column
					for _, k := range keys {
						if p, ok := d.valuePos(k); ok {
							line, col = p.Line, p.Column
							break
						}
					}
					out = append(out, agents.ScanHook{Line: line, Column: col, Event: string(ev.name), Matcher: matcher,
						Type: d.typ, Command: command,
						Subject: risk.Hook{Agent: agent, Event: string(ev.name), Matcher: matcher, Command: command, ProjectDir: sf.Root}})
				}
				if d.command != "" {
					add(d.command, "command")
				}
				if d.commandWindows != nil && *d.commandWindows != "" && *d.commandWindows != d.command {
					add(*d.commandWindows, "command_windows", "commandWindows")
				}
			}
		}
	}
	return out
}

// valuePos is where the value of the handler's key stands.
func (d defHandler) valuePos(key string) (settingsio.Pos, bool) {
	switch {
	case d.node != nil:
		if v := d.node.Get(key); v != nil {
			return v.Pos, true
		}
	case d.table != nil:
		if v := d.table.Value(key); v != nil {
			return v.Pos, true
		}
	}
	return settingsio.Pos{}, false
}
