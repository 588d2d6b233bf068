package cli

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// unwatchedCommandCases are commands that are not hooks whose discovery
// Hookwarden cannot finish (perl's loads and python -m's module are not
// read), one per agent and kind.
var unwatchedCommandCases = []struct {
	name, agent, file, text string
	env                     func(t *testing.T, files map[string]string) (*IO, func() string, string)
}{
	{"claude mcp", "claude", "PROJECT/.mcp.json", `{"mcpServers": {"x": {"command": "perl", "args": ["srv.pl"]}}}`, claudeCommandEnv},
	{"claude apiKeyHelper", "claude", "PROJECT/.claude/settings.json", `{"apiKeyHelper": "perl srv.pl"}`, claudeCommandEnv},
	{"claude statusLine", "claude", "PROJECT/.claude/settings.json", `{"statusLine": {"type": "command", "command": "perl srv.pl"}}`, claudeCommandEnv},
	{"claude python -m", "claude", "PROJECT/.mcp.json", `{"mcpServers": {"x": {"command": "python3", "args": ["-m", "srvmod"]}}}`, claudeCommandEnv},
	{"gemini mcp", "gemini", "PROJECT/.gemini/settings.json", `{"mcpServers": {"x": {"command": "perl", "args": ["srv.pl"]}}}`, geminiCommandEnv},
	{"gemini discovery", "gemini", "PROJECT/.gemini/settings.json", `{"tools": {"discoveryCommand": "perl srv.pl"}}`, geminiCommandEnv},
	{"codex mcp", "codex", "PROJECT/.codex/config.toml", "[mcp_servers.x]\ncommand = \"perl\"\nargs = [\"srv.pl\"]\n", codexCommandEnv(true)},
	{"copilot mcp", "copilot", "PROJECT/.mcp.json", `{"mcpServers": {"x": {"command": "perl", "args": ["srv.pl"]}}}`, copilotGitEnv},
	{"qwen mcp", "qwen", "PROJECT/.mcp.json", `{"mcpServers": {"x": {"command": "perl", "args": ["srv.pl"]}}}`, qwenEnv},
}

// A command that is not a hook, approved knowingly as partly unwatched
// (trust --all --accept-unwatched), reads "approved, partly unwatched" in
// list, list --json, audit and audit --json, with a risk of at least
// review, and audit --strict refuses it, as for a hook (issue 20 item 3).
// On main each of these read plain "trusted" once approved.
func TestUnwatchedCommandReadsPartlyUnwatchedOnceApproved(t *testing.T) {
	t.Parallel()
	for _, c := range unwatchedCommandCases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			io, out, _ := c.env(t, map[string]string{c.file: c.text, "PROJECT/srv.pl": "use lib '.'; require 'helper.pl';\n", "PROJECT/helper.pl": "1;\n"})
			run := func(args ...string) (int, string) {
				code := Main(context.Background(), append([]string{args[0], "--agent", c.agent}, args[1:]...), io)
				return code, out()
			}
			if code, text := run("trust", "--all", "--accept-unwatched"); code != ExitOK {
				t.Fatalf("trust --all --accept-unwatched: exit %d\n%s", code, text)
			}
			if code, text := run("list"); code != ExitOK || !strings.Contains(text, "partly unwatched") {
				t.Errorf("list: exit %d, want it to say partly unwatched\n%s", code, text)
			}
			code, text := run("list", "--json")
			if code != ExitOK || !strings.Contains(text, `"approved-partly-unwatched"`) {
				t.Errorf("list --json: exit %d, want the status approved-partly-unwatched\n%s", code, text)
			}
			if code, text := run("audit"); code != ExitOK || !strings.Contains(text, "APPROVED, PARTLY UNWATCHED") ||
				!strings.Contains(text, "1 command(s) that are not hooks approved, partly unwatched") {
				t.Errorf("audit: exit %d, want 0, the entry said partly unwatched and counted as a command\n%s", code, text)
			}
			code, text = run("audit", "--json")
			type entry struct {
				Status  string `json:"status"`
				Command string `json:"command"`
				Risk    struct {
					Level string `json:"level"`
				} `json:"risk"`
			}
			var doc struct {
				Hooks    []entry `json:"hooks"`
				Commands []entry `json:"commands"`
			}
			if err := json.Unmarshal([]byte(text), &doc); code != ExitOK || err != nil {
				t.Fatalf("audit --json: exit %d, %v\n%s", code, err, text)
			}
			found := false
			for _, h := range append(doc.Hooks, doc.Commands...) {
				if !strings.Contains(h.Command, "srv") {
					continue
				}
				found = true
				if h.Status != "approved-partly-unwatched" || (h.Risk.Level != "review" && h.Risk.Level != "critical") {
					t.Errorf("audit --json: the command reads %s with risk %q, want approved-partly-unwatched and at least review\n%s", h.Status, h.Risk.Level, text)
				}
			}
			if !found {
				t.Errorf("audit --json lists no command\n%s", text)
			}
			if code, text := run("audit", "--strict"); code != ExitNeedsReview {
				t.Errorf("audit --strict: exit %d, want 3\n%s", code, text)
			}
			// exec reviews every agent: each that reads the file approves
			// it too (.mcp.json is Claude Code's, Copilot CLI's and Qwen
			// Code's), so that what is left is the partly unwatched one
			for _, a := range []string{"claude", "gemini", "codex", "copilot", "qwen"} {
				Main(context.Background(), []string{"trust", "--agent", a, "--all", "--accept-unwatched"}, io)
			}
			out()
			started := false
			io.execAgent = func(string, []string, []string) error { started = true; return nil }
			if code := Main(context.Background(), []string{"exec", "--", "true"}, io); code != ExitNeedsReview || started {
				t.Errorf("exec: exit %d, started %v; want 3 and the agent not started\n%s", code, started, out())
			} else if text := out(); !strings.Contains(text, "cannot watch") || !strings.Contains(text, "srv") {
				t.Errorf("exec does not name what it cannot watch:\n%s", text)
			} else if strings.Contains(text, "need review") || strings.Contains(text, "needs review") || !strings.Contains(text, "partly unwatched") {
				// it is approved: the refusal says partly unwatched, not review
				t.Errorf("exec's refusal of approved, partly unwatched entries says review:\n%s", text)
			}
			// --enforce holds what it can, but refuses what it cannot watch
			// before it starts anything
			if code := Main(context.Background(), []string{"exec", "--enforce", "--", "true"}, io); code != ExitNeedsReview || started {
				t.Errorf("exec --enforce: exit %d, started %v; want 3 and the agent not started\n%s", code, started, out())
			}
			out()
			// the tray's review (and the guard's) counts it apart
			if pr, err := io.ReviewProject(io.Dir); err != nil || len(pr.Items) != 0 || len(pr.Unwatched) == 0 {
				t.Errorf("ReviewProject: %d item(s), %d partly unwatched, %v; want 0 and at least 1 (one per agent that reads the file)", len(pr.Items), len(pr.Unwatched), err)
			}
		})
	}
}
