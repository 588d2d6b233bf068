package claude

import (
	"fmt"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// readClaudeFolderTrust reads projects[<root>].hasTrustDialogAccepted from
// ~/.claude.json, trying root and then its parents (a trusted parent
// covers its children). Nothing is written.
func readClaudeFolderTrust(path, root, home, goos string, real bool) folderTrust {
	ft := folderTrust{File: path, Root: root}
	if !real {
		ft.Reason = "not read (another operating system is modelled)"
		return ft
	}
	data, exists, perr := settingsio.ReadSettingsFile(path)
	switch {
	case perr != nil:
		ft.Err = perr
		ft.Reason = "cannot read " + path + ": " + perr.Msg
		return ft
	case !exists:
		ft.Reason = path + " does not exist: Claude Code has never been trusted here and would ask in an interactive session"
		return ft
	}
	cfg, perr := parseJSON(path, data)
	if perr != nil {
		ft.Err = perr
		ft.Reason = perr.Error()
		return ft
	}
	projects := cfg.Get("projects")
	for dir := root; ; dir = filepath.Dir(dir) {
		if e := projects.Get(dir); e != nil {
			if accepted := e.Get("hasTrustDialogAccepted"); accepted.Is(settingsio.Bool) && accepted.Bool {
				ft.Key, ft.Accepted = dir, true
				ft.Reason = "the trust dialog was accepted for this folder"
				if dir != root {
					ft.Reason = fmt.Sprintf("the trust dialog was accepted for the parent folder %s", dir)
				}
				return ft
			}
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	ft.Reason = "no trust recorded for " + root + " or a parent folder: an interactive session asks first (claude -p runs every hook without asking)"
	if sameFolder(goos, root, home) {
		ft.Reason = "the project folder is the home folder: Claude Code trusts it for one session only and never records it"
	}
	return ft
}

// FolderTrustDetails are Claude Code's folder flag for the project
// (hasTrustDialogAccepted in ~/.claude.json), read only: Claude Code has
// no agents.FolderTruster (Info.Lacks says why).
func (p *project) FolderTrustDetails() ([]agents.Field, error) {
	ft := p.FolderTrust
	state := "not accepted"
	if ft.Accepted {
		state = "accepted"
	}
	rule := ft.Key
	if rule == "" {
		rule = "(no entry matches)"
	}
	rows := []agents.Field{
		{Key: "project", Label: "project", Value: p.ProjectDir, Code: true},
		{Key: "folder_trust", Label: "folder trust", Value: state + " (read only)"},
		{Key: "rule", Label: "rule", Value: rule},
	}
	if ft.Reason != "" {
		rows = append(rows, agents.Field{Key: "why", Label: "why", Value: ft.Reason})
	}
	return append(rows, agents.Field{Key: "file", Label: "file", Value: ft.File, Code: true}), nil
}
