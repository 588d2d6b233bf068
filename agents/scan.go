package agents

// Scanner is an Agent that recognises its hook files by their path alone,
// for `hookwarden scan` of folders that are not opened as projects
// (optional). The registry's order decides between two agents that both
// claim a file: the first has it.
type Scanner interface {
	// HookFile says whether the file at path is one of the agent's hook
	// files, and which.
	HookFile(path string) (ScanFile, bool)
}

// ScanFile is a hook file as a Scanner recognises it.
type ScanFile struct {
	// Kind is what the file is ("settings", "extension", "plugin").
	Kind string
	// Root is the project, extension or plugin folder the file belongs to.
	Root string
	// RootVars are the placeholders the agent fills in with Root in a
	// hook's command and arguments ("${extensionPath}").
	RootVars []string
}
