package claude

import "github.com/hookwarden/hookwarden/hooks"

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
