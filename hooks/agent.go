package hooks

// Agent names the coding agent a hook belongs to.
type Agent string

// The agents. The zero value "" means Gemini CLI, so hooks built by the
// Gemini registry need not set it; other agents name themselves (e.g.
// claude.Name).
const (
	AgentGemini Agent = "gemini"
)
