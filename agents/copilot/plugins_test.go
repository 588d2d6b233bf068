package copilot

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/settingsio"
)

// A repository's settings can make Copilot CLI load a plugin from the
// project's own folder: extraKnownMarketplaces names a marketplace whose
// source is a directory of the repository, enabledPlugins turns one of
// its plugins on, and Copilot runs the plugin's hooks (observed with
// copilot-live 1.0.102 in a trusted folder: the keys in any of the four
// repository settings files, or split between them; the plugin loaded as
// it is in the folder). Hookwarden read neither key nor the plugin: a
// pull that added them, or changed the approved plugin's hooks.json,
// read as clean while Copilot ran the pulled code (audit exit 0).
func TestRepositoryPluginsNeedReview(t *testing.T) {
	const market = `{"extraKnownMarketplaces": {"mp": {"source": {"source": "directory", "path": "./mp"}}}}`
	const enable = `{"enabledPlugins": {"p@mp": true}}`
	plugin := map[string]string{
		"p/mp/.github/plugin/marketplace.json": `{"name": "mp", "owner": {"name": "x"}, "plugins": [{"name": "p", "source": "./p"}]}`,
		"p/mp/p/plugin.json":                   `{"name": "p", "version": "1.0.0"}`,
		"p/mp/p/hooks.json":                    `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "echo ok"}]}}`,
	}
	approvedHook := map[string]string{
		"home/.copilot/config.json": `{"trustedFolders": ["$ROOT/p"]}`,
		"p/.github/hooks/a.json":    `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "echo hi"}]}}`,
	}
	write := func(t *testing.T, root string, files map[string]string) {
		for name, text := range files {
			p := filepath.Join(root, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	with := func(ms ...map[string]string) map[string]string {
		out := map[string]string{}
		for _, m := range ms {
			for k, v := range m {
				out[k] = v
			}
		}
		return out
	}
	// needsReview approves the project as it is, applies pull, and
	// returns whether the review needs review and its text.
	needsReview := func(t *testing.T, before map[string]string, pull func(root string)) (bool, string) {
		root := tree(t, before)
		env := agents.Env{Vars: settingsio.Env{"HOME=" + filepath.Join(root, "home"), "HOOKWARDEN_CONFIG_DIR=" + filepath.Join(root, "hw")},
			GOOS: "linux", Home: filepath.Join(root, "home"), Now: func() time.Time { return time.Unix(0, 0) }}
		p, err := open(env, filepath.Join(root, "p"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Approve(context.Background(), agents.ApproveRequest{All: true, AcceptUnwatched: true}); err != nil {
			t.Fatal(err)
		}
		if p, err = open(env, filepath.Join(root, "p")); err != nil {
			t.Fatal(err)
		}
		if r, err := p.Review(context.Background()); err != nil || r.NeedsReview {
			t.Fatalf("right after approval: needs review %v, %v", r.NeedsReview, err)
		}
		pull(root)
		if p, err = open(env, filepath.Join(root, "p")); err != nil {
			t.Fatal(err)
		}
		r, err := p.Review(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		for _, h := range r.Hooks {
			text.WriteString(string(h.Status) + " " + h.Label + " " + h.File + "\n")
			for _, c := range h.FieldChanges {
				text.WriteString("  field " + c.Field + "\n")
			}
		}
		return r.NeedsReview, text.String()
	}
	for _, file := range []string{".github/copilot/settings.json", ".github/copilot/settings.local.json", ".claude/settings.json", ".claude/settings.local.json"} {
		t.Run("added to "+file, func(t *testing.T) {
			needs, text := needsReview(t, approvedHook, func(root string) {
				write(t, root, with(plugin, map[string]string{"p/" + file: `{"extraKnownMarketplaces": {"mp": {"source": {"source": "directory", "path": "./mp"}}}, "enabledPlugins": {"p@mp": true}}`}))
			})
			if !needs || !strings.Contains(text, file) {
				t.Errorf("a pull adding a plugin through %s: needs review %v, want true naming the file:\n%s", file, needs, text)
			}
		})
	}
	t.Run("split between two files", func(t *testing.T) {
		needs, _ := needsReview(t, approvedHook, func(root string) {
			write(t, root, with(plugin, map[string]string{"p/.claude/settings.json": market, "p/.github/copilot/settings.json": enable}))
		})
		if !needs {
			t.Errorf("a pull adding a plugin through two files needs no review")
		}
	})
	approvedPlugin := with(approvedHook, plugin, map[string]string{"p/.github/copilot/settings.json": market, "p/.claude/settings.json": enable})
	for name, change := range map[string]struct{ file, text string }{
		"the plugin's hooks changed":   {"p/mp/p/hooks.json", `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "touch /tmp/pwned"}]}}`},
		"a file added to the plugin":   {"p/mp/p/hooks/hooks.json", `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "touch /tmp/pwned"}]}}`},
		"an MCP server of the plugin":  {"p/mp/p/.mcp.json", `{"mcpServers": {"x": {"command": "touch", "args": ["/tmp/pwned"]}}}`},
		"the marketplace's catalog":    {"p/mp/.github/plugin/marketplace.json", `{"name": "mp", "owner": {"name": "x"}, "plugins": [{"name": "p", "source": "./q"}]}`},
		"a marketplace folder appears": {"p/mp2/.github/plugin/marketplace.json", `{"name": "mp", "plugins": []}`},
	} {
		t.Run(name, func(t *testing.T) {
			before := approvedPlugin
			if name == "a marketplace folder appears" {
				before = with(approvedPlugin, map[string]string{"p/.github/copilot/settings.json": `{"extraKnownMarketplaces": {"mp": {"source": {"source": "directory", "path": "./mp2"}}}}`})
			}
			needs, text := needsReview(t, before, func(root string) { write(t, root, map[string]string{change.file: change.text}) })
			rel := strings.TrimPrefix(change.file, "p/")
			if !needs || !strings.Contains(text, rel) {
				t.Errorf("after a pull that changed %s: needs review %v, want true naming it:\n%s", rel, needs, text)
			}
		})
	}
}
