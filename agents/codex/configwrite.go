package codex

import (
	"errors"
	"fmt"
	"os"
	"regexp"

	"github.com/hookwarden/hookwarden/settingsio"
)

// Writing the user config.toml, the one file Codex reads hook trust, hook
// switches and project trust from. Every write is an edit that keeps every
// other byte, comment and table order (settingsio.EditTOMLFile: atomic,
// permissions kept, a concurrent writer's change not lost), refused on a
// file that does not parse or that Codex already rejects, and read back
// as Codex reads it.

// configMode is the mode of a config.toml Hookwarden creates (Codex keeps
// secrets such as API keys there).
const configMode = 0o600

// hashPattern is a trusted_hash Codex can ever match.
var hashPattern = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)

// stateTable is the key path of [hooks.state."<key>"].
func stateTable(key string) []string { return []string{"hooks", "state", key} }

// editUserConfig applies edits to the user config.toml, refusing a file
// Codex rejects as it is (then Codex runs no hook at all, and an edit
// would hide that), and returns the values as Codex reads them afterwards.
func (p *project) editUserConfig(edits ...settingsio.TOMLEdit) (configValues, error) {
	path := p.Paths.UserConfigTOML
	f := &file{Path: path, Kind: kindConfigTOML}
	if v := readConfigTOML(f); !f.State.Clean() {
		return v, fmt.Errorf("not editing %s: %s (Codex rejects this file as it is; fix it first)", path, f.Err)
	}
	if err := os.MkdirAll(p.Paths.CodexHome, 0o700); err != nil {
		return configValues{}, fmt.Errorf("creating CODEX_HOME: %w", err)
	}
	if err := settingsio.EditTOMLFile(path, configMode, edits...); err != nil {
		return configValues{}, err
	}
	back := &file{Path: path, Kind: kindConfigTOML}
	v := readConfigTOML(back)
	if !back.State.Clean() {
		return v, fmt.Errorf("%s does not read back: %s", path, back.Err)
	}
	return v, nil
}

// checkKey refuses a trust key that names no hook Codex lists here.
func (p *project) checkKey(key string) (*handler, error) {
	h := p.HandlerByKey(key)
	if h == nil {
		return nil, fmt.Errorf("no Codex hook with the key %q in this project", key)
	}
	if h.IsManaged {
		return nil, errors.New(key + " is a managed hook: Codex always trusts and runs it, its state cannot be changed")
	}
	return h, nil
}
