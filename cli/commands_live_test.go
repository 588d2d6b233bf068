package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
)

// The real Claude Code (claude-live, offline) runs what a project brings
// under other keys than "hooks": a server of .mcp.json nobody approved
// (claude -p), an apiKeyHelper of the project settings (even with an API
// key in the environment) and a hook of a skill's SKILL.md frontmatter
// once the skill is invoked. Hookwarden lists each as what it is and
// audit exits 3 for them.
func TestClaudeLiveRunsProjectCommands(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	skill := "---\nname: deploy\ndescription: Deploys the app\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: echo x > skill-ran.txt\n---\nDeploy it.\n"
	io, out, project := claudeCommandEnv(t, map[string]string{
		"PROJECT/.mcp.json":                      `{"mcpServers": {"probe": {"command": "sh", "args": ["-c", "echo x > mcp-ran.txt; exec cat >/dev/null"]}}}`,
		"PROJECT/.claude/settings.json":          `{"apiKeyHelper": "echo x > key-ran.txt; echo sk-ant-standin-0000"}`,
		"PROJECT/.claude/skills/deploy/SKILL.md": skill,
	})
	home := io.Env.Get("HOME")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}

	if code := Main(context.Background(), []string{"list", "--agent", "claude"}, io); code != 0 {
		t.Fatalf("list exit %d: %s", code, out())
	}
	text := out()
	for _, s := range []string{"MCP server probe: sh -c", "helper command apiKeyHelper: echo x > key-ran.txt", "echo x > skill-ran.txt", "only once the skill deploy is invoked"} {
		if !strings.Contains(text, s) {
			t.Errorf("list lacks %q:\n%s", s, text)
		}
	}
	if code := Main(context.Background(), []string{"audit", "--agent", "claude"}, io); code != ExitNeedsReview {
		t.Errorf("audit exit %d, want 3:\n%s", code, out())
	}
	out()

	created := runClaudeLiveFiles(t, script, project, home, "CLAUDE_LIVE_TOOL=Skill", `CLAUDE_LIVE_INPUT={"skill":"deploy"}`)
	for _, f := range []string{"mcp-ran.txt", "key-ran.txt", "skill-ran.txt"} {
		if !slices.Contains(created, f) {
			t.Errorf("the real Claude Code did not create %s (created %q): the model says it runs it", f, created)
		}
	}
}

// runClaudeLiveFiles runs the real Claude Code once (as runClaudeLive,
// with more of the kit's variables) and returns the files it created in
// the project.
func runClaudeLiveFiles(t *testing.T, script, project, home string, vars ...string) []string {
	t.Helper()
	cache, err := testenv.CacheDir()
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "BASH_ENV=", "CLAUDE_LIVE_OBSERVE=0", "CLAUDE_LIVE_TIMEOUT=300",
		"npm_config_cache="+filepath.Join(cache, "npm"))
	if v := os.Getenv("CLAUDE_LIVE_CACHE"); v != "" {
		env = append(env, "CLAUDE_LIVE_CACHE="+v)
	} else {
		env = append(env, "CLAUDE_LIVE_CACHE="+filepath.Join(cache, "claude-live"))
	}
	cmd := exec.Command(script, project, home)
	cmd.Env = append(env, vars...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	data, err := claudeLiveOutput(cache, cmd)
	if err != nil {
		t.Fatalf("run-claude.sh failed (%v): %s", err, stderr.String())
	}
	var rep struct {
		Files    []string `json:"files_created"`
		ExitCode int      `json:"exit_code"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("report: %v\n%s", err, data)
	}
	if rep.ExitCode != 0 {
		t.Fatalf("Claude Code exited %d: %s", rep.ExitCode, data)
	}
	return rep.Files
}

// The real Claude Code 2.1.332 takes its .mcp.json choices from
// .claude/settings.local.json (where Hookwarden writes its approval): a
// server rejected there is not started, one Hookwarden approved (and so
// recorded there) is; "mcpServers" in .claude/settings.json starts
// nothing, and Hookwarden lists no server from there.
func TestClaudeLiveTakesMCPChoicesFromLocalSettings(t *testing.T) {
	t.Parallel()
	script := requireClaudeLive(t)
	io, out, project := claudeCommandEnv(t, map[string]string{
		"PROJECT/.mcp.json":                   `{"mcpServers": {"probe": {"command": "sh", "args": ["-c", "echo x > mcp-ran.txt; exec cat >/dev/null"]}}}`,
		"PROJECT/.claude/settings.json":       `{"mcpServers": {"setsrv": {"command": "sh", "args": ["-c", "echo x > settings-mcp-ran.txt; exec cat >/dev/null"]}}}`,
		"PROJECT/.claude/settings.local.json": `{"disabledMcpjsonServers": ["probe"]}`,
	})
	home := io.Env.Get("HOME")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	if code := Main(context.Background(), []string{"list", "--agent", "claude"}, io); code != 0 {
		t.Fatalf("list exit %d: %s", code, out())
	}
	if text := out(); !strings.Contains(text, "rejected in disabledMcpjsonServers") || strings.Contains(text, "setsrv") {
		t.Errorf("list does not show the rejection, or lists a settings.json server:\n%s", text)
	}
	created := runClaudeLiveFiles(t, script, project, home, "CLAUDE_LIVE_TOOL=none")
	if slices.Contains(created, "mcp-ran.txt") || slices.Contains(created, "settings-mcp-ran.txt") {
		t.Fatalf("the real Claude Code started a rejected or settings.json server: %q", created)
	}
	// Hookwarden's approval goes where Claude Code reads it.
	if err := os.Remove(filepath.Join(project, ".claude", "settings.local.json")); err != nil {
		t.Fatal(err)
	}
	if code := Main(context.Background(), []string{"trust", "--agent", "claude", "probe"}, io); code != 0 {
		t.Fatalf("trust exit %d: %s", code, out())
	}
	out()
	created = runClaudeLiveFiles(t, script, project, home, "CLAUDE_LIVE_TOOL=none")
	if !slices.Contains(created, "mcp-ran.txt") {
		t.Errorf("the real Claude Code did not start the server Hookwarden approved in settings.local.json (created %q)", created)
	}
}
