package vocab

// Outputs is the vocabulary of what a hook prints back to the agent: the
// JSON field names and event names whose values the agent acts on. Which
// agent honours which field is that agent's fact; the analyser only needs
// the words, so a caller may pass a narrower table (agents.RiskSubject) and
// DefaultOutputs is the union the analyser uses when it is given none.
type Outputs struct {
	// Decision are the fields that carry a permission decision
	// ("permissionDecision", "decision", "behavior").
	Decision []string
	// Allow are the decision values that let a call run without asking;
	// Refuse those that stop it or ask the user.
	Allow, Refuse []string
	// Context are the fields whose text reaches the model:
	// additionalContext, reasons.
	Context []string
	// UserOnly are the fields every agent shows only to the user
	// (systemMessage: a warning in the terminal): text the model never
	// reads, so no order to it.
	UserOnly []string
	// UserReasons are the reason fields whose text goes to the user, not
	// to the model, when the decision beside them is one of
	// UserReasonDecisions (Claude Code shows an "ask" or "allow" reason
	// to the user; a "deny" reason is what the model reads).
	UserReasons, UserReasonDecisions []string
	// Rewrite are the fields that replace what the agent sends or runs:
	// a tool's input, the model request, the prompt.
	Rewrite []string
	// PermissionEvents are the events whose decision decides whether a
	// tool call runs without the user being asked.
	PermissionEvents []string
	// ContinueEvents are the events where a block keeps the agent working
	// and its reason is the next instruction it follows.
	ContinueEvents []string
	// ContextEvents are the events whose plain stdout is added to the
	// model's context.
	ContextEvents []string
	// EnvFiles are the variables naming a file whose lines the agent
	// sources before each later command of the session.
	EnvFiles []string
}

// DefaultOutputs is the union of the output fields of the agents
// Hookwarden knows. Their events and env files are the agents' to name:
// the analysis takes them from the registry's facts (risk.Agents).
func DefaultOutputs() *Outputs {
	return &Outputs{
		Decision: []string{"permissionDecision", "decision", "behavior"},
		Allow:    []string{"allow", "approve"},
		Refuse:   []string{"deny", "block", "ask"},
		UserOnly: []string{"systemMessage"},
		Context: []string{"additionalContext", "reason", "stopReason", "permissionDecisionReason",
			"initialUserMessage", "message"},
		UserReasons:         []string{"permissionDecisionReason"},
		UserReasonDecisions: []string{"ask", "allow"},
		Rewrite:             []string{"updatedInput", "tool_input", "llm_request", "llm_response", "tailToolCallRequest", "updatedPrompt"},
	}
}

// Placeholders are the text an agent replaces in a hook's command before
// the shell sees it, with what it puts there, when that is the same on
// every machine (a path separator). Placeholders that name folders
// (an extension's root) are the caller's to expand.
func Placeholders() map[string]string {
	return map[string]string{"${/}": "/", "${pathSeparator}": "/"}
}
