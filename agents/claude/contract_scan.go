package claude

import "github.com/hookwarden/hookwarden/agents"

var _ agents.Scanner = agent{}

// scanRules are where Claude Code's hook files are: .claude/settings.json
// and settings.local.json, and a plugin's hooks/hooks.json (an agent before
// it in the registry may claim the latter: Gemini CLI's extensions keep
// theirs there too).
var scanRules = []agents.ScanRule{
	{Folder: ".claude", Names: []string{"settings.json", "settings.local.json"}, Kind: "settings"},
	{Folder: "hooks", Names: []string{"hooks.json"}, Kind: "plugin",
		RootVars: []string{"${CLAUDE_PLUGIN_ROOT}", "$CLAUDE_PLUGIN_ROOT"}},
}

// HookFile recognises Claude Code's hook files (scanRules).
func (agent) HookFile(p string) (agents.ScanFile, bool) {
	if f, ok := mcpScanFile(p); ok {
		return f, true
	}
	return agents.MatchScanRules(p, scanRules...)
}

// ScanHooks reads the hooks of one of Claude Code's hook files: "hooks" →
// event → definitions → "hooks" → handlers, with the file's root filled
// in for its placeholders (agents.Scanner).
func (a agent) ScanHooks(f agents.ScanFile) ([]agents.ScanHook, error) {
	return agents.ScanSettingsHooks(a.Info().Name, f, mcpScanKind, scanCommands)
}
