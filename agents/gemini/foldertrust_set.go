package gemini

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
)

// folderTrustLevels are the answers of Gemini CLI's trust dialog, by the
// word the command line takes.
var folderTrustLevels = map[string]trustLevel{"trust": trustFolder, "parent": trustParent, "deny": doNotTrust}

// FolderTrustDetails are Gemini CLI's folder-trust decision for the
// project: the state, the rule of trustedFolders.json (or the switch) that
// decided and its level, why, and the file. A trustedFolders.json that
// does not parse is the error: Gemini CLI refuses to start with it.
func (p *Project) FolderTrustDetails() ([]agents.Field, error) {
	ft := p.FolderTrust
	rule := ft.Rule
	if rule == "" {
		rule = "(no rule matches)"
	}
	if ft.Level != "" {
		rule += " " + ft.Level
	}
	rows := []agents.Field{
		{Key: "project", Label: "project", Value: p.ProjectDir, Code: true},
		{Key: "folder_trust", Label: "folder trust", Value: string(ft.State)},
		{Key: "rule", Label: "rule", Value: rule},
	}
	if ft.Reason != "" {
		rows = append(rows, agents.Field{Key: "why", Label: "why", Value: ft.Reason})
	}
	rows = append(rows, agents.Field{Key: "file", Label: "file", Value: ft.File, Code: true})
	if ft.Err != nil {
		return rows, fmt.Errorf("%v (Gemini CLI refuses to start with this file)", ft.Err)
	}
	return rows, nil
}

// SetFolderTrust records level ("trust", "parent" or "deny") for the
// project in trustedFolders.json, as Gemini CLI's trust dialog does.
func (p *Project) SetFolderTrust(ctx context.Context, level string) (*agents.FolderTrustResult, error) {
	l, ok := folderTrustLevels[level]
	if !ok {
		return nil, &agents.InputError{Msg: fmt.Sprintf("unknown decision %q (want trust, parent or deny)", level)}
	}
	file := p.Paths.TrustedFolders
	b, changed, err := agents.BackedUp([]string{file}, func() error {
		return setFolderTrust(ctx, file, p.ProjectDir, l, p.env.GOOS)
	})
	if err != nil {
		return nil, err
	}
	return &agents.FolderTrustResult{Message: fmt.Sprintf("recorded %s for %s in %s", l, FolderKey(p.ProjectDir, p.env.GOOS), file),
		Files: changed, Backup: b}, nil
}
