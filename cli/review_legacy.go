package cli

import "github.com/hookwarden/hookwarden/agents"

// quoteForShell quotes s for a POSIX shell when it needs it.
func quoteForShell(s string) string { return agents.ShellQuote(s) }
