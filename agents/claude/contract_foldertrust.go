package claude

import (
	"context"

	"github.com/hookwarden/hookwarden/agents"
)

// FolderTrustDetails are Claude Code's folder flag for the project
// (hasTrustDialogAccepted in ~/.claude.json), read only.
func (p *project) FolderTrustDetails() ([]agents.Field, error) {
	ft := p.snap.FolderTrust
	state := "not accepted"
	if ft.Accepted {
		state = "accepted"
	}
	rule := ft.Key
	if rule == "" {
		rule = "(no entry matches)"
	}
	rows := []agents.Field{
		{Key: "project", Label: "project", Value: p.snap.ProjectDir, Code: true},
		{Key: "folder_trust", Label: "folder trust", Value: state + " (read only)"},
		{Key: "rule", Label: "rule", Value: rule},
	}
	if ft.Reason != "" {
		rows = append(rows, agents.Field{Key: "why", Label: "why", Value: ft.Reason})
	}
	return append(rows, agents.Field{Key: "file", Label: "file", Value: ft.File, Code: true}), nil
}

// SetFolderTrust is not Hookwarden's to do: Claude Code records the flag
// itself when its trust dialog is answered.
func (p *project) SetFolderTrust(context.Context, string) (*agents.FolderTrustResult, error) {
	return nil, agents.NotSupported("folder trust", "Claude Code records its folder trust (hasTrustDialogAccepted in ~/.claude.json) "+
		"when its trust dialog is answered in an interactive session; Hookwarden only reads it")
}
