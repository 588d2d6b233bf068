package claude

import (
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// Claude Code's hook events (2.1.240's 31, plus 3 seen in 2.1.332).
const (
	SessionStart        hooks.Event = "SessionStart"
	Setup               hooks.Event = "Setup"
	InstructionsLoaded  hooks.Event = "InstructionsLoaded"
	UserPromptSubmit    hooks.Event = "UserPromptSubmit"
	UserPromptExpansion hooks.Event = "UserPromptExpansion"
	MessageDisplay      hooks.Event = "MessageDisplay"
	PreToolUse          hooks.Event = "PreToolUse"
	PermissionRequest   hooks.Event = "PermissionRequest"
	PermissionDenied    hooks.Event = "PermissionDenied"
	PostToolUse         hooks.Event = "PostToolUse"
	PostToolUseFailure  hooks.Event = "PostToolUseFailure"
	PostToolBatch       hooks.Event = "PostToolBatch"
	Notification        hooks.Event = "Notification"
	SubagentStart       hooks.Event = "SubagentStart"
	SubagentStop        hooks.Event = "SubagentStop"
	TaskCreated         hooks.Event = "TaskCreated"
	TaskCompleted       hooks.Event = "TaskCompleted"
	Stop                hooks.Event = "Stop"
	StopFailure         hooks.Event = "StopFailure"
	TeammateIdle        hooks.Event = "TeammateIdle"
	ConfigChange        hooks.Event = "ConfigChange"
	CwdChanged          hooks.Event = "CwdChanged"
	DirectoryAdded      hooks.Event = "DirectoryAdded"
	FileChanged         hooks.Event = "FileChanged"
	WorktreeCreate      hooks.Event = "WorktreeCreate"
	WorktreeRemove      hooks.Event = "WorktreeRemove"
	PreCompact          hooks.Event = "PreCompact"
	PostCompact         hooks.Event = "PostCompact"
	SessionEnd          hooks.Event = "SessionEnd"
	Elicitation         hooks.Event = "Elicitation"
	ElicitationResult   hooks.Event = "ElicitationResult"
	// Seen in 2.1.332, after the documented 2.1.240 set; details unknown.
	PreModelSwitch       hooks.Event = "PreModelSwitch"
	PostModelSwitch      hooks.Event = "PostModelSwitch"
	PreSkillShellCommand hooks.Event = "PreSkillShellCommand"
)

// MatcherKind says what an event's matcher is compared with.
type MatcherKind int

// Matcher kinds.
const (
	// MatchNone: the event has no matcher support; a matcher is ignored.
	MatchNone MatcherKind = iota
	// MatchToolName: the tool name.
	MatchToolName
	// MatchValue: an event-specific value (source, reason, agent type …),
	// with the same exact-or-regex rules as tool names.
	MatchValue
	// MatchNarrow: FileChanged and StopFailure, whose exact set is only
	// letters, digits, "_" and "|".
	MatchNarrow
	// MatchUnknown: an event newer than the documented set; a matcher is
	// applied with the usual rules but not checked.
	MatchUnknown
)

// Handler types.
const (
	TypeCommand = "command"
	TypeHTTP    = "http"
	TypeMCPTool = "mcp_tool"
	TypePrompt  = "prompt"
	TypeAgent   = "agent"
)

// handlerTypes lists the five handler types.
var handlerTypes = []string{TypeCommand, TypeHTTP, TypeMCPTool, TypePrompt, TypeAgent}

// EventInfo is what Claude Code does with one event.
type EventInfo struct {
	Name    hooks.Event
	Matcher MatcherKind
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
	noModelTypes   = []string{TypeCommand, TypeHTTP, TypeMCPTool}
	startTypes     = []string{TypeCommand, TypeMCPTool}
	sessionSources = []string{"startup", "resume", "clear", "compact", "fork"}
)

// events is the schema, in lifecycle order.
var events = []EventInfo{
	{SessionStart, MatchValue, sessionSources, startTypes, false, false, true},
	{Setup, MatchValue, []string{"init", "maintenance"}, startTypes, false, false, true},
	{InstructionsLoaded, MatchValue, []string{"session_start", "nested_traversal", "path_glob_match", "include", "compact"}, noModelTypes, false, false, true},
	{UserPromptSubmit, MatchNone, nil, allTypes, true, false, true},
	{UserPromptExpansion, MatchValue, nil, allTypes, true, false, true},
	{MessageDisplay, MatchNone, nil, noModelTypes, false, false, true},
	{PreToolUse, MatchToolName, nil, allTypes, true, true, true},
	{PermissionRequest, MatchToolName, nil, allTypes, false, true, true},
	{PermissionDenied, MatchToolName, nil, allTypes, false, true, true},
	{PostToolUse, MatchToolName, nil, allTypes, false, true, true},
	{PostToolUseFailure, MatchToolName, nil, allTypes, false, true, true},
	{PostToolBatch, MatchNone, nil, allTypes, true, false, true},
	{Notification, MatchValue, []string{"permission_prompt", "idle_prompt", "auth_success", "elicitation_dialog", "elicitation_url_dialog", "elicitation_complete", "elicitation_response", "agent_needs_input", "agent_completed"}, noModelTypes, false, false, true},
	{SubagentStart, MatchValue, nil, noModelTypes, false, false, true},
	{SubagentStop, MatchValue, nil, allTypes, true, false, true},
	{TaskCreated, MatchNone, nil, allTypes, true, false, true},
	{TaskCompleted, MatchNone, nil, allTypes, true, false, true},
	{Stop, MatchNone, nil, allTypes, true, false, true},
	{StopFailure, MatchNarrow, []string{"rate_limit", "overloaded", "authentication_failed", "oauth_org_not_allowed", "billing_error", "invalid_request", "model_not_found", "server_error", "max_output_tokens", "unknown"}, noModelTypes, false, false, true},
	{TeammateIdle, MatchNone, nil, allTypes, true, false, true},
	{ConfigChange, MatchValue, []string{"user_settings", "project_settings", "local_settings", "policy_settings", "skills"}, noModelTypes, true, false, true},
	{CwdChanged, MatchNone, nil, noModelTypes, false, false, true},
	{DirectoryAdded, MatchValue, []string{"slash_command", "register_repo_root"}, noModelTypes, false, false, true},
	{FileChanged, MatchNarrow, nil, noModelTypes, false, false, true},
	{WorktreeCreate, MatchNone, nil, noModelTypes, false, false, true},
	{WorktreeRemove, MatchNone, nil, noModelTypes, false, false, true},
	{PreCompact, MatchValue, []string{"manual", "auto"}, noModelTypes, true, false, true},
	{PostCompact, MatchValue, []string{"manual", "auto"}, noModelTypes, false, false, true},
	{SessionEnd, MatchValue, []string{"clear", "resume", "logout", "prompt_input_exit", "other"}, noModelTypes, false, false, true},
	{Elicitation, MatchValue, nil, noModelTypes, true, false, true},
	{ElicitationResult, MatchValue, nil, noModelTypes, true, false, true},
	{PreModelSwitch, MatchUnknown, nil, allTypes, false, false, false},
	{PostModelSwitch, MatchUnknown, nil, allTypes, false, false, false},
	{PreSkillShellCommand, MatchUnknown, nil, allTypes, false, false, false},
}

// Events returns the schema of every event Claude Code knows, in lifecycle
// order.
func Events() []EventInfo { return append([]EventInfo(nil), events...) }

// LookupEvent returns the schema of an event (exact, case-sensitive name).
func LookupEvent(name hooks.Event) (EventInfo, bool) {
	for _, e := range events {
		if e.Name == name {
			return e, true
		}
	}
	return EventInfo{}, false
}

// AllowsType reports whether the event runs handlers of type t.
func (e EventInfo) AllowsType(t string) bool {
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
	case TypePrompt:
		return 30
	case TypeAgent:
		return 60
	}
	switch event {
	case UserPromptSubmit:
		return 30
	case MessageDisplay:
		return 10
	}
	return 600
}

// SessionEndBudgetSec is the shared budget of all SessionEnd hooks (raised
// to the largest configured per-hook timeout, at most 60 s).
const SessionEndBudgetSec = 1.5

// Field lists of the schema: matcher groups and handlers allow nothing else
// (additionalProperties: false).
var (
	groupFields   = []string{"matcher", "hooks"}
	commonFields  = []string{"type", "if", "timeout", "statusMessage", "once"}
	fieldsForType = map[string][]string{
		TypeCommand: {"command", "args", "async", "asyncRewake", "shell"},
		TypeHTTP:    {"url", "headers", "allowedEnvVars"},
		TypeMCPTool: {"server", "tool", "input"},
		TypePrompt:  {"prompt", "model", "continueOnBlock"},
		TypeAgent:   {"prompt", "model"},
	}
	requiredForType = map[string][]string{
		TypeCommand: {"command"},
		TypeHTTP:    {"url"},
		TypeMCPTool: {"server", "tool"},
		TypePrompt:  {"prompt"},
		TypeAgent:   {"prompt"},
	}
)

// AllowsField reports whether a handler of type t may have field.
func AllowsField(t, field string) bool {
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

// SuggestEvent returns the Claude Code event a wrong name probably means
// (a Gemini CLI name or a case slip), or "".
func SuggestEvent(name string) hooks.Event {
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
