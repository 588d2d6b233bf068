package claude

import (
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
)

// Claude Code's hook events (2.1.240's 31, plus 3 seen in 2.1.332).
const (
	SessionStart        hooks.Event = "SessionStart"
	setup               hooks.Event = "Setup"
	instructionsLoaded  hooks.Event = "InstructionsLoaded"
	UserPromptSubmit    hooks.Event = "UserPromptSubmit"
	userPromptExpansion hooks.Event = "UserPromptExpansion"
	messageDisplay      hooks.Event = "MessageDisplay"
	PreToolUse          hooks.Event = "PreToolUse"
	PermissionRequest   hooks.Event = "PermissionRequest"
	permissionDenied    hooks.Event = "PermissionDenied"
	PostToolUse         hooks.Event = "PostToolUse"
	postToolUseFailure  hooks.Event = "PostToolUseFailure"
	postToolBatch       hooks.Event = "PostToolBatch"
	Notification        hooks.Event = "Notification"
	subagentStart       hooks.Event = "SubagentStart"
	subagentStop        hooks.Event = "SubagentStop"
	taskCreated         hooks.Event = "TaskCreated"
	taskCompleted       hooks.Event = "TaskCompleted"
	Stop                hooks.Event = "Stop"
	stopFailure         hooks.Event = "StopFailure"
	teammateIdle        hooks.Event = "TeammateIdle"
	configChange        hooks.Event = "ConfigChange"
	cwdChanged          hooks.Event = "CwdChanged"
	directoryAdded      hooks.Event = "DirectoryAdded"
	fileChanged         hooks.Event = "FileChanged"
	worktreeCreate      hooks.Event = "WorktreeCreate"
	worktreeRemove      hooks.Event = "WorktreeRemove"
	PreCompact          hooks.Event = "PreCompact"
	postCompact         hooks.Event = "PostCompact"
	SessionEnd          hooks.Event = "SessionEnd"
	elicitation         hooks.Event = "Elicitation"
	elicitationResult   hooks.Event = "ElicitationResult"
	// Seen in 2.1.332, after the documented 2.1.240 set; details unknown.
	preModelSwitch       hooks.Event = "PreModelSwitch"
	postModelSwitch      hooks.Event = "PostModelSwitch"
	preSkillShellCommand hooks.Event = "PreSkillShellCommand"
)

// matcherKind says what an event's matcher is compared with.
type matcherKind int

// Matcher kinds.
const (
	// MatchNone: the event has no matcher support; a matcher is ignored.
	MatchNone matcherKind = iota
	// matchToolName: the tool name.
	matchToolName
	// matchValue: an event-specific value (source, reason, agent type …),
	// with the same exact-or-regex rules as tool names.
	matchValue
	// matchNarrow: FileChanged and StopFailure, whose exact set is only
	// letters, digits, "_" and "|".
	matchNarrow
	// matchUnknown: an event newer than the documented set; a matcher is
	// applied with the usual rules but not checked.
	matchUnknown
)

// eventInfo is what Claude Code does with one event.
type eventInfo struct {
	Name    hooks.Event
	Matcher matcherKind
	// Values are the matcher values Claude Code sends, for events with a
	// closed set (nil otherwise).
	Values []string
	// Types are the handler types the event runs.
	Types []string
	// BlocksOnExit2 is true when exit code 2 blocks or stops something.
	BlocksOnExit2 bool
	// EvaluatesIf is true for the tool events, the only ones where a
	// handler's "if" rule is evaluated (elsewhere it never runs).
	EvaluatesIf bool
	// Documented is false for events newer than 2.1.240.
	Documented bool
}

var (
	allTypes       = handlerTypes
	noModelTypes   = []string{TypeCommand, typeHTTP, typeMCPTool}
	startTypes     = []string{TypeCommand, typeMCPTool}
	sessionSources = []string{"startup", "resume", "clear", "compact", "fork"}
)

// events is the schema, in lifecycle order.
var events = []eventInfo{
	{SessionStart, matchValue, sessionSources, startTypes, false, false, true},
	{setup, matchValue, []string{"init", "maintenance"}, startTypes, false, false, true},
	{instructionsLoaded, matchValue, []string{"session_start", "nested_traversal", "path_glob_match", "include", "compact"}, noModelTypes, false, false, true},
	{UserPromptSubmit, MatchNone, nil, allTypes, true, false, true},
	{userPromptExpansion, matchValue, nil, allTypes, true, false, true},
	{messageDisplay, MatchNone, nil, noModelTypes, false, false, true},
	{PreToolUse, matchToolName, nil, allTypes, true, true, true},
	{PermissionRequest, matchToolName, nil, allTypes, false, true, true},
	{permissionDenied, matchToolName, nil, allTypes, false, true, true},
	{PostToolUse, matchToolName, nil, allTypes, false, true, true},
	{postToolUseFailure, matchToolName, nil, allTypes, false, true, true},
	{postToolBatch, MatchNone, nil, allTypes, true, false, true},
	{Notification, matchValue, []string{"permission_prompt", "idle_prompt", "auth_success", "elicitation_dialog", "elicitation_url_dialog", "elicitation_complete", "elicitation_response", "agent_needs_input", "agent_completed"}, noModelTypes, false, false, true},
	{subagentStart, matchValue, nil, noModelTypes, false, false, true},
	{subagentStop, matchValue, nil, allTypes, true, false, true},
	{taskCreated, MatchNone, nil, allTypes, true, false, true},
	{taskCompleted, MatchNone, nil, allTypes, true, false, true},
	{Stop, MatchNone, nil, allTypes, true, false, true},
	{stopFailure, matchNarrow, []string{"rate_limit", "overloaded", "authentication_failed", "oauth_org_not_allowed", "billing_error", "invalid_request", "model_not_found", "server_error", "max_output_tokens", "unknown"}, noModelTypes, false, false, true},
	{teammateIdle, MatchNone, nil, allTypes, true, false, true},
	{configChange, matchValue, []string{"user_settings", "project_settings", "local_settings", "policy_settings", "skills"}, noModelTypes, true, false, true},
	{cwdChanged, MatchNone, nil, noModelTypes, false, false, true},
	{directoryAdded, matchValue, []string{"slash_command", "register_repo_root"}, noModelTypes, false, false, true},
	{fileChanged, matchNarrow, nil, noModelTypes, false, false, true},
	{worktreeCreate, MatchNone, nil, noModelTypes, false, false, true},
	{worktreeRemove, MatchNone, nil, noModelTypes, false, false, true},
	{PreCompact, matchValue, []string{"manual", "auto"}, noModelTypes, true, false, true},
	{postCompact, matchValue, []string{"manual", "auto"}, noModelTypes, false, false, true},
	{SessionEnd, matchValue, []string{"clear", "resume", "logout", "prompt_input_exit", "other"}, noModelTypes, false, false, true},
	{elicitation, matchValue, nil, noModelTypes, true, false, true},
	{elicitationResult, matchValue, nil, noModelTypes, true, false, true},
	{preModelSwitch, matchUnknown, nil, allTypes, false, false, false},
	{postModelSwitch, matchUnknown, nil, allTypes, false, false, false},
	{preSkillShellCommand, matchUnknown, nil, allTypes, false, false, false},
}

// eventList returns the schema of every event Claude Code knows, in lifecycle
// order.
func eventList() []eventInfo { return append([]eventInfo(nil), events...) }

// LookupEvent returns the schema of an event (exact, case-sensitive name).
func LookupEvent(name hooks.Event) (eventInfo, bool) {
	for _, e := range events {
		if e.Name == name {
			return e, true
		}
	}
	return eventInfo{}, false
}

// AllowsType reports whether the event runs handlers of type t.
func (e eventInfo) AllowsType(t string) bool {
	for _, x := range e.Types {
		if x == t {
			return true
		}
	}
	return false
}

// geminiToClaude maps Gemini CLI event names to their Claude Code
// counterparts (for "did you mean" hints).
var geminiToClaude = map[string]hooks.Event{
	"BeforeTool": PreToolUse, "AfterTool": PostToolUse, "BeforeAgent": UserPromptSubmit,
	"AfterAgent": Stop, "PreCompress": PreCompact, "SessionStart": SessionStart,
	"SessionEnd": SessionEnd, "Notification": Notification,
}

// suggestEvent returns the Claude Code event a wrong name probably means
// (a Gemini CLI name or a case slip), or "".
func suggestEvent(name string) hooks.Event {
	if e, ok := geminiToClaude[name]; ok {
		return e
	}
	for _, e := range events {
		if strings.EqualFold(string(e.Name), name) {
			return e.Name
		}
	}
	return ""
}

// Events are Claude Code's events in lifecycle order, with what their
// matchers are compared with and the sample payloads of
// assets/claude_payloads (templates: ${…} is filled when a run starts).
func (agent) Events() []agents.EventInfo {
	var out []agents.EventInfo
	for _, e := range eventList() {
		info := agents.EventInfo{Name: e.Name, Description: Describe(e.Name), Values: e.Values, CanBlock: e.BlocksOnExit2}
		switch e.Matcher {
		case matchToolName:
			info.Context, info.ContextLabel = agents.ContextTool, "tool name"
			info.Values = sampleTools(e.Name)
		case matchValue, matchNarrow:
			info.Context, info.ContextLabel = agents.ContextTrigger, matcherValueName(e.Name)
		case matchUnknown:
			info.Context = agents.ContextUnknown
		}
		if e.BlocksOnExit2 {
			info.Notes = []string{"exit 2 blocks"}
		}
		tool := ""
		if tools := assets.ClaudePayloadTools(string(e.Name)); len(tools) > 0 {
			tool = tools[0]
		}
		info.Sample, _ = assets.ClaudePayload(string(e.Name), tool)
		out = append(out, info)
	}
	return out
}

// suggestEvent names the Claude Code event a misspelt or Gemini CLI event
// name probably meant.
func (agent) SuggestEvent(name string) hooks.Event { return suggestEvent(name) }

// matcherValueName is what a value matcher of e is compared with.
func matcherValueName(e hooks.Event) string {
	switch e {
	case SessionStart:
		return "source"
	case SessionEnd:
		return "reason"
	case PreCompact, postCompact, setup:
		return "trigger"
	case Notification:
		return "notification type"
	case subagentStart, subagentStop:
		return "agent type"
	case instructionsLoaded:
		return "load reason"
	case stopFailure:
		return "error"
	case fileChanged:
		return "file names"
	case elicitation, elicitationResult:
		return "MCP server"
	case userPromptExpansion:
		return "command name"
	}
	return "value"
}

// eventHelp says in a few words when Claude Code fires each event and what
// a hook can do there (2.1.240 docs; the three later events are not
// documented yet).
var eventHelp = map[hooks.Event]string{
	SessionStart:         "when a session starts, resumes, is cleared, compacted or forked; can add context",
	setup:                "on claude --init or --maintenance, before the session",
	instructionsLoaded:   "when a CLAUDE.md or rules file is loaded into the context",
	UserPromptSubmit:     "when a prompt is submitted, before Claude sees it; can block it or add context",
	userPromptExpansion:  "when a slash command or MCP prompt expands; can block the expansion",
	messageDisplay:       "while a message of Claude's is shown to the user",
	PreToolUse:           "before a tool runs; can allow, deny, ask, defer or change its input",
	PermissionRequest:    "when a permission dialog would show; can allow or deny for the user",
	permissionDenied:     "after auto mode denied a tool call; can let Claude retry",
	PostToolUse:          "after a tool succeeded; can give Claude feedback",
	postToolUseFailure:   "after a tool failed; can add context",
	postToolBatch:        "after a batch of tool calls finished; can stop before the next model call",
	Notification:         "when Claude Code notifies (permission prompt, idle, …)",
	subagentStart:        "when a subagent starts",
	subagentStop:         "when a subagent finishes; can make it go on",
	taskCreated:          "when a task is created; can block it",
	taskCompleted:        "when a task is marked completed; can block the completion",
	Stop:                 "when Claude finishes its answer; can make it go on",
	stopFailure:          "when a turn ends with an API error (rate limit, overload, …)",
	teammateIdle:         "when a teammate of an agent team is about to go idle; can keep it working",
	configChange:         "when a settings or skills file changes during a session; can block the change",
	cwdChanged:           "when the working folder changes",
	directoryAdded:       "when a folder is added to the session",
	fileChanged:          "when a watched file changes on disk",
	worktreeCreate:       "when a worktree is created; any failure stops the creation",
	worktreeRemove:       "when a worktree is removed",
	PreCompact:           "before the context is compacted; can block it",
	postCompact:          "after the context was compacted",
	SessionEnd:           "when a session ends (clear, logout, exit, …)",
	elicitation:          "when an MCP server asks the user for input; can answer or decline",
	elicitationResult:    "after the user answered an MCP server's question; can change the answer",
	preModelSwitch:       "seen in Claude Code 2.1.332, before a model switch; not documented yet",
	postModelSwitch:      "seen in Claude Code 2.1.332, after a model switch; not documented yet",
	preSkillShellCommand: "seen in Claude Code 2.1.332, before a skill's shell command; not documented yet",
}

// Describe says when Claude Code fires event and what its hooks can do
// there ("" for a name that is not a Claude Code event).
func Describe(event hooks.Event) string { return eventHelp[event] }
