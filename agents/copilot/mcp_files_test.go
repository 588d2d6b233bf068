package copilot

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Which MCP server files Copilot CLI 1.0.102 reads (observed with
// copilot-live): each folder from the session folder to the git root,
// .mcp.json else .github/mcp.json (a broken .mcp.json hides it too), each
// only when that folder is trusted, the nearer folder's server winning;
// .vscode/mcp.json and the settings files' mcpServers are not read.
func TestMCPServerFilesAsCopilotReadsThem(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	srv := func(names ...string) string {
		s := `{"mcpServers": {`
		for i, n := range names {
			if i > 0 {
				s += ", "
			}
			s += `"` + n + `": {"command": "echo", "args": ["` + n + `"]}`
		}
		return s + `}}`
	}
	files := map[string]string{
		"p/.mcp.json":                        srv("A", "same"),
		"p/.github/mcp.json":                 srv("B"),
		"p/sub/.mcp.json":                    `{"mcpServers": {`,
		"p/sub/.github/mcp.json":             srv("D"),
		"p/sub/deeper/.github/mcp.json":      srv("E", "same"),
		"p/sub/deeper/.vscode/mcp.json":      srv("V"),
		"p/sub/deeper/.claude/settings.json": srv("S"),
	}
	for name, text := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := exec.Command("git", "init", "-q", filepath.Join(root, "p")).Run(); err != nil {
		t.Skipf("git init: %v", err)
	}
	status := func(trusted string) map[string]hooks.Status {
		home := filepath.Join(root, "home-"+filepath.Base(trusted))
		if err := os.MkdirAll(filepath.Join(home, ".copilot"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(home, ".copilot", "config.json"), []byte(`{"trustedFolders": ["`+trusted+`"]}`), 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := open(agents.Env{Vars: settingsio.Env{"HOME=" + home, "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(home, "hw")}, GOOS: "linux", Home: home}, filepath.Join(root, "p", "sub", "deeper"))
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]hooks.Status{}
		for _, h := range p.Commands {
			rel, _ := filepath.Rel(root, h.Origin.File)
			out[rel+" "+h.Name] = h.Status
		}
		return out
	}
	got := status(filepath.Join(root, "p"))
	want := map[string]hooks.Status{
		"p/.mcp.json A": hooks.StatusRuns, "p/.mcp.json same": hooks.StatusDuplicate,
		"p/.github/mcp.json B":               hooks.StatusDisabled,
		"p/sub/.mcp.json (unreadable file)":  hooks.StatusInvalid,
		"p/sub/.github/mcp.json D":           hooks.StatusDisabled,
		"p/sub/deeper/.github/mcp.json E":    hooks.StatusRuns,
		"p/sub/deeper/.github/mcp.json same": hooks.StatusRuns,
	}
	if len(got) != len(want) {
		t.Errorf("entries %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q (all: %v)", k, got[k], v, got)
		}
	}
	// only the session folder trusted: the parents' servers are held back
	got = status(filepath.Join(root, "p", "sub", "deeper"))
	if got["p/.mcp.json A"] != hooks.StatusBlockedUntrustedFolder || got["p/sub/deeper/.github/mcp.json E"] != hooks.StatusRuns {
		t.Errorf("with the session folder alone trusted: %v", got)
	}
}
