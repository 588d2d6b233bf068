package claude

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
	hclaude "github.com/hookwarden/hookwarden/hooks/claude"
)

// Events are Claude Code's events in lifecycle order, with what their
// matchers are compared with and the sample payloads of
// assets/claude_payloads (templates: ${…} is filled when a run starts).
func (Agent) Events() []agents.EventInfo {
	var out []agents.EventInfo
	for _, e := range hclaude.Events() {
		info := agents.EventInfo{Name: e.Name, Description: hclaude.Describe(e.Name), Values: e.Values, CanBlock: e.BlocksOnExit2}
		switch e.Matcher {
		case hclaude.MatchToolName:
			info.Context, info.ContextLabel = agents.ContextTool, "tool name"
			info.Values = hclaude.SampleTools(e.Name)
		case hclaude.MatchValue, hclaude.MatchNarrow:
			info.Context, info.ContextLabel = agents.ContextTrigger, matcherValueName(e.Name)
		case hclaude.MatchUnknown:
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

// SuggestEvent names the Claude Code event a misspelt or Gemini CLI event
// name probably meant.
func (Agent) SuggestEvent(name string) hooks.Event { return hclaude.SuggestEvent(name) }

// matcherValueName is what a value matcher of e is compared with.
func matcherValueName(e hooks.Event) string {
	switch e {
	case hclaude.SessionStart:
		return "source"
	case hclaude.SessionEnd:
		return "reason"
	case hclaude.PreCompact, hclaude.PostCompact, hclaude.Setup:
		return "trigger"
	case hclaude.Notification:
		return "notification type"
	case hclaude.SubagentStart, hclaude.SubagentStop:
		return "agent type"
	case hclaude.InstructionsLoaded:
		return "load reason"
	case hclaude.StopFailure:
		return "error"
	case hclaude.FileChanged:
		return "file names"
	case hclaude.Elicitation, hclaude.ElicitationResult:
		return "MCP server"
	case hclaude.UserPromptExpansion:
		return "command name"
	}
	return "value"
}
