package codex

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// FolderTrustDetails are Codex's trust of the project root: the state, the
// [projects] entry that decided, why, and the file. A user config.toml
// Codex rejects is the error: Codex then starts with no configuration.
func (p *project) FolderTrustDetails() ([]agents.Field, error) {
	ft := p.FolderTrust()
	rule := "(no [projects] entry matches)"
	if p.RootTrust.Trust != "" {
		rule = fmt.Sprintf("[projects.%q] trust_level = %q", p.RootTrust.TrustKey, p.RootTrust.Trust)
	}
	rows := []agents.Field{
		{Key: "project", Label: "project", Value: p.Paths.ProjectRoot, Code: true},
		{Key: "folder_trust", Label: "folder trust", Value: ft.State},
		{Key: "rule", Label: "rule", Value: rule},
		{Key: "why", Label: "why", Value: ft.Reason},
		{Key: "file", Label: "file", Value: p.Paths.UserConfigTOML, Code: true},
	}
	f := &file{Path: p.Paths.UserConfigTOML, Kind: kindConfigTOML}
	if readConfigTOML(f); !f.State.Clean() {
		return rows, fmt.Errorf("%v (Codex rejects this file)", f.Err)
	}
	return rows, nil
}

// SetFolderTrust writes [projects."<project root>"] trust_level = level
// ("trusted" or "untrusted") into the user config.toml, byte for byte as
// `codex exec --trust` writes it (observed; the TOML editor's golden cases
// hold what Codex wrote).
func (p *project) SetFolderTrust(_ context.Context, level string) (*agents.FolderTrustResult, error) {
	if level != "trusted" && level != "untrusted" {
		return nil, &agents.InputError{Msg: fmt.Sprintf("unknown Codex trust level %q (want trusted or untrusted)", level)}
	}
	key := p.RootTrust.TrustKey
	if key == "" {
		key = p.Paths.ProjectRoot
	}
	path := p.Paths.UserConfigTOML
	var v configValues
	b, changed, err := agents.BackedUp([]string{path}, func() error {
		var err error
		v, err = p.editUserConfig(settingsio.TOMLSetString([]string{"projects", key}, "trust_level", level))
		return err
	})
	if err != nil {
		return nil, err
	}
	if v.projects[key] != level {
		return nil, fmt.Errorf("%s: [projects.%q] trust_level does not read back as %q", path, key, level)
	}
	return &agents.FolderTrustResult{Message: fmt.Sprintf("recorded trust_level = %q for %s in %s", level, key, path),
		Files: changed, Backup: b}, nil
}
