package claude

import "github.com/hookwarden/hookwarden/hooks"

// Agent is Hook.Agent of a Claude Code handler.
const Agent hooks.Agent = "claude"

// Is reports whether h is a Claude Code handler.
func Is(h *hooks.Hook) bool { return h.Agent == Agent }
