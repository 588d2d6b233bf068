package gemini

import (
	"os"
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
)

var _ agents.Scanner = Agent{}

// HookFile recognises Gemini CLI's hook files: a .gemini/settings.json,
// and an extension's hooks/hooks.json (next to its gemini-extension.json).
func (Agent) HookFile(p string) (agents.ScanFile, bool) {
	name, dir := filepath.Base(p), filepath.Dir(p)
	switch parent := filepath.Base(dir); {
	case parent == ".gemini" && name == "settings.json":
		return agents.ScanFile{Kind: "settings", Root: filepath.Dir(dir)}, true
	case parent == "hooks" && name == "hooks.json":
		root := filepath.Dir(dir)
		if _, err := os.Stat(filepath.Join(root, "gemini-extension.json")); err == nil {
			return agents.ScanFile{Kind: "extension", Root: root, RootVars: []string{"${extensionPath}"}}, true
		}
	}
	return agents.ScanFile{}, false
}
