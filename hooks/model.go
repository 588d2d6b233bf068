package hooks

import "github.com/hookwarden/hookwarden/settingsio"

// Event is a hook event name.
type Event string

// Origin is where a hook really comes from.
type Origin struct {
	Layer     settingsio.Layer `json:"layer"`
	File      string           `json:"file"`
	Line      int              `json:"line"`
	Column    int              `json:"column"`
	Path      string           `json:"path"`                // the entry's place in its file, in the agent's notation (a JSON or TOML path)
	Extension string           `json:"extension,omitempty"` // the extension or plugin the file belongs to, if any
}

// Status is what the hook's agent does with it.
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
	// SeverityCritical: the project changes what the agent loads or runs
	// behind the user's back (e.g. a .env file that moves its home).
	SeverityCritical Severity = "critical"
	// SeverityFatal: the agent refuses to start.
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
	// Unprompted: a finding about the project as a whole that says only
	// that the agent runs the project's hooks without asking (it has no
	// per-hook trust, or its folder trust is off). Hookwarden's approval
	// of each hook, held at run time, is that prompt (exec --enforce).
	Unprompted bool `json:"-"`
}

// Hook is one hook config found in a file, valid or not, of any agent:
// what every agent's hooks have. What only one agent has is in Ext.
type Hook struct {
	// ID is stable for a hook's place (the agent's layer, file and the
	// entry's path in it).
	ID string
	// Event is the event key as written (may be no event of the agent's).
	Event Event
	// Matcher is the matcher of the entry (or of its enclosing group) as
	// the agent applies it; HasMatcher says whether one is written.
	Matcher    string
	HasMatcher bool
	// Type is the hook's "type" as written ("command", "http", …).
	Type string
	// Command is the command the agent runs (after the expansion the agent
	// applies when it loads the file; what it fingerprints); RawCommand is
	// as written in the file.
	Command    string
	RawCommand string
	// Name is what the file names the entry ("" when it has no name): a
	// hook's own name field, an MCP server's name, a setting's key.
	Name string
	// Description is the entry's description as written ("" when none);
	// the faces show it next to the hook.
	Description string
	// TimeoutMS is the timeout in ms when one is set (HasTimeout), as
	// configured (negative values as 0); TimeoutText is the value as the
	// agent prints it ("" when unset).
	TimeoutMS   int64
	HasTimeout  bool
	TimeoutText string
	// Env is the per-hook environment, applied last.
	Env    map[string]string
	Origin Origin
	// Node is the hook config object as parsed (nil for synthetic hooks).
	Node *settingsio.Node
	// Status and the reason in words.
	Status Status
	Reason string
	// Diagnostics about this hook.
	Diagnostics []Diagnostic
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

// DisplayName names the hook for a person when its agent says nothing
// else: its name, else its command, else "unknown-hook".
func (h *Hook) DisplayName() string {
	switch {
	case h.Name != "":
		return h.Name
	case h.Command != "":
		return h.Command
	}
	return "unknown-hook"
}

// PlanContext is the planner's context for an event: the tool name for a
// tool event, the trigger (a source, reason or trigger word) for the
// others, as the agent's matchers compare them. A nil context ignores
// matchers.
type PlanContext struct {
	ToolName string `json:"toolName,omitempty"`
	Trigger  string `json:"trigger,omitempty"`
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
