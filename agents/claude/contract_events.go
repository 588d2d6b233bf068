package claude

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
)

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
