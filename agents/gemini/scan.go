package gemini

import "github.com/hookwarden/hookwarden/agents"

var _ agents.Scanner = agent{}

// scanRules are where Gemini CLI's hook files are: a .gemini/settings.json,
// and an extension's hooks/hooks.json next to its gemini-extension.json.
var scanRules = []agents.ScanRule{
	{Folder: ".gemini", Names: []string{"settings.json"}, Kind: "settings"},
	{Folder: "hooks", Names: []string{"hooks.json"}, Marker: "gemini-extension.json", Kind: "extension",
		RootVars: []string{"${extensionPath}"}},
}

// HookFile recognises Gemini CLI's hook files (scanRules).
func (agent) HookFile(p string) (agents.ScanFile, bool) {
	if f, ok := manifestScanFile(p); ok {
		return f, true
	}
	return agents.MatchScanRules(p, scanRules...)
}

// ScanHooks reads the hooks of one of Gemini CLI's hook files: "hooks" →
// event → definitions → "hooks" → handlers, with the file's root filled
// in for its placeholders (agents.Scanner).
func (a agent) ScanHooks(f agents.ScanFile) ([]agents.ScanHook, error) {
	return agents.ScanSettingsHooks(a.Info().Name, f, manifestScanKind, scanCommands)
}
