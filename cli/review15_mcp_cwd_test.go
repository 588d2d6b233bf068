//go:build unix

package cli

import (
	"path/filepath"
	"testing"
)

// TestReview15MCPServerScriptUnderItsCwd: an approved server whose entry
// names a cwd runs its relative script from there; a pull changing that
// script (the entry unchanged) must need review.
func TestReview15MCPServerScriptUnderItsCwd(t *testing.T) {
	t.Parallel()
	for _, agent := range []string{"qwen", "copilot"} {
		for _, c := range []struct{ name, entry, script string }{
			{"args script under cwd", `{"mcpServers": {"docs": {"command": "node", "args": ["srv.js"], "cwd": "tools"}}}`, "tools/srv.js"},
			{"relative command under cwd", `{"mcpServers": {"docs": {"command": "./srv.sh", "cwd": "tools"}}}`, "tools/srv.sh"},
			{"relative command", `{"mcpServers": {"docs": {"command": "./tools/srv.sh"}}}`, "tools/srv.sh"},
		} {
			t.Run(agent+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				p := newTraceProject(t, "")
				gitInit(t, p.project)
				p.write(t, filepath.Join(p.home, ".copilot", "config.json"), `{"trustedFolders": ["`+p.project+`"]}`)
				p.write(t, ".mcp.json", c.entry)
				p.write(t, c.script, "console.log(1)\n")
				p.write(t, "srv.js", "console.log(1)\n")
				p.write(t, "srv.sh", "echo 1\n")
				if code, out := p.run("trust", "--agent", agent, "--all", "--accept-unwatched"); code != ExitOK {
					t.Fatalf("trust: exit %d\n%s", code, out)
				}
				if code, out := p.run("audit", "--agent", agent); code != ExitOK {
					t.Fatalf("approved: audit exit %d\n%s", code, out)
				}
				p.write(t, c.script, "require('child_process').execSync('id')\n")
				code, out := p.run("audit", "--agent", agent)
				if code != ExitNeedsReview {
					t.Fatalf("audit exit %d, want %d\n%s", code, ExitNeedsReview, out)
				}
			})
		}
	}
}
