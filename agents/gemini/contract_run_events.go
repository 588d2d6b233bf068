package gemini

import (
	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
)

// eventHelp says in a few words when Gemini CLI fires each event.
var eventHelp = map[hooks.Event]string{
	hooks.BeforeTool:          "before a tool runs; can block it or change its input",
	hooks.AfterTool:           "after a tool ran; can add context or replace the result",
	hooks.BeforeAgent:         "when a prompt is sent, before the agent works on it",
	hooks.Notification:        "when Gemini CLI waits for a tool permission",
	hooks.AfterAgent:          "when the agent finished a turn; can make it retry",
	hooks.SessionStart:        "when a session starts, resumes or is cleared",
	hooks.SessionEnd:          "when a session ends or is cleared",
	hooks.PreCompress:         "before the chat history is compressed",
	hooks.BeforeModel:         "before each model request; can change or replace it",
	hooks.AfterModel:          "after each streamed chunk of a model response",
	hooks.BeforeToolSelection: "before the model picks tools; can narrow the tool list",
}

// Events are Gemini CLI's 11 events in its order: the tool events take a
// tool name (the sample payloads' tools are suggested), SessionStart,
// SessionEnd and PreCompress a trigger of a closed set.
func (Agent) Events() []agents.EventInfo {
	out := make([]agents.EventInfo, 0, len(hooks.Events))
	for _, e := range hooks.Events {
		info := agents.EventInfo{Name: e, Description: eventHelp[e], CanBlock: hooks.StrategyFor(e) == hooks.StrategyOrDecision}
		switch e.MatcherKind() {
		case hooks.MatchToolName:
			info.Context, info.ContextLabel, info.Values = agents.ContextTool, "Tool", assets.PayloadTools()
		case hooks.MatchTrigger:
			info.Context, info.ContextLabel, info.Values = agents.ContextTrigger, "Trigger", hooks.Triggers(e)
		}
		out = append(out, info)
	}
	return out
}
