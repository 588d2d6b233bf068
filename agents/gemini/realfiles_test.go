//go:build unix

package gemini

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"

	"github.com/hookwarden/hookwarden/settingsio"
)

// loadRealWorkspace loads testdata/real/<name> as the workspace settings of a
// trusted project, with PATH holding only a folder of stand-ins for the
// given programs.
func loadRealWorkspace(t *testing.T, name string, programs ...string) *Registry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "real", name))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	home, project, bin := filepath.Join(root, "home"), filepath.Join(root, "project"), filepath.Join(root, "bin")
	for _, d := range []string{filepath.Join(home, ".gemini"), filepath.Join(project, ".gemini"), bin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(project, ".gemini", "settings.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range programs {
		if err := os.WriteFile(filepath.Join(bin, p), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := settingsio.Env{"HOME=" + home, "PATH=" + bin, "GEMINI_CLI_TRUST_WORKSPACE=true",
		EnvSystemSettingsPath + "=" + filepath.Join(root, "none", "settings.json")}
	return build(load(loadOptions{ProjectDir: project, Env: env, Home: home}))
}

func countDiags(r *Registry, sev hooks.Severity, text string) int {
	n := 0
	for _, d := range r.Diagnostics {
		if d.Severity == sev && strings.Contains(d.Message, text) {
			n++
		}
	}
	return n
}

// minipuft/claude-prompts-mcp: ${extensionPath} in a project settings file
// is never filled in; bash makes it empty and python3 gets "/.gemini/…".
func TestRealExtensionPathInSettingsFile(t *testing.T) {
	r := loadRealWorkspace(t, "minipuft-claude-prompts-mcp.gemini-settings.json", "python3")
	if n := countDiags(r, hooks.SeverityWarning, "${extensionPath} is only filled in in an extension's hooks/hooks.json"); n != 3 {
		t.Errorf("%d ${extensionPath} warnings, want 3: %v", n, r.Diagnostics)
	}
	if !hasDiag(r, hooks.SeverityWarning, `the command runs "python3 \"/.gemini/hooks/dev-sync.py\""`) {
		t.Errorf("the warning does not show what runs: %v", r.Diagnostics)
	}
	if n := countDiags(r, hooks.SeverityWarning, "not on PATH"); n != 0 {
		t.Errorf("python3 is on PATH: %v", r.Diagnostics)
	}
}

// lebobo88/RLM-CLI-Starter: every hook runs powershell, which is not on
// this machine's PATH: exit 127, which Gemini reads as a deny.
func TestRealProgramNotOnPath(t *testing.T) {
	r := loadRealWorkspace(t, "lebobo88-RLM-CLI-Starter.gemini-settings.json", "bash")
	const msg = "powershell is not on PATH on this machine: the hook fails with exit 127 (command not found), which Gemini CLI reads as a deny"
	if n := countDiags(r, hooks.SeverityWarning, msg); n != 10 {
		t.Errorf("%d powershell warnings, want one per hook (10): %v", n, r.Diagnostics)
	}
	withPS := loadRealWorkspace(t, "lebobo88-RLM-CLI-Starter.gemini-settings.json", "powershell")
	if n := countDiags(withPS, hooks.SeverityWarning, "not on PATH"); n != 0 {
		t.Errorf("powershell on PATH still warned: %v", withPS.Diagnostics)
	}
}

// arkiven4/Claude-Code-Game-Studios: the matcher warning at :13:20 belongs
// to a definition with two hooks; it is listed once.
func TestRealDiagnosticListedOnce(t *testing.T) {
	r := loadRealWorkspace(t, "arkiven4-Claude-Code-Game-Studios.gemini-settings.json", "bash")
	n := 0
	for _, d := range r.Diagnostics {
		if d.Line == 13 && d.Column == 20 {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d diagnostics at 13:20, want 1: %v", n, r.Diagnostics)
	}
	for _, h := range r.Hooks {
		if h.Origin.Line >= 15 && h.Origin.Line <= 24 && !hasHookDiag(h, "compares the matcher exactly") {
			t.Errorf("hook at line %d lost its definition's warning", h.Origin.Line)
		}
	}
}

func hasHookDiag(h *hooks.Hook, text string) bool {
	for _, d := range h.Diagnostics {
		if strings.Contains(d.Message, text) {
			return true
		}
	}
	return false
}

// A script run directly without execute permission fails with 126; through
// bash it is fine; an unset $CLAUDE_FILE_PATH expands to nothing.
func TestNotExecutableAndUnsetVariables(t *testing.T) {
	root := t.TempDir()
	project := filepath.Join(root, "project")
	if err := os.MkdirAll(filepath.Join(project, ".gemini", "hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, ".gemini", "hooks", "fmt.sh"), []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := hooks.CheckCommand(".gemini/hooks/fmt.sh && bash .gemini/hooks/fmt.sh", project, "")
	if len(c.NotExecutable) != 1 || c.NotExecutable[0] != ".gemini/hooks/fmt.sh" || len(c.Missing) != 0 {
		t.Errorf("CheckCommand: %+v", c)
	}
	c = hooks.CheckCommand(expandCommand("$GEMINI_PROJECT_DIR/.gemini/hooks/fmt.sh", project, "", "", shellBash), project, "")
	if len(c.NotExecutable) != 1 {
		t.Errorf("through $GEMINI_PROJECT_DIR: %+v", c)
	}
	got := hooks.UnsetAgentVariables(`npx prettier --write "$CLAUDE_FILE_PATH" ${CLAUDE_TOOL_INPUT} $CLAUDE_PROJECT_DIR`, "CLAUDE_", func(n string) bool { return n == "CLAUDE_PROJECT_DIR" })
	if strings.Join(got, ",") != "CLAUDE_FILE_PATH,CLAUDE_TOOL_INPUT" {
		t.Errorf("UnsetAgentVariables = %v", got)
	}
}
