package codex

import (
	"context"
	"fmt"

	"github.com/hookwarden/hookwarden/settingsio"
)

// SetFolderTrust writes [projects."<project root>"] trust_level = level
// ("trusted" or "untrusted") into the user config.toml, byte for byte as
// `codex exec --trust` writes it (observed; the TOML editor's golden cases
// hold what Codex wrote).
func (p *Project) SetFolderTrust(_ context.Context, level string) error {
	if level != "trusted" && level != "untrusted" {
		return fmt.Errorf("unknown Codex trust level %q (trusted or untrusted)", level)
	}
	key := p.root.TrustKey
	if key == "" {
		key = p.snap.Paths.ProjectRoot
	}
	v, err := p.editUserConfig(settingsio.TOMLSetString([]string{"projects", key}, "trust_level", level))
	if err != nil {
		return err
	}
	if v.projects[key] != level {
		return fmt.Errorf("%s: [projects.%q] trust_level does not read back as %q", p.snap.Paths.UserConfigTOML, key, level)
	}
	return nil
}
