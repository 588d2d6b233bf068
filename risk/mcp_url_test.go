package risk

import (
	"strings"
	"testing"
)

// A remote MCP server is not an HTTP hook: it gets what the model passes
// to its tools (a review finding), not every event's input (critical).
func TestRemoteMCPServerIsNotAnHTTPHook(t *testing.T) {
	srv := Analyze(Hook{Agent: "claude", Event: "mcp-server", URL: "https://mcp.example/x"}, Options{Agents: testAgents})
	hook := Analyze(Hook{Agent: "claude", Event: "PreToolUse", URL: "https://mcp.example/x"}, Options{Agents: testAgents})
	if len(srv.Findings) != 1 || srv.Findings[0].Severity != LevelReview || !strings.Contains(srv.Findings[0].Summary, "remote MCP server") {
		t.Errorf("remote MCP server: %+v", srv.Findings)
	}
	if len(hook.Findings) != 1 || hook.Findings[0].Severity != LevelCritical || !strings.Contains(hook.Findings[0].Summary, "every matching event") {
		t.Errorf("http hook: %+v", hook.Findings)
	}
}
