package copilot

import (
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// eventInfo is one Copilot CLI hook event.
type eventInfo struct {
	Name hooks.Event
	// Pascal is the event's PascalCase (VS Code / Claude-format) name ""
	// when it has none.
	Pascal hooks.Event
	// Tool: the event is about one tool call and its matchers are
	// compared with the tool's name.
	Tool        bool
	Description string
	CanBlock    bool
	Notes       []string
}

// events are Copilot CLI 1.0.102's 14 hook events in lifecycle order
// (observed: every one fired in the kit, under both names).
var events = []eventInfo{
	{Name: "sessionStart", Pascal: "SessionStart", Description: "a session starts (-p: before the first prompt; runs concurrently with the prompt hooks)",
		Notes: []string{"additionalContext becomes a user message before the prompt", "exit 2: a warning, nothing else"}},
	{Name: "userPromptSubmitted", Pascal: "UserPromptSubmit", Description: "the user submits a prompt (also a sub-agent's prompt and an agentStop continuation)",
		Notes: []string{"modifiedPrompt replaces the prompt; additionalContext is appended as <system_reminder>", "{handled, responseContent} answers without the model", "exit 2: a warning, not a block"}},
	{Name: "userPromptTransformed", Description: "the prompt was turned into the model-facing text",
		Notes: []string{"modifiedTransformedPrompt replaces the whole model-facing text"}},
	{Name: "preToolUse", Pascal: "PreToolUse", Tool: true, CanBlock: true, Description: "before a tool runs",
		Notes: []string{"exit 2 and exit 1 deny; a timeout lets the tool run", "permissionDecision deny/allow/ask (ask = deny in -p); modifiedArgs", "the first deny stops later hooks"}},
	{Name: "permissionRequest", Pascal: "PermissionRequest", Tool: true, CanBlock: true, Description: "before Copilot asks for a tool's permission (even with --allow-all-tools)",
		Notes: []string{"behavior deny/allow; exit 2 denies", "later hooks still run after a deny"}},
	{Name: "postToolUse", Pascal: "PostToolUse", Tool: true, Description: "after a tool call succeeded",
		Notes: []string{"modifiedResult replaces the result; additionalContext is appended to it", "exit 2: a warning"}},
	{Name: "postToolUseFailure", Pascal: "PostToolUseFailure", Tool: true, Description: "after a tool call failed",
		Notes: []string{"additionalContext becomes a user message"}},
	{Name: "agentStop", Pascal: "Stop", CanBlock: true, Description: "the agent (or a sub-agent) finishes a turn",
		Notes: []string{"{\"decision\":\"block\",\"reason\":R}: R becomes a new prompt (at most 8 times in a row)", "exit 2: a warning, no block"}},
	{Name: "subagentStart", Pascal: "SubagentStart", Description: "a sub-agent starts (the task tool)"},
	{Name: "subagentStop", Pascal: "SubagentStop", Description: "a sub-agent finishes"},
	{Name: "errorOccurred", Pascal: "ErrorOccurred", Description: "an error occurs (a failing model call)"},
	{Name: "preCompact", Pascal: "PreCompact", Description: "before the conversation is compacted"},
	{Name: "notification", Pascal: "Notification", Description: "Copilot notifies the user (a permission prompt)"},
	{Name: "sessionEnd", Pascal: "SessionEnd", Description: "the session ends"},
}

// lookupEvent finds an event by its camelCase name or its PascalCase
// alias; pascal says the name was the alias.
func lookupEvent(name string) (info eventInfo, pascal bool, ok bool) {
	for _, e := range events {
		if string(e.Name) == name {
			return e, false, true
		}
		if e.Pascal != "" && string(e.Pascal) == name {
			return e, true, true
		}
	}
	return eventInfo{}, false, false
}

// claudeToolNames are the tool names a PascalCase payload and matcher
// see for Copilot's tools (observed: bash→Bash, view→Read, create→Write,
// apply_patch→Edit, task→Agent; the others keep their name).
var claudeToolNames = map[string]string{"bash": "Bash", "view": "Read", "create": "Write", "apply_patch": "Edit", "edit": "Edit", "task": "Agent"}

// claudeToolName is the tool name a PascalCase (Claude-format) hook sees.
func claudeToolName(tool string) string {
	if n, ok := claudeToolNames[tool]; ok {
		return n
	}
	return tool
}

// suggestEvent is the event a misspelt name probably meant ("" none).
func suggestEvent(name string) hooks.Event {
	low := strings.ToLower(name)
	for _, e := range events {
		if strings.ToLower(string(e.Name)) == low || strings.ToLower(string(e.Pascal)) == low {
			return e.Name
		}
	}
	best, bestD := hooks.Event(""), 4
	for _, e := range events {
		for _, n := range []hooks.Event{e.Name, e.Pascal} {
			if n == "" {
				continue
			}
			if d := levenshtein(low, strings.ToLower(string(n))); d < bestD {
				best, bestD = e.Name, d
			}
		}
	}
	return best
}

func levenshtein(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}
