package claude

import (
	"path/filepath"
	"reflect"
	"runtime"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// The shell commands of a skill or command body are found as Claude Code
// 2.1.332 finds them (its own patterns, read from the program): fenced
// ```! blocks first, then inline !`cmd` at the start or after
// whitespace, not inside a plain `code` span, trimmed, empty ones left
// out; the frontmatter is not the body.
func TestSkillShellCommandsAsClaudeCodeFindsThem(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		want      []string
	}{
		{"inline", "Branch: !`git branch`\n", []string{"git branch"}},
		{"at the start", "!`date`", []string{"date"}},
		{"fenced then inline", "x !`b`\n```!\n a\n b2 \n```\n", []string{"a\n b2", "b"}},
		{"fenced on one line", "```!ls```", []string{"ls"}},
		{"glued to a word", "a!`no`", nil},
		{"inside a code span", "see `!`no`` here", nil},
		{"after a code span", "`x` !`yes`", []string{"yes"}},
		{"empty", "!` ` and\n```!\n\n```", nil},
		{"crlf", "```!\r\na\r\nb\r\n```", []string{"a\nb"}},
		{"frontmatter", "---\ndescription: \"!`no`\"\n---\nbody !`yes`\n", []string{"yes"}},
		{"after a no-break space", "x\u00a0!`nbsp`", []string{"nbsp"}},
	} {
		var got []string
		for _, c := range skillShellCommands([]byte(tc.doc)) {
			got = append(got, c.command)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %q -> %q, want %q", tc.name, tc.doc, got, tc.want)
		}
	}
}

// A plugin's skills and commands bring shell commands like the
// project's: each is a reviewed prompt command with the plugin's root
// for its scripts; a subagent's body is not a command. The old code
// listed none of them.
func TestPluginSkillShellIsReviewed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	tmp := t.TempDir()
	cfg, project := filepath.Join(tmp, "cfg"), filepath.Join(tmp, "p")
	root := filepath.Join(cfg, "plugins", "cache", "m", "pl", "1.0.0")
	testenv.WriteFile(t, filepath.Join(cfg, "settings.json"), `{"enabledPlugins": {"pl@m": true}}`)
	testenv.WriteFile(t, filepath.Join(root, ".claude-plugin", "plugin.json"), `{"name": "pl"}`)
	testenv.WriteFile(t, filepath.Join(root, "skills", "lint", "SKILL.md"), "---\nname: lint\ndescription: d\n---\n!`${CLAUDE_PLUGIN_ROOT}/bin/lint.sh`\n")
	testenv.WriteFile(t, filepath.Join(root, "commands", "go", "build.md"), "Build: !`make build`\n")
	testenv.WriteFile(t, filepath.Join(root, "agents", "helper.md"), "---\nname: helper\n---\nNot a command: !`echo agent`\n")
	testenv.WriteFile(t, filepath.Join(project, ".claude", "commands", "agents", "x.md"), "!`echo project`\n")
	s := load(options{ProjectDir: project, Env: settingsio.Env{"HOME=" + filepath.Join(tmp, "h"), "CLAUDE_CONFIG_DIR=" + cfg, EnvManagedDir + "=" + filepath.Join(tmp, "no-managed")}, GOOS: runtime.GOOS})
	got := map[string]*hooks.Hook{}
	for _, h := range build(s).Hooks {
		if h.Kind == hooks.KindPromptCommand {
			got[h.Name+": "+h.Command] = h
		}
	}
	want := []string{"lint: ${CLAUDE_PLUGIN_ROOT}/bin/lint.sh", "/go:build: make build", "/agents:x: echo project"}
	if len(got) != len(want) {
		t.Errorf("prompt commands = %v, want %q", keys(got), want)
	}
	for _, w := range want {
		h := got[w]
		if h == nil {
			t.Errorf("missing %q in %v", w, keys(got))
			continue
		}
		if !reviewed(h) || h.Status != hooks.StatusRuns {
			t.Errorf("%q: reviewed %v, status %q", w, reviewed(h), h.Status)
		}
	}
	if h := got["lint: ${CLAUDE_PLUGIN_ROOT}/bin/lint.sh"]; h != nil {
		if cmd := claudeScriptCommand(h, project); cmd != filepath.Join(root, "bin", "lint.sh") {
			t.Errorf("lint's script command = %q, want the plugin's bin/lint.sh", cmd)
		}
	}
}

func keys(m map[string]*hooks.Hook) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
