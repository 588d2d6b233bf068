package cli

import "context"

// runClaudeMigrate previews the move of Claude Code hooks to Gemini CLI.
func runClaudeMigrate(ctx context.Context, io *IO, args []string) error {
	return usagef("not implemented yet")
}
