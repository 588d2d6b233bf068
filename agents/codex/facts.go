package codex

import "github.com/hookwarden/hookwarden/agents"

// facts are the files and variables Codex CLI reads (paths.go, load.go),
// as data for the shared packages. The relative paths match below any
// folder: Codex reads .codex/ in every folder from the project root to the
// session folder and in its home, which CODEX_HOME moves.
func facts() agents.Facts {
	return agents.Facts{
		Config: []agents.File{
			{Path: ".codex/config.toml", What: "Codex CLI's configuration"},
			{Path: ".codex/hooks.json", What: "Codex CLI's configuration"},
			{Path: "/etc/codex/", What: "Codex CLI's system configuration"},
		},
		Credentials: []agents.File{
			{Path: "~/.codex/auth.json", What: "Codex CLI's login tokens"},
		},
		HomeVars:    []string{"CODEX_HOME"},
		Programs:    []string{"codex"},
		BaseURLVars: []string{"OPENAI_BASE_URL"},
		SecretVars:  []string{"OPENAI_API_KEY", "CODEX_API_KEY"},

		PermissionEvents: []string{"PreToolUse", "PermissionRequest"},
		ContinueEvents:   []string{"Stop"},
		ContextEvents:    []string{"SessionStart", "UserPromptSubmit"},
		// A PreToolUse allow without updatedInput is "Failed, not
		// blocked (unsupported)": the call goes on to Codex's own
		// approval (observed, codex-live). PermissionRequest's allow runs.
		Output: agents.Output{AllowIgnored: []string{"PreToolUse"}},
	}
}
