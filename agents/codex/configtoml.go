package codex

import "github.com/hookwarden/hookwarden/settingsio"

// configValues are the parts of a config.toml (or requirements.toml) that
// decide which hooks run.
type configValues struct {
	// hooks is the [hooks] table's definitions (nil when absent).
	hooks *defFile
	// states is [hooks.state."<key>"], read only from the user config.toml
	// (observed: hooks.state in a project .codex/config.toml is ignored;
	// source: config_rules.rs reads User, InMemory and SessionFlags only).
	states map[string]hookState
	// projects is [projects."<path>"] trust_level.
	projects map[string]string
	// markers is project_root_markers when set.
	markers    []string
	hasMarkers bool
	// allowManagedHooksOnly is requirements.toml's allow_managed_hooks_only.
	allowManagedHooksOnly bool
}

// hookState is one [hooks.state."<key>"] table.
type hookState struct {
	trustedHash    string
	hasTrustedHash bool
	enabled        *bool
	pos            settingsio.Pos
}

// readConfigTOML reads a config.toml or requirements.toml into f and
// returns its values. Hookwarden's positioned TOML reader
// (settingsio/toml*.go, branch codex-toml) has not landed in this branch
// yet: an existing file reads as FileNotRead, which is never clean, so its
// hooks and trust are shown as unknown instead of guessed.
func readConfigTOML(f *File) configValues {
	if readFile(f) == nil {
		return configValues{}
	}
	f.fail(0, 0, FileNotRead, "Hookwarden cannot read TOML files yet: the [hooks] table, hook trust ([hooks.state]) and project trust of this file are unknown")
	return configValues{}
}
