package ui

import (
	"path/filepath"
	"strings"
	"testing"
)

// The banner says what needs review by kind, not "N handlers" for MCP
// servers and helper commands too.
func TestReviewBannerNamesWhatNeedsReview(t *testing.T) {
	cases := []struct {
		name, agent string
		files       map[string]string
		want        string
	}{{
		name: "codex server and helper", agent: "codex",
		files: map[string]string{".codex/config.toml": "[otel]\nheaders_helper = \"./otel.sh\"\n\n[mcp_servers.docs]\ncommand = \"npx\"\nargs = [\"docs-mcp\"]\n"},
		want:  "1 MCP server and 1 helper command need review in ",
	}, {
		name: "codex one helper", agent: "codex",
		files: map[string]string{".codex/config.toml": "notify = [\"./notify.sh\"]\n"},
		want:  "1 helper command needs review in ",
	}, {
		name: "claude handler, servers and helper", agent: "claude",
		files: map[string]string{
			".claude/settings.json": `{"apiKeyHelper": "./key.sh", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./stop.sh"}]}]}}`,
			".mcp.json":             `{"mcpServers": {"a": {"command": "node", "args": ["a.js"]}, "b": {"command": "node", "args": ["b.js"]}}}`,
		},
		want: "1 Claude Code handler, 2 MCP servers and 1 helper command need review in ",
	}, {
		name: "claude handlers only", agent: "claude",
		files: map[string]string{
			".claude/settings.json": `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "./a.sh"}, {"type": "command", "command": "./b.sh"}]}]}}`,
		},
		want: "2 Claude Code handlers need review in ",
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newReviewFixture(t, func(f *reviewFixture) {
				f.opts.Agent = c.agent
				for name, body := range c.files {
					writeFile(t, filepath.Join(f.dir, filepath.FromSlash(name)), body)
				}
			})
			if got := reviewBannerText(f.p); !strings.HasPrefix(got, c.want) {
				t.Errorf("banner %q, want it to start with %q (review lists %q)", got, c.want, f.listed())
			}
		})
	}
}

// A hook of the user's own settings whose reach into the folder only a
// run shows (mytool may load a config of the folder by itself), never
// traced here: the banner says so instead of nothing.
func TestReviewBannerSaysAUserHookWasNotTraced(t *testing.T) {
	f := newReviewFixture(t, func(f *reviewFixture) {
		f.opts.Agent = "claude"
		writeFile(t, filepath.Join(f.opts.Home, ".claude", "settings.json"), `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "mytool check"}]}]}}`)
	})
	want := "1 hook of your own settings not traced in " + filepath.Base(f.dir) + ": mytool may open files here by itself"
	if got := reviewBannerText(f.p); !strings.HasPrefix(got, want) {
		t.Errorf("banner %q, want it to start with %q", got, want)
	}
}
