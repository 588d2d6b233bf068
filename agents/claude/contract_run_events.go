package claude

import (
	"github.com/hookwarden/hookwarden/agents"
	hclaude "github.com/hookwarden/hookwarden/hooks/claude"
)

// Events are Claude Code's events in lifecycle order: the tool events take
// a tool name (the captured payloads' tools suggested), the others a
// matcher value, of a closed set where Claude Code sends one.
func (Agent) Events() []agents.EventInfo {
	var out []agents.EventInfo
	for _, e := range hclaude.Events() {
		info := agents.EventInfo{Name: e.Name, Description: hclaude.Describe(e.Name), CanBlock: e.BlocksOnExit2}
		switch e.Matcher {
		case hclaude.MatchNone:
		case hclaude.MatchToolName:
			info.Context, info.ContextLabel = agents.ContextTool, "Tool"
			if info.Values = hclaude.SampleTools(e.Name); len(info.Values) == 0 {
				info.Values = hclaude.SampleTools(hclaude.PreToolUse)
			}
		default:
			info.Context, info.ContextLabel, info.Values = agents.ContextTrigger, "Matcher value", e.Values
		}
		out = append(out, info)
	}
	return out
}
