package claude

import "github.com/hookwarden/hookwarden/hooks"

// What Claude Code does with a hook's exit code and output, per event
// (Claude Code 2.1.240 reference, checked against 2.1.332 where the live
// harness can drive the event).

// blocksOnExit2 reports whether exit 2 is a blocking error for event: the
// schema's BlocksOnExit2, plus WorktreeCreate, where any non-zero exit
// fails the creation.
func blocksOnExit2(event hooks.Event) bool {
	info, ok := LookupEvent(event)
	return (ok && info.BlocksOnExit2) || event == worktreeCreate
}

// plainStdoutIsContext are the events whose plain stdout on exit 0 is added
// to Claude's context (elsewhere it only goes to the debug log).
var plainStdoutIsContext = eventSet("UserPromptSubmit", "UserPromptExpansion", "SessionStart")

// stderrToClaude are the events where the stderr of exit 2 is shown to
// Claude rather than to the user.
var stderrToClaude = eventSet("PostToolUse", "PostToolUseFailure")

// topLevelBlock are the events that honour {"decision": "block", "reason"}.
var topLevelBlock = eventSet("UserPromptSubmit", "UserPromptExpansion", "PostToolUse",
	"PostToolUseFailure", "PostToolBatch", "Stop", "SubagentStop", "ConfigChange",
	"PreCompact", "TaskCreated")

// noDecisionControl are the events whose output decides nothing (side
// effects only).
var noDecisionControl = eventSet("Notification", "SessionEnd", "PostCompact",
	"InstructionsLoaded", "StopFailure", "CwdChanged", "DirectoryAdded", "FileChanged",
	"WorktreeRemove")

// additionalContextEvents take hookSpecificOutput.additionalContext.
var additionalContextEvents = eventSet("PreToolUse", "PostToolUse", "PostToolUseFailure",
	"PostToolBatch", "UserPromptSubmit", "UserPromptExpansion", "SessionStart", "Setup",
	"SubagentStart", "Notification")

func eventSet(names ...string) map[hooks.Event]bool {
	m := make(map[hooks.Event]bool, len(names))
	for _, n := range names {
		m[hooks.Event(n)] = true
	}
	return m
}

// outputCap is the length (in characters) beyond which Claude Code writes
// a hook's stdout, additionalContext or systemMessage to a file and keeps
// only a preview and the path.
const outputCap = 10000
