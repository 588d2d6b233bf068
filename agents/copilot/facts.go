package copilot

import "github.com/hookwarden/hookwarden/agents"

// facts are the files and variables Copilot CLI reads (paths.go, load.go,
// run.go), as data for the shared packages. It also runs the hooks of
// Claude Code's .claude/settings*.json (Claude Code's facts name them).
// The .copilot/ paths are relative: COPILOT_HOME moves that folder.
func facts() agents.Facts {
	return agents.Facts{
		Config: []agents.File{
			{Path: ".copilot/hooks/", What: "Copilot CLI's user hooks"},
			{Path: ".copilot/settings.json", What: "Copilot CLI's settings"},
			{Path: ".copilot/config.json", What: "Copilot CLI's folder trust and account file"},
			{Path: ".copilot/installed-plugins/", What: "Copilot CLI's plugins"},
			{Path: ".github/hooks/", What: "Copilot CLI's repository hooks"},
			{Path: ".github/copilot/settings.json", What: "Copilot CLI's repository settings"},
			{Path: ".github/agents/", What: "Copilot CLI's custom agents (their frontmatter starts MCP servers)"},
			{Path: ".github/copilot/settings.local.json", What: "Copilot CLI's repository settings"},
			{Path: ".github/lsp.json", What: "Copilot CLI's language servers (it starts them when the model calls its lsp tool)"},
			{Path: ".github/mcp.json", What: "Copilot CLI's project MCP servers (when the folder has no .mcp.json)"},
			{Path: defaultPolicyDir + "/", What: "Copilot CLI's policy hooks"},
		},
		Credentials: []agents.File{
			{Path: "~/.copilot/config.json", What: "Copilot CLI's account file (its login token when no keychain holds it)"},
		},
		HomeVars:    []string{"COPILOT_HOME"},
		Programs:    []string{"copilot"},
		ProjectVars: []string{"COPILOT_PROJECT_DIR", "CLAUDE_PROJECT_DIR"},
		BaseURLVars: []string{"COPILOT_PROVIDER_BASE_URL"},
		SecretVars:  []string{"COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN", "COPILOT_PROVIDER_API_KEY"},

		PermissionEvents: []string{"preToolUse", "permissionRequest"},
		// agentStop's block reason is submitted as the next user prompt
		// (observed, copilot-live).
		ContinueEvents: []string{"agentStop"},
		// Its own fields (observed): postToolUse's
		// modifiedResult.textResultForLlm replaces the result the model
		// reads; preToolUse's modifiedArgs, a command hook's
		// modifiedPrompt and modifiedTransformedPrompt replace what runs
		// or what the model is asked.
		Output: agents.Output{Context: []string{"textResultForLlm"},
			Rewrite: []string{"modifiedArgs", "modifiedPrompt", "modifiedTransformedPrompt"}},
	}
}
