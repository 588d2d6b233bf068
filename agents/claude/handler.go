package claude

import "github.com/hookwarden/hookwarden/hooks"

// handler holds the fields of a Claude Code hook handler that have no
// Gemini counterpart. A Claude handler is a *hooks.Hook whose Event is
// Claude's event name, Type the handler type (command, http, mcp_tool,
// prompt, agent), Command the command (command type) and Matcher the
// enclosing matcher group's matcher; the rest lives here, in the hook's
// extension slot (hooks.Hook.Ext, read with HandlerOf). Fields are as
// written in the file ("" / nil / false when absent); Has* tells a field that is set
// from one that is not.
type handler struct {
	// If is the handler's "if" permission rule, e.g. "Bash(git *)".
	If    string `json:"if,omitempty"`
	HasIf bool   `json:"-"`
	// Args is the exec form's argument list ("args"); nil for shell form.
	Args    []string `json:"args,omitempty"`
	HasArgs bool     `json:"-"`
	// Async and AsyncRewake run a command hook in the background.
	Async       bool `json:"async,omitempty"`
	AsyncRewake bool `json:"asyncRewake,omitempty"`
	// Shell is "bash" (the default) or "powershell".
	Shell string `json:"shell,omitempty"`
	// URL, Headers and AllowedEnvVars belong to http handlers.
	URL            string            `json:"url,omitempty"`
	Headers        map[string]string `json:"headers,omitempty"`
	AllowedEnvVars []string          `json:"allowedEnvVars,omitempty"`
	// Server, Tool and Input belong to mcp_tool handlers; Input is the
	// "input" object as parsed (JSON text, "" when absent).
	Server string `json:"server,omitempty"`
	Tool   string `json:"tool,omitempty"`
	Input  string `json:"input,omitempty"`
	// Frontmatter is a skill or command file's frontmatter as JSON ("" when
	// it has none), on each shell command of its body: allowed-tools lets
	// the command run without asking and disable-model-invocation says
	// whether the model may invoke it, so its approval covers them.
	Frontmatter string `json:"-"`
	// Prompt and Model belong to prompt and agent handlers;
	// ContinueOnBlock to prompt handlers.
	Prompt          string `json:"prompt,omitempty"`
	Model           string `json:"model,omitempty"`
	ContinueOnBlock bool   `json:"continueOnBlock,omitempty"`
	// StatusMessage is the spinner text; Once is honoured only in skill
	// frontmatter.
	StatusMessage string `json:"statusMessage,omitempty"`
	Once          bool   `json:"once,omitempty"`
	// TimeoutSec is the timeout in seconds as written (HasTimeout), and
	// EffectiveTimeoutSec the one Claude Code applies (the per-type and
	// per-event default when none is written).
	TimeoutSec          float64 `json:"timeout,omitempty"`
	HasTimeout          bool    `json:"-"`
	EffectiveTimeoutSec float64 `json:"effectiveTimeout"`
	// plugin is the plugin id ("name@marketplace") of a plugin hook and
	// PluginRoot its folder (${CLAUDE_PLUGIN_ROOT}).
	Plugin     string `json:"plugin,omitempty"`
	PluginRoot string `json:"pluginRoot,omitempty"`
	// Identity is what Claude Code compares to run identical handlers from
	// several settings files once (see agents/claude).
	Identity string `json:"-"`
}

// HandlerOf is the Claude Code-only part of a hook of the shared model
// (its extension slot, hooks.Hook.Ext); nil for a hook of another agent.
func HandlerOf(h *hooks.Hook) *handler {
	if h == nil {
		return nil
	}
	c, _ := h.Ext.(*handler)
	return c
}
