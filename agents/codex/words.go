package codex

import "github.com/hookwarden/hookwarden/agents"

var _ agents.Worder = agent{}

// Words are Codex's trust levels for folder-trust ([projects."<root>"]
// trust_level in the user config.toml, as SetFolderTrust writes it). A
// Codex switch has one place (the user config.toml), so no scopes.
func (agent) Words(arg agents.WordsOf) []agents.Word {
	if arg == agents.WordsFolderTrust {
		return []agents.Word{
			{Value: "trusted", Meaning: "write trust_level = \"trusted\" for the project root in your config.toml: Codex loads the project's .codex config and hooks (each hook still needs its own trust)"},
			{Value: "untrusted", Meaning: "write trust_level = \"untrusted\": Codex loads no project-local config, hooks or exec policies"},
		}
	}
	return nil
}
