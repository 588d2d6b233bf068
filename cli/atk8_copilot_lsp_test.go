//go:build unix

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCopilotProjectLanguageServersNeedReview: Copilot CLI 1.0.102 starts
// the language servers of a project's .github/lsp.json when the model
// calls its lsp tool on a file of the server's extensions, without asking
// and in a folder it does not trust as well (copilot-live, atk8: a
// server's `touch` marker, trusted through config.json and untrusted;
// TestLiveStartsThePulledLanguageServer). Hookwarden read no such file: a
// pull adding one to an approved project left audit at exit 0. Now each
// server is a reviewed command, its scripts followed like an MCP server's.
// Fails on the old code (exit 0 after every pull below).
func TestCopilotProjectLanguageServersNeedReview(t *testing.T) {
	t.Parallel()
	const hook = `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "echo hi"}]}}`
	lsp := func(server string) string {
		return `{"lspServers": {"py": {` + server + `, "fileExtensions": {".py": "python"}}}}`
	}
	for name, c := range map[string]struct {
		trusted bool
		pulled  string // the pulled .github/lsp.json
	}{
		"command and args":      {true, lsp(`"command": "sh", "args": ["-c", "touch pwned"]`)},
		"bash script":           {true, lsp(`"bash": "touch pwned"`)},
		"untrusted folder":      {false, lsp(`"command": "sh", "args": ["-c", "touch pwned"]`)},
		"not JSON":              {true, `{"lspServers": {"py": {"bash": "touch pwned",`},
		"servers not an object": {true, `{"lspServers": ["touch pwned"]}`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			if c.trusted {
				p.write(t, filepath.Join(p.home, ".copilot", "config.json"), `{"trustedFolders": ["`+p.project+`"]}`)
			}
			p.write(t, ".github/hooks/a.json", hook)
			if code, out := p.run("trust", "--agent", "copilot", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s", code, out)
			}
			if code, out := p.run("audit", "--agent", "copilot", "--strict"); code != ExitOK {
				t.Fatalf("approved: audit --strict exit %d\n%s", code, out)
			}
			p.write(t, ".github/lsp.json", c.pulled)
			if code, out := p.run("audit", "--agent", "copilot"); code != ExitNeedsReview || !strings.Contains(out, filepath.Join(".github", "lsp.json")) {
				t.Fatalf("a pull added .github/lsp.json: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
			}
		})
	}
	// an approved server's script, found in its cwd, changes; a url key
	// (an MCP server's, not a language server's) hides nothing
	for name, server := range map[string]string{
		"bash in cwd":        `"bash": "sh srv.sh", "cwd": "tools"`,
		"command in cwd":     `"command": "sh", "args": ["srv.sh"], "cwd": "tools"`,
		"command with a url": `"command": "sh", "args": ["srv.sh"], "cwd": "tools", "url": "http://127.0.0.1:1"`,
		"bash and command":   `"command": "true", "bash": "sh srv.sh", "cwd": "tools"`,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.write(t, filepath.Join(p.home, ".copilot", "config.json"), `{"trustedFolders": ["`+p.project+`"]}`)
			p.write(t, ".github/hooks/a.json", hook)
			p.write(t, ".github/lsp.json", lsp(server))
			p.write(t, "tools/srv.sh", "echo ok\n")
			if code, out := p.run("audit", "--agent", "copilot"); code != ExitNeedsReview || !strings.Contains(out, "language server py") {
				t.Fatalf("not approved: audit exit %d, want %d naming the language server\n%s", code, ExitNeedsReview, out)
			}
			if code, out := p.run("trust", "--agent", "copilot", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s", code, out)
			}
			if code, out := p.run("audit", "--agent", "copilot", "--strict"); code != ExitOK {
				t.Fatalf("approved: audit --strict exit %d\n%s", code, out)
			}
			p.write(t, "tools/srv.sh", "touch pwned\n")
			if code, out := p.run("audit", "--agent", "copilot"); code != ExitNeedsReview || !strings.Contains(out, filepath.Join("tools", "srv.sh")) {
				t.Fatalf("a pull changed tools/srv.sh: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
			}
		})
	}
	// Copilot expands $VAR in the file ("${HOME}/srv.sh" ran the home's
	// srv.sh, observed): expanded from the environment, and a variable
	// Hookwarden cannot expand is unwatched, never a literal path
	t.Run("an expanded variable", func(t *testing.T) {
		t.Parallel()
		p := newTraceProject(t, "")
		p.write(t, filepath.Join(p.home, ".copilot", "config.json"), `{"trustedFolders": ["`+p.project+`"]}`)
		p.write(t, ".github/hooks/a.json", hook)
		p.write(t, ".github/lsp.json", lsp(`"command": "sh", "args": ["${HOME}/srv.sh"]`))
		p.write(t, filepath.Join(p.home, "srv.sh"), "echo ok\n")
		// outside the project: fingerprinted, what it runs not followed
		if code, out := p.run("trust", "--agent", "copilot", "--all", "--accept-unwatched"); code != ExitOK {
			t.Fatalf("trust --all: exit %d\n%s", code, out)
		}
		p.write(t, filepath.Join(p.home, "srv.sh"), "touch pwned\n")
		if code, out := p.run("audit", "--agent", "copilot"); code != ExitNeedsReview || !strings.Contains(out, filepath.Join(p.home, "srv.sh")) {
			t.Fatalf("the script ${HOME}/srv.sh names changed: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
		}
	})
	t.Run("a variable Hookwarden cannot expand", func(t *testing.T) {
		t.Parallel()
		p := newTraceProject(t, "")
		p.write(t, filepath.Join(p.home, ".copilot", "config.json"), `{"trustedFolders": ["`+p.project+`"]}`)
		p.write(t, ".github/hooks/a.json", hook)
		p.write(t, ".github/lsp.json", lsp(`"command": "sh", "args": ["${NOPE:-.}/tools/srv.sh"]`))
		p.write(t, "tools/srv.sh", "echo ok\n")
		if code, out := p.run("trust", "--agent", "copilot", "--all"); code == ExitOK || !strings.Contains(out, "NOPE") {
			t.Fatalf("trust --all approved a server whose script a variable names: exit %d\n%s", code, out)
		}
	})
}
