package claude

import "github.com/hookwarden/hookwarden/trust"

// scriptRuntime is how Claude Code runs a command handler's shell form,
// for discovery: /bin/sh -c (dash on Debian and Ubuntu: no brace
// expansion, no source), with CLAUDE_PROJECT_DIR set to the project. The
// hooks' git commands read the user's git configuration too (git).
//
// The project's skill files are not fingerprinted with every handler (they
// were, as "agent file" scripts of unrelated hooks): what a skill runs —
// its frontmatter hooks and its body's shell commands — is read as entries
// of their own (skills.go, skill_shell.go), each reviewed and naming its
// SKILL.md, and one whose frontmatter cannot be read is unreadable.
func scriptRuntime(_ string, git *trust.GitUserConfig) trust.Runtime {
	return trust.Runtime{Dialect: trust.DialectPOSIX, ProjectVars: []string{"CLAUDE_PROJECT_DIR"}, TextVars: []string{}, Git: git}
}
