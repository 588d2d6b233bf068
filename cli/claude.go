package cli

// claudeCommands are the commands available with --agent claude. Each works
// on Claude Code's layers (managed, user, project, local, plugins).
func claudeCommands() []command {
	return nil
}
