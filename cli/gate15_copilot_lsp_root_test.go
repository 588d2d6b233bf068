package cli

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCopilotLanguageServerRunsInItsRoot: Copilot CLI 1.0.102 starts a
// language server of .github/lsp.json in the git root (the session folder
// outside git) joined with the server's rootUri, and its "cwd" relative to
// that (observed with copilot-live: "rootUri": "sub" ran in sub/, with
// "cwd": "x" in sub/x/; started in sub2/ of a git work tree, sub2's
// lsp.json server ran in the git root). Hookwarden followed a server's
// scripts from the session folder: a pull changing the script Copilot
// really runs left audit at exit 0. Fails on main.
func TestCopilotLanguageServerRunsInItsRoot(t *testing.T) {
	t.Parallel()
	const hook = `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "echo hi"}]}}`
	for name, c := range map[string]struct {
		session, server, script string // the session folder below the project; the server; the script Copilot runs
		git                     bool
	}{
		"rootUri":             {"", `"bash": "sh srv.sh", "rootUri": "sub"`, "sub/srv.sh", false},
		"rootUri and cwd":     {"", `"bash": "sh srv.sh", "rootUri": "sub", "cwd": "x"`, "sub/x/srv.sh", false},
		"a session subfolder": {"sub2", `"bash": "sh tools/srv.sh"`, "tools/srv.sh", true},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newTraceProject(t, "")
			session := filepath.Join(p.project, c.session)
			p.write(t, filepath.Join(p.home, ".copilot", "config.json"), `{"trustedFolders": ["`+p.project+`"]}`)
			p.write(t, filepath.Join(session, ".github", "hooks", "a.json"), hook)
			p.write(t, filepath.Join(session, ".github", "lsp.json"), `{"lspServers": {"py": {`+c.server+`, "fileExtensions": {".py": "python"}}}}`)
			for _, s := range []string{"srv.sh", "sub/srv.sh", "sub/x/srv.sh", "tools/srv.sh", "sub2/tools/srv.sh", "sub2/srv.sh"} {
				p.write(t, s, "echo ok\n")
			}
			if c.git {
				cmd := exec.Command("git", "init", "-q", p.project)
				if out, err := cmd.CombinedOutput(); err != nil {
					t.Skipf("git init: %v %s", err, out)
				}
			}
			run := func(args ...string) (int, string) {
				return p.run(append([]string{args[0], "--agent", "copilot", "--project", session}, args[1:]...)...)
			}
			if code, out := run("trust", "--all"); code != ExitOK {
				t.Fatalf("trust --all: exit %d\n%s", code, out)
			}
			if code, out := run("audit", "--strict"); code != ExitOK {
				t.Fatalf("approved: audit --strict exit %d\n%s", code, out)
			}
			p.write(t, c.script, "touch pwned\n")
			if code, out := run("audit"); code != ExitNeedsReview || !strings.Contains(out, filepath.Join(p.project, filepath.FromSlash(c.script))) {
				t.Fatalf("a pull changed %s, the script Copilot runs: audit exit %d, want %d naming it\n%s", c.script, code, ExitNeedsReview, out)
			}
		})
	}
}

// TestCopilotLanguageServerVariableWithADefault: ${VAR:-default} in
// lsp.json is Copilot's own (observed with copilot-live:
// "rb-${HWX:-dflt}.txt" with HWX unset made rb-dflt.txt). Hookwarden
// looked the whole "VAR:-default" up as a variable name, so a set
// variable in that form left the script unwatched, never fingerprinted:
// a change to it read clean (audit exit 0). A set variable now takes its
// value; an unset one stays unwatched (it may be set where Copilot runs),
// as a plain $VAR. Fails on main.
func TestCopilotLanguageServerVariableWithADefault(t *testing.T) {
	t.Parallel()
	p := newTraceProject(t, "")
	p.write(t, filepath.Join(p.home, ".copilot", "config.json"), `{"trustedFolders": ["`+p.project+`"]}`)
	p.write(t, ".github/hooks/a.json", `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "echo hi"}]}}`)
	p.write(t, ".github/lsp.json", `{"lspServers": {"py": {"command": "sh", "args": ["${HOME:-/nonexistent}/srv.sh"], "fileExtensions": {".py": "python"}}}}`)
	p.write(t, filepath.Join(p.home, "srv.sh"), "echo ok\n")
	if code, out := p.run("trust", "--agent", "copilot", "--all", "--accept-unwatched"); code != ExitOK {
		t.Fatalf("trust --all: exit %d\n%s", code, out)
	}
	p.write(t, filepath.Join(p.home, "srv.sh"), "touch pwned\n")
	if code, out := p.run("audit", "--agent", "copilot"); code != ExitNeedsReview || !strings.Contains(out, filepath.Join(p.home, "srv.sh")) {
		t.Fatalf("the script ${HOME:-…}/srv.sh names changed: audit exit %d, want %d naming it\n%s", code, ExitNeedsReview, out)
	}
}
