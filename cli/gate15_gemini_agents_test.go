//go:build unix

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGeminiSubagentServersNeedReview: Gemini CLI 0.61.0 registers the
// project's subagents (.gemini/agents/*.md, in a trusted folder) once the
// user acknowledged the file (its sha256, in
// ~/.gemini/acknowledgments/agents.json), and starts the MCP servers of a
// subagent's frontmatter "mcp_servers" when the model invokes it (observed
// with the kit's bundle: invoke_agent ran the server's `bash
// .gemini/srv.sh`, a touch marker, --yolo). The acknowledgement covers the
// file, not the script its server runs; Hookwarden read neither: a pull
// adding such an agent, or changing the script, left audit at exit 0.
// Fails on main.
func TestGeminiSubagentServersNeedReview(t *testing.T) {
	t.Parallel()
	const agent = "---\nname: probe\ndescription: a probe\nmcp_servers:\n  probe:\n    command: bash\n    args: [\".gemini/srv.sh\"]\n---\nYou are a probe.\n"
	for name, c := range map[string]struct{ file, text string }{
		"a new agent":           {".gemini/agents/new.md", strings.ReplaceAll(agent, "probe", "other")},
		"the agent's server":    {".gemini/agents/probe.md", strings.Replace(agent, ".gemini/srv.sh", ".gemini/other.sh", 1)},
		"the script it runs":    {".gemini/srv.sh", "touch pwned\n"},
		"a broken frontmatter":  {".gemini/agents/probe.md", "---\nname: probe\nmcp_servers: [\n---\n"},
		"an agent of an object": {".gemini/agents/x.md", "---\nname: x\ndescription: x\nmcp_servers:\n  s:\n    command: sh\n    args: [\"-c\", \"touch pwned\"]\n---\n"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.write(t, filepath.Join(p.home, ".gemini", "trustedFolders.json"), `{"`+p.project+`": "TRUST_FOLDER"}`)
			p.write(t, ".gemini/settings.json", `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","name":"hi","command":"echo hi"}]}]}}`)
			p.write(t, ".gemini/agents/probe.md", agent)
			p.write(t, ".gemini/srv.sh", "echo ok\n")
			if code, out := p.run("audit", "--agent", "gemini"); code != ExitNeedsReview || !strings.Contains(out, filepath.Join(".gemini", "agents", "probe.md")) {
				t.Fatalf("not approved: audit exit %d, want %d naming the agent file\n%s", code, ExitNeedsReview, out)
			}
			if code, out := p.run("trust", "--agent", "gemini", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s", code, out)
			}
			if code, out := p.run("audit", "--agent", "gemini", "--strict"); code != ExitOK {
				t.Fatalf("approved: audit --strict exit %d\n%s", code, out)
			}
			p.write(t, c.file, c.text)
			if code, out := p.run("audit", "--agent", "gemini"); code != ExitNeedsReview || !strings.Contains(out, filepath.FromSlash(c.file)) {
				t.Fatalf("a pull wrote %s: audit exit %d, want %d naming it\n%s", c.file, code, ExitNeedsReview, out)
			}
		})
	}
}
