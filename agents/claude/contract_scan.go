package claude

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/agents"
)

var _ agents.Scanner = Agent{}

// HookFile recognises Claude Code's hook files: a .claude/settings.json or
// settings.local.json, and a plugin's hooks/hooks.json (an agent before it
// in the registry may claim the latter as its own: Gemini CLI's extensions
// keep theirs there too).
func (Agent) HookFile(p string) (agents.ScanFile, bool) {
	name, dir := filepath.Base(p), filepath.Dir(p)
	switch parent := filepath.Base(dir); {
	case parent == ".claude" && (name == "settings.json" || name == "settings.local.json"):
		return agents.ScanFile{Kind: "settings", Root: filepath.Dir(dir)}, true
	case parent == "hooks" && name == "hooks.json":
		return agents.ScanFile{Kind: "plugin", Root: filepath.Dir(dir),
			RootVars: []string{"${CLAUDE_PLUGIN_ROOT}", "$CLAUDE_PLUGIN_ROOT"}}, true
	}
	return agents.ScanFile{}, false
}
