package copilot

import "github.com/hookwarden/hookwarden/agents"

var _ agents.Worder = agent{}

// Words are Copilot's folder-trust levels (trustedFolders in
// ~/.copilot/config.json, as SetFolderTrust writes it). A switch has one
// place (disabledHooks in ~/.copilot/settings.json), so no scopes.
func (agent) Words(arg agents.WordsOf) []agents.Word {
	if arg == agents.WordsFolderTrust {
		return []agents.Word{
			{Value: "trusted", Meaning: "add the folder to trustedFolders in ~/.copilot/config.json: Copilot CLI loads the repository's hooks (.github/hooks, .claude and .github/copilot settings) here and in every folder below"},
			{Value: "untrusted", Meaning: "remove the folder (and every folder above it) from trustedFolders: Copilot CLI skips the repository's hooks without a word"},
		}
	}
	return nil
}
