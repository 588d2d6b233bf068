package claude

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// expectDiag is a diagnostic a corpus file is expected to produce: its
// severity, a part of its message and how many times it appears.
type expectDiag struct {
	sev   hooks.Severity
	part  string
	count int
}

// corpus lists every file of testdata/real (see SOURCES.md) with the
// diagnostics it must produce; any other diagnostic is a false one. Each
// expected diagnostic is justified in its comment.
var corpus = []struct {
	file  string
	hooks int // handlers listed
	want  []expectDiag
}{
	{"1password-claude-plugin.hooks.json", 1, nil},
	{"agent-hooks.hooks.json", 1, nil},
	// Codex hooks file: ${PLUGIN_ROOT} is Codex's, and the handler key
	// additionalContextLimit is not in Claude Code's schema.
	{"audit-trail.hooks.json", 2, []expectDiag{{hooks.SeverityWarning, `unknown field "additionalContextLimit"`, 1}}},
	{"claude-code-prompt-optimizer.hooks.json", 1, nil},
	{"claude-hashline.hooks.json", 3, nil},
	{"claude-mods.hooks.json", 7, nil},
	{"claude-router.hooks.json", 1, nil},
	{"claude-security.hooks.json", 5, nil},
	// Stop has no matcher support: ".*" is ignored (info only). The
	// Notification ".*" is a regex that matches every value: fine.
	{"claude-sounds-plugin.hooks.json", 3, []expectDiag{{hooks.SeverityInfo, "Stop has no matcher support", 1}}},
	{"claude-subconscious.hooks.json", 7, nil},
	// "hooks" is an array of {event, command} objects, a format Claude
	// Code never had; nothing in it is a hook.
	{"claude-usage-monitor.hooks.json", 0, []expectDiag{{hooks.SeverityError, `"hooks" must be an object keyed by event name, not array`, 1}}},
	{"dotfiles-007.settings.json", 1, nil},
	// cargo check | head || true: no variable Claude Code leaves unset.
	{"EffortlessMetrics-perl-lsp.claude-settings.json", 1, nil},
	{"governor.hooks.json", 5, nil},
	{"harness-engineering.hooks.json", 2, nil},
	// A Gemini CLI extension's hook file: BeforeAgent and AfterAgent are
	// Gemini names that Claude Code skips.
	{"local-rag.hooks.json", 4, []expectDiag{
		{hooks.SeverityWarning, `"BeforeAgent" is not a Claude Code hook event; Claude Code skips its hooks (did you mean "UserPromptSubmit"?)`, 1},
		{hooks.SeverityWarning, `"AfterAgent" is not a Claude Code hook event; Claude Code skips its hooks (did you mean "Stop"?)`, 1},
	}},
	// timeout 10000 is in seconds in Claude Code (2.8 hours), clearly
	// meant as milliseconds.
	{"marathon-mode.hooks.json", 2, []expectDiag{{hooks.SeverityWarning, "timeout is in seconds", 1}}},
	{"memex.settings.json", 4, nil},
	// Matcher groups carry a "description" (not in the schema), and the
	// matchers are condition expressions that, as regexes, match no tool.
	{"my-claude-code-settings.hooks.json", 8, []expectDiag{
		{hooks.SeverityWarning, `unknown field "description" in a matcher group`, 8},
		{hooks.SeverityWarning, "looks like a condition", 8},
	}},
	{"one-signal-claude-code.hooks.json", 2, nil},
	// PostToolUse matcher "Stop" names no Claude Code tool, but tool
	// names are open (MCP, plugins), so no diagnostic.
	{"ralph-loop.hooks.json", 2, nil},
	// Every timeout (5000, 10000, 30000) is milliseconds written into a
	// field that takes seconds.
	{"vex-talon.hooks.json", 14, []expectDiag{{hooks.SeverityWarning, "timeout is in seconds", 14}}},
}

// loadCorpusFile builds a registry with the file as the project's
// .claude/settings.json (*.settings.json) or as an enabled plugin's
// hooks/hooks.json (*.hooks.json).
func loadCorpusFile(t *testing.T, name string) *registry {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "real", name))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	home, project := filepath.Join(tmp, "home"), filepath.Join(tmp, "project")
	write := func(p string, b []byte) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if strings.HasSuffix(name, ".settings.json") {
		write(filepath.Join(project, ".claude", "settings.json"), data)
	} else {
		write(filepath.Join(home, ".claude", "settings.json"), []byte(`{"enabledPlugins": {"corpus@real": true}}`))
		write(filepath.Join(home, ".claude", "plugins", "cache", "real", "corpus", "1.0.0", "hooks", "hooks.json"), data)
	}
	os.MkdirAll(project, 0o755)
	return build(load(options{ProjectDir: project, Env: settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(home, "no-managed")}, GOOS: runtime.GOOS}))
}

func TestRealWorldCorpus(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	entries, err := os.ReadDir(filepath.Join("testdata", "real"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, c := range corpus {
		listed[c.file] = true
	}
	files := 0
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".json") {
			files++
			if !listed[e.Name()] {
				t.Errorf("%s is not in the corpus table", e.Name())
			}
		}
	}
	if files < 20 {
		t.Errorf("corpus has %d files, want at least 20", files)
	}
	for _, c := range corpus {
		t.Run(c.file, func(t *testing.T) {
			r := loadCorpusFile(t, c.file)
			if len(r.Hooks) != c.hooks {
				t.Errorf("%d handlers listed, want %d", len(r.Hooks), c.hooks)
			}
			got := make([]int, len(c.want))
			for _, d := range r.Diagnostics {
				matched := false
				for i, w := range c.want {
					if d.Severity == w.sev && strings.Contains(d.Message, w.part) {
						got[i]++
						matched = true
						break
					}
				}
				if !matched {
					t.Errorf("unexpected diagnostic %s:%d:%d %s: %s", filepath.Base(d.File), d.Line, d.Column, d.Severity, d.Message)
				}
				if d.Line == 0 {
					t.Errorf("diagnostic without a place: %s", d.Message)
				}
			}
			for i, w := range c.want {
				if got[i] != w.count {
					t.Errorf("%d× %s %q, want %d", got[i], w.sev, w.part, w.count)
				}
			}
			for _, h := range r.Hooks {
				if h.Status == "" || h.Reason == "" {
					t.Errorf("handler %s has no status or reason", h.ID)
				}
			}
		})
	}
}
