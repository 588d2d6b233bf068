//go:build unix

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGeminiMCPServerScriptsFollowItsCwd: Gemini CLI starts a stdio MCP
// server with its "cwd" (spawned there, a relative one from the project
// folder), so `sh srv.sh` with "cwd": "tools" runs tools/srv.sh. Hookwarden
// followed a Gemini server's scripts from the project folder alone: with a
// srv.sh at the top as well, a pull changing tools/srv.sh left audit at
// exit 0. The same for a subagent's server. Fails on main.
func TestGeminiMCPServerScriptsFollowItsCwd(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct{ file, text string }{
		"a settings server": {".gemini/settings.json", `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","name":"hi","command":"echo hi"}]}]},
			"mcpServers": {"s": {"command": "sh", "args": ["srv.sh"], "cwd": "tools"}}}`},
		"a subagent's server": {".gemini/agents/a.md", "---\nname: a\ndescription: a\nmcp_servers:\n  s:\n    command: sh\n    args: [srv.sh]\n    cwd: tools\n---\n"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
			p.write(t, ".gemini/settings.json", `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","name":"hi","command":"echo hi"}]}]}}`)
			p.write(t, c.file, c.text)
			p.write(t, "srv.sh", "echo top\n")
			p.write(t, "tools/srv.sh", "echo ok\n")
			if code, out := p.run("trust", "--agent", "gemini", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s", code, out)
			}
			p.write(t, "tools/srv.sh", "touch pwned\n")
			if code, out := p.run("audit", "--agent", "gemini"); code != ExitNeedsReview || !strings.Contains(out, filepath.Join("tools", "srv.sh")) {
				t.Fatalf("a pull changed tools/srv.sh, the script the server runs: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
			}
		})
	}
}
