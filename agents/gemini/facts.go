package gemini

import "github.com/hookwarden/hookwarden/agents"

// facts are the files and variables Gemini CLI 0.61 reads (paths.go,
// envfile_load.go, extensions.go, trustedfolders.go), as data for the
// shared packages. The relative paths match below any folder: Gemini reads
// .gemini/ in the project and in its home, which GEMINI_CLI_HOME moves.
func facts() agents.Facts {
	const settingsOrTrust = "Gemini CLI's settings or trust file"
	return agents.Facts{
		Config: []agents.File{
			{Path: geminiDirName + "/" + settingsFileName, What: settingsOrTrust},
			{Path: geminiDirName + "/trusted_hooks.json", What: settingsOrTrust},
			{Path: geminiDirName + "/trustedFolders.json", What: settingsOrTrust},
			{Path: geminiDirName + "/extensions/", What: "Gemini CLI's extensions"},
			{Path: geminiDirName + "/commands/", What: "Gemini CLI's custom commands (their !{…} run a shell)"},
			{Path: geminiDirName + "/agents/", What: "Gemini CLI's subagents (their frontmatter starts MCP servers)"},
			{Path: geminiDirName + "/.env", What: "Gemini CLI's .env (which can move Gemini's home)"},
			{Path: systemConfigDir("linux") + "/", What: "Gemini CLI's system settings"},
			{Path: systemConfigDir("darwin") + "/", What: "Gemini CLI's system settings"},
		},
		Credentials: []agents.File{
			{Path: "~/" + geminiDirName + "/oauth_creds.json", Name: "oauth_creds.json", What: "Gemini CLI's login tokens"},
			{Path: "~/" + geminiDirName + "/google_accounts.json", Name: "google_accounts.json", What: "Gemini CLI's login tokens"},
			{Path: "~/" + geminiDirName + "/mcp-oauth-tokens.json", Name: "mcp-oauth-tokens.json", What: "Gemini CLI's login tokens"},
		},
		HomeVars:    []string{envCLIHome},
		Programs:    []string{"gemini"},
		ProjectVars: append([]string(nil), projectVars...),
		BaseURLVars: []string{"GOOGLE_GEMINI_BASE_URL"},
		SecretVars:  []string{"GEMINI_API_KEY", "GOOGLE_API_KEY", "GOOGLE_APPLICATION_CREDENTIALS"},

		// No PermissionEvents: a BeforeTool hook's "allow" (which is also
		// what a plain exit 0 becomes) does not skip Gemini CLI's policy
		// check or its confirmation prompt; only "ask" changes it (forces
		// the prompt), and "deny"/"block" stop the call.
		ContinueEvents: []string{"AfterAgent"},
		ContextEvents:  []string{"BeforeAgent"},
	}
}
