package claude

import "github.com/hookwarden/hookwarden/hooks"

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
