package cli

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Approving a project .mcp.json server also records Claude Code's own
// approval (enabledMcpjsonServers of .claude/settings.local.json, where
// 2.1.332's dialog writes it); revoking takes out exactly what was added,
// and a file created only for it goes back to absent.
func TestClaudeApprovalRecordsClaudeCodesOwnMCPChoice(t *testing.T) {
	t.Parallel()
	const mcp = `{"mcpServers": {"notes": {"command": "./notes-srv"}, "db": {"command": "./db-srv"}}}`
	run := func(t *testing.T, io *IO, out func() string, args ...string) string {
		t.Helper()
		if code := Main(context.Background(), args, io); code != 0 {
			t.Fatalf("%v exit %d: %s", args, code, out())
		}
		return out()
	}
	t.Run("created and removed", func(t *testing.T) {
		io, out, project := claudeCommandEnv(t, map[string]string{"PROJECT/.mcp.json": mcp})
		local := filepath.Join(project, ".claude", "settings.local.json")
		text := run(t, io, out, "trust", "--agent", "claude", "notes")
		data, err := os.ReadFile(local)
		if err != nil {
			t.Fatalf("no %s after approving: %v\n%s", local, err, text)
		}
		if string(data) != "{\n  \"enabledMcpjsonServers\": [\n    \"notes\"\n  ]\n}\n" {
			t.Errorf("settings.local.json:\n%s", data)
		}
		if !strings.Contains(text, "Claude Code's own approval recorded: notes") {
			t.Errorf("trust does not say it wrote Claude Code's approval:\n%s", text)
		}
		// the list now names Claude Code's choice, and not as the project's own
		list := run(t, io, out, "list", "--agent", "claude")
		if !strings.Contains(list, "approved in enabledMcpjsonServers") || strings.Contains(list, "the project approves its own server") {
			t.Errorf("list after approving:\n%s", list)
		}
		run(t, io, out, "trust", "--agent", "claude", "db")
		if data, _ := os.ReadFile(local); !strings.Contains(string(data), `"db"`) {
			t.Errorf("second approval not added:\n%s", data)
		}
		text = run(t, io, out, "untrust", "--agent", "claude", "--all")
		if _, err := os.Stat(local); !os.IsNotExist(err) {
			data, _ := os.ReadFile(local)
			t.Errorf("the file Hookwarden created is still there after revoking (%v):\n%s\n%s", err, data, text)
		}
		if _, err := os.Stat(filepath.Dir(local)); !os.IsNotExist(err) {
			t.Errorf("the .claude folder Hookwarden created is still there: %v", err)
		}
	})
	t.Run("kept byte for byte", func(t *testing.T) {
		const mine = "{\n  // my own settings\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]},\n  \"enabledMcpjsonServers\": [\"other\"]\n}\n"
		io, out, project := claudeCommandEnv(t, map[string]string{"PROJECT/.mcp.json": mcp, "PROJECT/.claude/settings.local.json": mine})
		local := filepath.Join(project, ".claude", "settings.local.json")
		run(t, io, out, "trust", "--agent", "claude", "notes")
		data, _ := os.ReadFile(local)
		if want := "{\n  // my own settings\n  \"permissions\": {\"allow\": [\"Bash(ls)\"]},\n  \"enabledMcpjsonServers\": [\"other\", \"notes\"]\n}\n"; string(data) != want {
			t.Errorf("settings.local.json after approving:\n%s\nwant:\n%s", data, want)
		}
		run(t, io, out, "untrust", "--agent", "claude", "notes")
		if data, _ := os.ReadFile(local); string(data) != mine {
			t.Errorf("settings.local.json after revoking is not what it was:\n%s", data)
		}
	})
	t.Run("user's own answers stay", func(t *testing.T) {
		const mine = "{\"enabledMcpjsonServers\": [\"notes\"], \"disabledMcpjsonServers\": [\"db\"]}\n"
		io, out, project := claudeCommandEnv(t, map[string]string{"PROJECT/.mcp.json": mcp, "PROJECT/.claude/settings.local.json": mine})
		local := filepath.Join(project, ".claude", "settings.local.json")
		text := run(t, io, out, "trust", "--agent", "claude", "--all")
		if !strings.Contains(text, "rejected in disabledMcpjsonServers") {
			t.Errorf("trust does not say the user's rejection stays:\n%s", text)
		}
		run(t, io, out, "untrust", "--agent", "claude", "--all")
		if data, _ := os.ReadFile(local); string(data) != mine {
			t.Errorf("the user's own approval or rejection was touched:\n%s", data)
		}
	})
	t.Run("tracked file left alone", func(t *testing.T) {
		if _, err := exec.LookPath("git"); err != nil {
			t.Skip("no git")
		}
		const mine = "{\"permissions\": {}}\n"
		io, out, project := claudeCommandEnv(t, map[string]string{"PROJECT/.mcp.json": mcp, "PROJECT/.claude/settings.local.json": mine})
		io.Env = append(io.Env, "PATH="+os.Getenv("PATH"))
		for _, args := range [][]string{{"init", "-q"}, {"add", ".claude/settings.local.json"}} {
			cmd := exec.Command("git", args...)
			cmd.Dir = project
			if b, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v %s", args, err, b)
			}
		}
		text := run(t, io, out, "trust", "--agent", "claude", "notes")
		if !strings.Contains(text, "git tracks") {
			t.Errorf("trust does not say the tracked file was left alone:\n%s", text)
		}
		if data, _ := os.ReadFile(filepath.Join(project, ".claude", "settings.local.json")); string(data) != mine {
			t.Errorf("a tracked settings.local.json was written:\n%s", data)
		}
	})
}
