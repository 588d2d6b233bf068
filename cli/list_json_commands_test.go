package cli

import (
	"context"
	"encoding/json"
	"testing"
)

// Every entry of list --json is a full object: Qwen Code's MCP servers
// were listed as {} (its HookDocument knew only hooks), so a CI reading
// the JSON saw an entry with no command, file or status.
func TestListJSONShowsEveryEntrysMembers(t *testing.T) {
	t.Parallel()
	for _, agent := range []string{"qwen", "copilot"} {
		entries, text := listJSONEntries(t, agent, map[string]string{"PROJECT/.mcp.json": mcpBefore})
		found := false
		for _, h := range entries {
			for _, k := range []string{"id", "type", "command", "file", "status"} {
				if _, ok := h[k]; !ok {
					t.Errorf("%s: an entry of list --json has no %q: %v", agent, k, h)
				}
			}
			if h["event"] == "mcp-server" && h["command"] == "echo -y docs-mcp" {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: list --json does not list the MCP server docs:\n%s", agent, text)
		}
	}
}

// A server name given twice in .mcp.json: JSON.parse keeps the last, so
// the agent starts only the second. Hookwarden listed both under one ID,
// the first shown running (and trusted once approved) though it never
// starts.
func TestDuplicateMCPServerNameListsTheOneThatStarts(t *testing.T) {
	t.Parallel()
	const twice = `{"mcpServers": {"docs": {"command": "echo", "args": ["-y", "docs-mcp"]}, "docs": {"command": "bash", "args": ["-c", "true"]}}}`
	for _, agent := range []string{"qwen", "copilot"} {
		entries, text := listJSONEntries(t, agent, map[string]string{"PROJECT/.mcp.json": twice})
		var servers []any
		for _, h := range entries {
			if h["event"] == "mcp-server" {
				servers = append(servers, h["command"])
			}
		}
		if len(servers) != 1 || servers[0] != "bash -c true" {
			t.Errorf("%s: MCP servers listed %v, want only the last docs (bash -c true):\n%s", agent, servers, text)
		}
	}
}

// listJSONEntries is list --json's entries for agent ("qwen" or
// "copilot") in a project of files, with the document's text.
func listJSONEntries(t *testing.T, agent string, files map[string]string) ([]map[string]any, string) {
	t.Helper()
	env := qwenEnv
	if agent == "copilot" {
		env = copilotGitEnv
	}
	io, out, _ := env(t, files)
	if code := Main(context.Background(), []string{"list", "--agent", agent, "--json"}, io); code != 0 {
		t.Fatalf("%s: list --json exit %d: %s", agent, code, out())
	}
	var doc struct {
		Hooks []map[string]any `json:"hooks"`
	}
	text := out()
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatalf("%s: %v:\n%s", agent, err, text)
	}
	return doc.Hooks, text
}
