package cli

import (
	"context"
	"strings"
	"testing"
)

// A command that is not a hook (an MCP server) whose script Hookwarden
// cannot follow to the end (perl: its loads are not read) is approved
// only with --accept-unwatched, for every agent, as a hook is: approving
// it names what cannot be watched and needs its own confirmation
// (issue 20). Codex, Gemini and Copilot approved it without the flag.
func TestUnwatchedCommandNeedsAcceptUnwatched(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		agent, file, text string
		env               func(t *testing.T, files map[string]string) (*IO, func() string, string)
	}{
		{"gemini", "PROJECT/.gemini/settings.json", `{"mcpServers": {"x": {"command": "perl", "args": ["srv.pl"]}}}`, geminiCommandEnv},
		{"codex", "PROJECT/.codex/config.toml", "[mcp_servers.x]\ncommand = \"perl\"\nargs = [\"srv.pl\"]\n", codexCommandEnv(true)},
		{"copilot", "PROJECT/.mcp.json", `{"mcpServers": {"x": {"command": "perl", "args": ["srv.pl"]}}}`, copilotGitEnv},
		{"qwen", "PROJECT/.mcp.json", `{"mcpServers": {"x": {"command": "perl", "args": ["srv.pl"]}}}`, qwenEnv},
	} {
		t.Run(c.agent, func(t *testing.T) {
			io, out, _ := c.env(t, map[string]string{c.file: c.text, "PROJECT/srv.pl": "use lib '.'; require 'helper.pl';\n", "PROJECT/helper.pl": "1;\n"})
			run := func(args ...string) (int, string) {
				code := Main(context.Background(), append([]string{args[0], "--agent", c.agent}, args[1:]...), io)
				return code, out()
			}
			if code, text := run("trust", "--all"); code == ExitOK || !strings.Contains(text, "--accept-unwatched") {
				t.Fatalf("trust --all without --accept-unwatched: exit %d, want a refusal naming --accept-unwatched\n%s", code, text)
			}
			if code, text := run("audit"); code != ExitNeedsReview {
				t.Fatalf("audit after the refused approval: exit %d, want 3\n%s", code, text)
			}
			if code, text := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust --all --accept-unwatched: exit %d\n%s", code, text)
			}
		})
	}
}
