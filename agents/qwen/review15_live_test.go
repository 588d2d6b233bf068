package qwen_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents/all"
	"github.com/hookwarden/hookwarden/cli"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// TestReview15QwenLiveProjectFolderTrustSetting: the user's settings leave
// folder trust off; the project's own .qwen/settings.json turns it on.
// Whether Qwen Code then starts the servers (the user's and the project's
// .mcp.json) must be what Hookwarden's list shows.
func TestReview15QwenLiveProjectFolderTrustSetting(t *testing.T) {
	t.Parallel()
	requireQwenLive(t)
	root := t.TempDir()
	testenv.WriteFile(t, filepath.Join(root, "home", ".qwen", "settings.json"), `{"$version": 4, "mcpServers": {"mine": {"command": "bash", "args": ["-c", "echo x | qwen-live-log mcp-user"]}}}`)
	testenv.WriteFile(t, filepath.Join(root, "project", ".qwen", "settings.json"), `{"$version": 4, "security": {"folderTrust": {"enabled": true}}}`)
	testenv.WriteFile(t, filepath.Join(root, "project", ".mcp.json"), `{"mcpServers": {"docs": {"command": "bash", "args": ["-c", "echo x | qwen-live-log mcp-project"]}}}`)
	rep := runLive(t, root, noTool)
	started := map[string]bool{}
	for _, f := range rep.Fired {
		started[f.Hook] = true
	}
	var out bytes.Buffer
	io := &cli.IO{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out, Dir: filepath.Join(root, "project"), GOOS: "linux", Agents: all.Registry(),
		Env: settingsio.Env{"HOME=" + filepath.Join(root, "home"), "PATH=" + os.Getenv("PATH"),
			"QWEN_CODE_SYSTEM_SETTINGS_PATH=" + filepath.Join(root, "system", "settings.json"),
			"HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hookwarden"), "XDG_CONFIG_HOME=" + filepath.Join(root, "xdg")}}
	cli.Main(context.Background(), []string{"list", "--agent", "qwen"}, io)
	t.Logf("qwen started: %v\n%s", started, out.String())
	for server, hook := range map[string]string{"MCP server mine:": "mcp-user", "MCP server docs:": "mcp-project"} {
		want := map[bool]string{false: "blocked-untrusted-folder", true: "runs"}[started[hook]]
		for _, l := range strings.Split(out.String(), "\n") {
			if strings.Contains(l, server) && strings.Fields(l)[0] != want {
				t.Errorf("Qwen Code started %s: %v; Hookwarden shows %q, want %s", hook, started[hook], l, want)
			}
		}
	}
}
