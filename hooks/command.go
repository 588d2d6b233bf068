package hooks

// Kind says what an entry of the model is: a hook (KindHook, the zero
// value), or another command the agent runs from the same files: an MCP
// server it starts, a helper it calls for a value (an API key, a status
// line), a command it runs to discover tools. An entry of any kind is a
// Hook with an origin, a status and a command, so that discovery,
// fingerprints, risk, review, approvals and diffs treat it exactly as a
// hook; Event is then the kind (what the list groups it under), Name the
// server's name or the setting's key, When says when the agent runs it and
// Gate whether the agent itself asks first.
type Kind string

// Kinds.
const (
	KindHook Kind = ""
	// KindMCPServer is an MCP server the agent starts (a command with its
	// args and env), or connects to (a URL: Command is empty).
	KindMCPServer Kind = "mcp-server"
	// KindHelper is a command the agent runs for a value or a view: an
	// API key helper, a status line, a credentials refresher, a notifier.
	KindHelper Kind = "helper"
	// KindDiscovery is a command the agent runs to discover or call
	// tools (Gemini CLI's tools.discoveryCommand and tools.callCommand).
	KindDiscovery Kind = "discovery-command"
	// KindPromptCommand is a shell command written into a prompt template
	// the project brings (a reusable prompt or command of the agent's): the
	// agent runs it when the template is used and pastes its output into
	// the prompt.
	KindPromptCommand Kind = "prompt-command"
	// KindLanguageServer is a language server the agent starts (a
	// command with its args and env) for the files of its languages.
	KindLanguageServer Kind = "language-server"
)

// Title names a kind for people: "hook", "MCP server", "helper command",
// "tool discovery command".
func (k Kind) Title() string {
	switch k {
	case KindHook:
		return "hook"
	case KindMCPServer:
		return "MCP server"
	case KindHelper:
		return "helper command"
	case KindDiscovery:
		return "tool command"
	case KindPromptCommand:
		return "prompt command"
	case KindLanguageServer:
		return "language server"
	}
	return string(k)
}

// IsHook reports whether the entry is a hook (not another command the
// agent runs).
func (h *Hook) IsHook() bool { return h.Kind == KindHook }

// CommandTitle is how the views name an entry that is not a hook: its
// kind, its name and what it runs ("MCP server github: npx -y srv"); ""
// for a hook.
func CommandTitle(h *Hook, runs string) string {
	if h.IsHook() {
		return ""
	}
	s := h.Kind.Title()
	if h.Name != "" {
		s += " " + h.Name
	}
	if runs != "" {
		s += ": " + runs
	}
	return s
}

// CommandTitleOf is CommandTitle with what the entry runs taken from the
// entry itself: its command, else its description (a URL server's
// address).
func CommandTitleOf(h *Hook) string {
	runs := h.Command
	if runs == "" {
		runs = h.Description
	}
	return CommandTitle(h, runs)
}
