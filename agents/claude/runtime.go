package claude

import (
	"path/filepath"

	"github.com/hookwarden/hookwarden/trust"
)

// scriptRuntime is how Claude Code runs a command handler's shell form,
// for discovery: /bin/sh -c (dash on Debian and Ubuntu: no brace
// expansion, no source), with CLAUDE_PROJECT_DIR set to the project. The
// project's skill files (whose frontmatter can hold hooks Claude Code
// runs) are fingerprinted with every handler. The hooks' git commands read
// the user's git configuration too (git).
func scriptRuntime(project string, git *trust.GitUserConfig) trust.Runtime {
	return trust.Runtime{Dialect: trust.DialectPOSIX, ProjectVars: []string{"CLAUDE_PROJECT_DIR"}, TextVars: []string{},
		Watch: []string{filepath.Join(project, ".claude", "skills", "*", "SKILL.md")}, Git: git}
}
