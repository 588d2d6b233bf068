package assets

import (
	"embed"
	"fmt"
	"path"
)

// claudePayloadFS holds Claude Code sample hook inputs. Each file is a
// whole payload in the key order Claude Code 2.1.332 writes, modelled on
// real captures (the conformance kit's claude-live payloads); Notification,
// PreCompact and SubagentStop, which the live stand-in cannot drive, follow
// the reference's field lists. Tool events have one file per tool under
// <Event>/<Tool>.json. Strings may hold placeholders filled at run time:
// ${SESSION_ID}, ${TRANSCRIPT_PATH}, ${PROMPT_ID}, ${PERMISSION_MODE},
// ${PROJECT}, ${PROJECT_SLUG}, ${HOME} and ${CONFIG_DIR}.
//
//go:embed claude_payloads
var claudePayloadFS embed.FS

// ClaudePayloadEvents lists the events that have Claude Code samples,
// sorted.
func ClaudePayloadEvents() []string {
	return SampleNames(claudePayloadFS, "claude_payloads")
}

// ClaudePayloadTools lists the tools that have samples for a tool event
// (PreToolUse, PostToolUse), sorted; nil for other events.
func ClaudePayloadTools(event string) []string {
	return SampleNames(claudePayloadFS, path.Join("claude_payloads", event))
}

// ClaudePayload returns the sample payload template of an event, for a
// tool event the one of tool (one of ClaudePayloadTools(event)).
func ClaudePayload(event, tool string) ([]byte, error) {
	p := path.Join("claude_payloads", event+".json")
	if tools := ClaudePayloadTools(event); tools != nil {
		if tool == "" {
			return nil, fmt.Errorf("Claude Code sample payload for %s: no tool given", event)
		}
		p = path.Join("claude_payloads", event, tool+".json")
	}
	data, err := claudePayloadFS.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("Claude Code sample payload for %s %s: %w", event, tool, err)
	}
	return data, nil
}
