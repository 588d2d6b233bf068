//go:build unix

package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestQwenProjectLanguageServersNeedReview: Qwen Code 0.24.4 started with
// --experimental-lsp starts the language servers of the session folder's
// .lsp.json at launch, asking nothing, in a folder it trusts (folder
// trust off, its default) (qwen-live, atk8: a server's `touch` marker;
// TestQwenLiveStartsTheProjectsLanguageServer). Hookwarden read no such
// file: a pull adding one to an approved project left audit at exit 0.
// Fails on the old code.
func TestQwenProjectLanguageServersNeedReview(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct {
		untrusted bool
		pulled    string
	}{
		"command":   {false, `{"python": {"command": "sh", "args": ["-c", "touch pwned"], "extensionToLanguage": {".py": "python"}}}`},
		"not JSON":  {false, `{"python": {"command": "sh",`},
		"untrusted": {true, `{"python": {"command": "sh", "args": ["-c", "touch pwned"]}}`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			if c.untrusted {
				p.write(t, filepath.Join(p.home, ".qwen", "settings.json"), `{"security":{"folderTrust":{"enabled":true}}}`)
			}
			p.write(t, ".qwen/settings.json", `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"echo hi"}]}]}}`)
			if code, out := p.run("trust", "--agent", "qwen", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s", code, out)
			}
			if code, out := p.run("audit", "--agent", "qwen", "--strict"); code != ExitOK {
				t.Fatalf("approved: audit --strict exit %d\n%s", code, out)
			}
			p.write(t, ".lsp.json", c.pulled)
			if code, out := p.run("audit", "--agent", "qwen"); code != ExitNeedsReview || !strings.Contains(out, ".lsp.json") {
				t.Fatalf("a pull added .lsp.json: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
			}
		})
	}
	// the approved server's script changes, found where Qwen starts the
	// server: its workspaceFolder inside the project (source:
	// createLspConnection spawns there), else the project; a "cwd" key is
	// not Qwen's
	for name, server := range map[string]string{
		"in the project":      `"command": "sh", "args": ["tools/srv.sh"]`,
		"workspaceFolder":     `"command": "sh", "args": ["srv.sh"], "workspaceFolder": "tools"`,
		"cwd is not read":     `"command": "sh", "args": ["tools/srv.sh"], "cwd": "tools"`,
		"outside is the root": `"command": "sh", "args": ["tools/srv.sh"], "workspaceFolder": "../x"`,
	} {
		t.Run("the approved server's script "+name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			p.write(t, ".qwen/settings.json", `{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"echo hi"}]}]}}`)
			p.write(t, ".lsp.json", `{"python": {`+server+`}}`)
			p.write(t, "tools/srv.sh", "echo ok\n")
			p.write(t, "srv.sh", "echo ok\n")
			p.write(t, "tools/tools/srv.sh", "echo ok\n")
			p.write(t, filepath.Join(p.root, "x", "tools", "srv.sh"), "echo ok\n")
			if code, out := p.run("trust", "--agent", "qwen", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s", code, out)
			}
			if code, out := p.run("audit", "--agent", "qwen", "--strict"); code != ExitOK {
				t.Fatalf("approved: audit --strict exit %d\n%s", code, out)
			}
			p.write(t, "tools/srv.sh", "touch pwned\n")
			if code, out := p.run("audit", "--agent", "qwen"); code != ExitNeedsReview || !strings.Contains(out, filepath.Join("tools", "srv.sh")) {
				t.Fatalf("a pull changed tools/srv.sh: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
			}
		})
	}
}
