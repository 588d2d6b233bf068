package claude

import "github.com/hookwarden/hookwarden/agents"

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
