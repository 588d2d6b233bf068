package claude

import "github.com/hookwarden/hookwarden/hooks"

// eventHelp says in a few words when Claude Code fires each event and what
// a hook can do there (2.1.240 docs; the three later events are not
// documented yet).
var eventHelp = map[hooks.Event]string{
	SessionStart:         "when a session starts, resumes, is cleared, compacted or forked; can add context",
	Setup:                "on claude --init or --maintenance, before the session",
	InstructionsLoaded:   "when a CLAUDE.md or rules file is loaded into the context",
	UserPromptSubmit:     "when a prompt is submitted, before Claude sees it; can block it or add context",
	UserPromptExpansion:  "when a slash command or MCP prompt expands; can block the expansion",
	MessageDisplay:       "while a message of Claude's is shown to the user",
	PreToolUse:           "before a tool runs; can allow, deny, ask, defer or change its input",
	PermissionRequest:    "when a permission dialog would show; can allow or deny for the user",
	PermissionDenied:     "after auto mode denied a tool call; can let Claude retry",
	PostToolUse:          "after a tool succeeded; can give Claude feedback",
	PostToolUseFailure:   "after a tool failed; can add context",
	PostToolBatch:        "after a batch of tool calls finished; can stop before the next model call",
	Notification:         "when Claude Code notifies (permission prompt, idle, …)",
	SubagentStart:        "when a subagent starts",
	SubagentStop:         "when a subagent finishes; can make it go on",
	TaskCreated:          "when a task is created; can block it",
	TaskCompleted:        "when a task is marked completed; can block the completion",
	Stop:                 "when Claude finishes its answer; can make it go on",
	StopFailure:          "when a turn ends with an API error (rate limit, overload, …)",
	TeammateIdle:         "when a teammate of an agent team is about to go idle; can keep it working",
	ConfigChange:         "when a settings or skills file changes during a session; can block the change",
	CwdChanged:           "when the working folder changes",
	DirectoryAdded:       "when a folder is added to the session",
	FileChanged:          "when a watched file changes on disk",
	WorktreeCreate:       "when a worktree is created; any failure stops the creation",
	WorktreeRemove:       "when a worktree is removed",
	PreCompact:           "before the context is compacted; can block it",
	PostCompact:          "after the context was compacted",
	SessionEnd:           "when a session ends (clear, logout, exit, …)",
	Elicitation:          "when an MCP server asks the user for input; can answer or decline",
	ElicitationResult:    "after the user answered an MCP server's question; can change the answer",
	PreModelSwitch:       "seen in Claude Code 2.1.332, before a model switch; not documented yet",
	PostModelSwitch:      "seen in Claude Code 2.1.332, after a model switch; not documented yet",
	PreSkillShellCommand: "seen in Claude Code 2.1.332, before a skill's shell command; not documented yet",
}

// Describe says when Claude Code fires event and what its hooks can do
// there ("" for a name that is not a Claude Code event).
func Describe(event hooks.Event) string { return eventHelp[event] }
