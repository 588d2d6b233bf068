package claude

import "github.com/hookwarden/hookwarden/hooks"

// Name is Hook.Agent of a Claude Code handler.
const Name hooks.Agent = "claude"

// Is reports whether h is a Claude Code handler.
func Is(h *hooks.Hook) bool { return h.Agent == Name }
