package hooks

import "github.com/hookwarden/hookwarden/settingsio"

// Event is a hook event name.
type Event string

// The 11 events of Gemini CLI, in its declaration order. The names stay in
// this package because the migration to Gemini CLI (agents/migrate) maps
// onto them; the list, its check and the
// matcher rules are Gemini's (gemini.Events, ValidEvent, MatcherKindOf).
const (
	BeforeTool          Event = "BeforeTool"
	AfterTool           Event = "AfterTool"
	BeforeAgent         Event = "BeforeAgent"
	Notification        Event = "Notification"
	AfterAgent          Event = "AfterAgent"
	SessionStart        Event = "SessionStart"
	SessionEnd          Event = "SessionEnd"
	PreCompress         Event = "PreCompress"
	BeforeModel         Event = "BeforeModel"
	AfterModel          Event = "AfterModel"
	BeforeToolSelection Event = "BeforeToolSelection"
)

// Source is Gemini CLI's ConfigSource label for a registered hook.
type Source string

// Sources that occur for hooks from files.
const (
	// SourceProject is what Gemini labels every settings-file hook, whatever
	// file it came from.
	SourceProject    Source = "project"
	SourceExtensions Source = "extensions"
)

// Origin is where a hook really comes from.
type Origin struct {
	Layer     settingsio.Layer `json:"layer"`
	File      string           `json:"file"`
	Line      int              `json:"line"`
	Column    int              `json:"column"`
	Path      string           `json:"path"`                // e.g. hooks.BeforeTool[0].hooks[1]
	Extension string           `json:"extension,omitempty"` // extension name for LayerExtension
}

// Status is what Gemini CLI does with a hook.
type Status string

// Hook statuses.
const (
	StatusRuns                   Status = "runs"
	StatusDisabled               Status = "disabled"
	StatusInvalid                Status = "invalid"
	StatusDuplicate              Status = "duplicate"
	StatusBlockedUntrustedFolder Status = "blocked-untrusted-folder"
	StatusHooksOff               Status = "hooks-off"
)

// Severity of a diagnostic.
type Severity string

// Severities.
const (
	// SeverityCritical: the project changes what Gemini CLI loads or runs
	// behind the user's back (e.g. a .env file that moves its home).
	SeverityCritical Severity = "critical"
	// SeverityFatal: Gemini CLI refuses to start.
	SeverityFatal   Severity = "fatal"
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
	SeverityInfo    Severity = "info"
)

// Diagnostic is a finding about a file or a hook, with its place.
type Diagnostic struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
	Severity Severity `json:"severity"`
	Message  string   `json:"message"`
	// HookID is the ID of the hook the diagnostic belongs to, if any.
	HookID string `json:"hook_id,omitempty"`
}

// Hook is one hook config found in a file, valid or not.
type Hook struct {
	// ID is stable for a hook's place: "<layer>:<file>#<json path>".
	ID string
	// Event is the event key as written (may be invalid; see Event.Valid).
	Event Event
	// Matcher and Sequential come from the enclosing definition.
	Matcher    string
	HasMatcher bool
	Sequential bool
	// Type is the hook's "type" as written ("command", "plugin", "runtime", …).
	Type string
	// Command is the command after load-time expansion (what Gemini runs and
	// fingerprints); RawCommand is as written in the file.
	Command    string
	RawCommand string
	Name       string
	// Description as written.
	Description string
	// TimeoutMS is the timeout in ms when set (HasTimeout), as configured
	// (negative values as 0); Gemini's default is 60000. TimeoutOf is the
	// delay Node's setTimeout really waits. TimeoutText is the value as
	// JavaScript prints it in "Hook timed out after …ms" ("" when unset).
	TimeoutMS   int64
	HasTimeout  bool
	TimeoutText string
	// Env is the per-hook environment, applied last.
	Env map[string]string
	// Source is Gemini's label ("project" for every settings hook).
	Source Source
	Origin Origin
	// Node is the hook config object as parsed (nil for synthetic hooks).
	Node *settingsio.Node
	// Status and the reason in words.
	Status Status
	Reason string
	// Diagnostics about this hook.
	Diagnostics []Diagnostic
	// Hydrated are the ${NAME} placeholders of an extension hook's command
	// that Gemini fills from a .env file, with the file and line of each.
	Hydrated []Hydration
	// ProjectControlled says why a hook outside the workspace settings is
	// still the project's to decide (its command takes a value from the
	// project's .env, or the project moved Gemini's home to where it sits);
	// such hooks need approval like workspace hooks. "" otherwise.
	ProjectControlled string
	// Agent is whose hook this is; every agent's package sets it on every
	// hook it makes.
	Agent Agent
	// Kind is what the entry is: a hook ("") or another command the agent
	// runs (see Kind); When says when the agent runs a command of another
	// kind, and Gate whether the agent itself asks first ("" when it
	// does not), both in words.
	Kind Kind
	When string
	Gate string
	// Ext holds facts of the hook that only its agent has (nil when it has
	// none); only that agent's package reads it, through its own accessor.
	Ext any
}

// Hydration is one ${NAME} of an extension hook command that Gemini CLI
// replaced with a value from an extension settings .env file.
type Hydration struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	File  string `json:"file"`
	Line  int    `json:"line"`
	// Workspace: the value comes from the project's own .env file.
	Workspace bool `json:"workspace"`
	// AsEnv: the value is not in the command but set in the hook's
	// environment (an extension setting's envVar).
	AsEnv bool `json:"as_env,omitempty"`
}

// Key is Gemini CLI's identity of a hook (getHookKey): "name:command", with
// the command only for type "command".
func (h *Hook) Key() string {
	cmd := ""
	if h.Type == "command" {
		cmd = h.Command
	}
	return h.Name + ":" + cmd
}

// DisableName is the identifier Gemini matches against hooksConfig.disabled
// (getHookName): name || command || "unknown-command" for command hooks,
// name || "unknown-hook" for the others.
func (h *Hook) DisableName() string {
	if h.Type == "command" {
		switch {
		case h.Name != "":
			return h.Name
		case h.Command != "":
			return h.Command
		}
		return "unknown-command"
	}
	if h.Name != "" {
		return h.Name
	}
	return "unknown-hook"
}

// DisplayName is how Gemini's panel and trust warning name a hook.
func (h *Hook) DisplayName() string {
	switch {
	case h.Name != "":
		return h.Name
	case h.Command != "":
		return h.Command
	}
	return "unknown-hook"
}

// PlanContext is the planner's context for an event: the tool name for
// BeforeTool/AfterTool, the trigger for SessionStart (source), SessionEnd
// (reason) and PreCompress (trigger). A nil context ignores matchers.
type PlanContext struct {
	ToolName string `json:"toolName,omitempty"`
	Trigger  string `json:"trigger,omitempty"`
}

// Plan is what Gemini CLI would run for one event and context.
type Plan struct {
	Event      Event
	Sequential bool
	Hooks      []*Hook
}

// InLayer returns the hooks of hs from one layer, in order.
func InLayer(hs []*Hook, layer settingsio.Layer) []*Hook {
	var out []*Hook
	for _, h := range hs {
		if h.Origin.Layer == layer {
			out = append(out, h)
		}
	}
	return out
}
