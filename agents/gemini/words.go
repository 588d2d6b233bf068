package gemini

import (
	"fmt"

	"github.com/hookwarden/hookwarden/agents"
)

var _ agents.Worder = agent{}

// Words are Gemini CLI's words for folder-trust (the answers of its trust
// dialog, folderTrustLevels) and for the scope of a switch (its /hooks
// command's --scope).
func (agent) Words(arg agents.WordsOf) []agents.Word {
	switch arg {
	case agents.WordsFolderTrust:
		return []agents.Word{
			{Value: "trust", Meaning: fmt.Sprintf("record %s for the project in trustedFolders.json (the dialog's \"Trust folder\"): Gemini CLI loads its settings and hooks", trustFolder)},
			{Value: "parent", Meaning: fmt.Sprintf("record %s (\"Trust parent folder\"): the project's parent folder and every folder under it are trusted", trustParent)},
			{Value: "deny", Meaning: fmt.Sprintf("record %s (\"Don't trust\"): Gemini CLI loads no settings or hooks of the project", doNotTrust)},
		}
	case agents.WordsScope:
		return []agents.Word{
			{Value: "workspace", Meaning: "the project's .gemini/settings.json (the default)"},
			{Value: "user", Meaning: "your own ~/.gemini/settings.json, for every project"},
		}
	}
	return nil
}
