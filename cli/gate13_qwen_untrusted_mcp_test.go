//go:build unix

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestQwenUntrustedFolderStartsNoMCPServer: Qwen Code 0.24.4 starts no MCP
// server at all in a folder it does not trust — McpClientManager's
// discoverAllMcpTools and discoverMcpToolsForServerInternal return at once
// when isTrustedFolder() is false ("Skipping MCP server in untrusted
// folder"), the user's own servers and mcp.serverCommand's included — but
// Hookwarden listed the user's servers as running there. Now every MCP
// server of such a folder is held back with that reason; in a trusted
// folder, and with folder trust off, the user's server runs. Fails on the
// old code: the user's server read "runs" in the untrusted folder.
func TestQwenUntrustedFolderStartsNoMCPServer(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, settings string
		trusted        bool
		want           string
	}{
		{"untrusted", `{"$version": 4, "security": {"folderTrust": {"enabled": true}}, "mcpServers": {"mine": {"command": "echo", "args": ["mine"]}}, "mcp": {"serverCommand": "echo srv"}}`, false, "blocked-untrusted-folder"},
		{"trusted", `{"$version": 4, "security": {"folderTrust": {"enabled": true}}, "mcpServers": {"mine": {"command": "echo", "args": ["mine"]}}, "mcp": {"serverCommand": "echo srv"}}`, true, "runs"},
		{"trust off", `{"$version": 4, "mcpServers": {"mine": {"command": "echo", "args": ["mine"]}}, "mcp": {"serverCommand": "echo srv"}}`, false, "runs"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.write(t, filepath.Join(p.home, ".qwen", "settings.json"), tc.settings)
			if tc.trusted {
				p.write(t, filepath.Join(p.home, ".qwen", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
			}
			p.write(t, ".mcp.json", `{"mcpServers": {"docs": {"command": "echo", "args": ["docs"]}}}`)
			code, out := p.run("list", "--agent", "qwen")
			if code != ExitOK {
				t.Fatalf("list: exit %d\n%s", code, out)
			}
			for _, server := range []string{"MCP server mine:", "MCP server mcp.serverCommand:", "MCP server docs:"} {
				line := ""
				for _, l := range strings.Split(out, "\n") {
					if strings.Contains(l, server) {
						line = l
					}
				}
				want := tc.want
				if f := strings.Fields(line); len(f) == 0 || f[0] != want {
					t.Errorf("%s: %q, want it %s\n%s", server, line, want, out)
				}
			}
		})
	}
}
