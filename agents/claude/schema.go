package claude

import (
	"strings"

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

// Handler types.
const (
	TypeCommand = "command"
	typeHTTP    = "http"
	typeMCPTool = "mcp_tool"
	typePrompt  = "prompt"
	typeAgent   = "agent"
)

// handlerTypes lists the five handler types.
var handlerTypes = []string{TypeCommand, typeHTTP, typeMCPTool, typePrompt, typeAgent}

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

// DefaultTimeoutSec is Claude Code's timeout for a handler of type t on
// event when the handler sets none: 600 s for command, http and mcp_tool
// (30 s on UserPromptSubmit, 10 s on MessageDisplay), 30 s for prompt,
// 60 s for agent.
func DefaultTimeoutSec(event hooks.Event, t string) float64 {
	switch t {
	case typePrompt:
		return 30
	case typeAgent:
		return 60
	}
	switch event {
	case UserPromptSubmit:
		return 30
	case messageDisplay:
		return 10
	}
	return 600
}

// Field lists of the schema: matcher groups and handlers allow nothing else
// (additionalProperties: false).
var (
	groupFields   = []string{"matcher", "hooks"}
	commonFields  = []string{"type", "if", "timeout", "statusMessage", "once"}
	fieldsForType = map[string][]string{
		TypeCommand: {"command", "args", "async", "asyncRewake", "shell"},
		typeHTTP:    {"url", "headers", "allowedEnvVars"},
		typeMCPTool: {"server", "tool", "input"},
		typePrompt:  {"prompt", "model", "continueOnBlock"},
		typeAgent:   {"prompt", "model"},
	}
	requiredForType = map[string][]string{
		TypeCommand: {"command"},
		typeHTTP:    {"url"},
		typeMCPTool: {"server", "tool"},
		typePrompt:  {"prompt"},
		typeAgent:   {"prompt"},
	}
)

// allowsField reports whether a handler of type t may have field.
func allowsField(t, field string) bool {
	for _, f := range commonFields {
		if f == field {
			return true
		}
	}
	for _, f := range fieldsForType[t] {
		if f == field {
			return true
		}
	}
	return false
}

// ownerTypes lists the handler types a field belongs to.
func ownerTypes(field string) []string {
	var out []string
	for _, t := range handlerTypes {
		for _, f := range fieldsForType[t] {
			if f == field {
				out = append(out, t)
			}
		}
	}
	return out
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
