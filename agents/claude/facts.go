package claude

import "github.com/hookwarden/hookwarden/agents"

// facts are the files and variables Claude Code reads (paths.go,
// commands.go, plugins.go, skills.go, run_context.go), as data for the
// shared packages. The relative paths match below any folder: Claude Code
// reads .claude/ in the project and in its home, which CLAUDE_CONFIG_DIR
// moves.
func facts() agents.Facts {
	return agents.Facts{
		Config: []agents.File{
			{Path: ".claude/settings.json", What: "Claude Code's settings"},
			{Path: ".claude/settings.local.json", What: "Claude Code's settings"},
			{Path: "~/.claude.json", What: "Claude Code's trust and account file"},
			{Path: "~/.claude/plugins/", What: "Claude Code's plugins"},
			{Path: mcpFileName, What: "the project's MCP server list"},
			{Path: ".claude/skills/", What: "Claude Code's skills (their frontmatter holds hooks)"},
			{Path: ".claude/agents/", What: "Claude Code's subagents (their frontmatter holds hooks)"},
			{Path: ".claude/commands/", What: "Claude Code's commands (their frontmatter holds hooks)"},
			{Path: claudeManagedDir("linux") + "/", What: "Claude Code's managed settings"},
			{Path: claudeManagedDir("darwin") + "/", What: "Claude Code's managed settings"},
		},
		Credentials: []agents.File{
			{Path: "~/.claude/.credentials.json", Name: ".credentials.json", What: "Claude Code's login tokens"},
			{Path: "~/.claude.json", What: "Claude Code's account file"},
		},
		HomeVars:    []string{envConfigDir},
		Programs:    []string{"claude"},
		ProjectVars: []string{"CLAUDE_PROJECT_DIR"},
		BaseURLVars: []string{"ANTHROPIC_BASE_URL"},
		SecretVars:  []string{"ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"},
		EnvFileVars: []string{"CLAUDE_ENV_FILE"},

		PermissionEvents: []string{"PreToolUse", "PermissionRequest"},
		ContinueEvents:   []string{"Stop", "SubagentStop", "TaskCompleted", "TeammateIdle"},
		ContextEvents:    []string{"SessionStart", "UserPromptSubmit", "PostCompact"},
	}
}
