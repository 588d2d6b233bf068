package copilot

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// tree writes files (relative to root) and returns root with links
// resolved.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for p, c := range files {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(strings.ReplaceAll(c, "$ROOT", root)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func load(t *testing.T, root, cwd string, env map[string]string) *snapshot {
	t.Helper()
	vars := map[string]string{"HOME": filepath.Join(root, "home")}
	for k, v := range env {
		vars[k] = v
	}
	s, err := Load(options{Cwd: filepath.Join(root, cwd), Getenv: envOf(vars)})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func commands(s *snapshot, event hooks.Event, tool string) []string {
	p, _ := s.plan(event, agents.Query{Tool: tool})
	var out []string
	for _, h := range p.Hooks {
		out = append(out, h.Command)
	}
	return out
}

const hookFile = `{"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "%s"}]}}`

func hf(cmd string) string { return strings.Replace(hookFile, "%s", cmd, 1) }

// TestLayerOrderAndWhatIsNotRead is the kit's basic example without the
// kit: user files in reverse name order, user settings, repository files
// in reverse order, the four repository settings files; config.json's and
// ~/.claude's hooks and a project's .copilot/hooks are not read.
func TestLayerOrderAndWhatIsNotRead(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.copilot/hooks/a.json":            hf("user-a"),
		"home/.copilot/hooks/b.json":            hf("user-b"),
		"home/.copilot/hooks/10.json":           hf("user-10"),
		"home/.copilot/hooks/2.json":            hf("user-2"),
		"home/.copilot/hooks/notes.txt":         hf("not-json"),
		"home/.copilot/settings.json":           `{"hooks": {"preToolUse": [{"bash": "user-settings"}]}}`,
		"home/.copilot/config.json":             `{"trustedFolders": ["$ROOT/p"], "hooks": {"preToolUse": [{"bash": "config-json"}]}}`,
		"home/.claude/settings.json":            `{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "home-claude"}]}]}}`,
		"p/.github/hooks/x.json":                hf("repo-x"),
		"p/.github/hooks/y.json":                hf("repo-y"),
		"p/.claude/settings.json":               `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "claude"}]}]}}`,
		"p/.claude/settings.local.json":         `{"hooks": {"preToolUse": [{"bash": "claude-local"}]}}`,
		"p/.github/copilot/settings.json":       `{"hooks": {"preToolUse": [{"bash": "gh-settings"}]}}`,
		"p/.github/copilot/settings.local.json": `{"hooks": {"preToolUse": [{"bash": "gh-local"}]}}`,
		"p/.copilot/hooks/nope.json":            hf("dot-copilot"),
	})
	s := load(t, root, "p", nil)
	want := []string{"user-b", "user-a", "user-2", "user-10", "user-settings", "repo-y", "repo-x", "claude", "claude-local", "gh-settings", "gh-local"}
	if got := commands(s, "preToolUse", "bash"); !slices.Equal(got, want) {
		t.Errorf("order %v\nwant  %v", got, want)
	}
	if got := commands(s, "preToolUse", "view"); slices.Contains(got, "claude") {
		t.Errorf("a Bash matcher matched view: %v", got)
	}
}

// TestFolderTrustRules: an untrusted folder's repository hooks are
// skipped silently; trustedFolders in config.json (not settings.json)
// trusts the folder and the folders below it; COPILOT_ALLOW_ALL only when
// "true"; the prompt-mode opt-in only when "true"; in a git work tree the
// git root's files are read.
func TestFolderTrustRules(t *testing.T) {
	files := map[string]string{
		"home/.copilot/settings.json": `{"trustedFolders": ["$ROOT/p"]}`,
		"p/.git/HEAD":                 "ref: refs/heads/main\n",
		"p/.github/hooks/root.json":   hf("root"),
		"p/sub/.github/hooks/s.json":  hf("sub"),
	}
	root := tree(t, files)
	s := load(t, root, "p/sub", nil)
	if got := commands(s, "preToolUse", "bash"); len(got) != 0 {
		t.Errorf("untrusted (trustedFolders in settings.json does not count): %v run", got)
	}
	for _, h := range s.Handlers {
		if h.Hook.Status != hooks.StatusBlockedUntrustedFolder || !strings.HasPrefix(h.Hook.Reason, "skipped silently by Copilot CLI") {
			t.Errorf("%s: %s %q", h.Hook.Command, h.Hook.Status, h.Hook.Reason)
		}
	}
	for _, env := range []map[string]string{{"COPILOT_ALLOW_ALL": "1"}, {"GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS": "1"}} {
		if got := commands(load(t, root, "p/sub", env), "preToolUse", "bash"); len(got) != 0 {
			t.Errorf("%v trusts: %v", env, got)
		}
	}
	for _, env := range []map[string]string{{"COPILOT_ALLOW_ALL": "true"}, {"GITHUB_COPILOT_PROMPT_MODE_REPO_HOOKS": "true"}} {
		if got := commands(load(t, root, "p/sub", env), "preToolUse", "bash"); !slices.Equal(got, []string{"root"}) {
			t.Errorf("%v: %v, want the git root's hook", env, got)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "home", ".copilot", "config.json"), []byte(`{"trustedFolders": ["`+root+`/p"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := commands(load(t, root, "p/sub", nil), "preToolUse", "bash"); !slices.Equal(got, []string{"root"}) {
		t.Errorf("trusted parent in a git tree: %v", got)
	}
	if err := os.RemoveAll(filepath.Join(root, "p", ".git")); err != nil {
		t.Fatal(err)
	}
	if got := commands(load(t, root, "p/sub", nil), "preToolUse", "bash"); !slices.Equal(got, []string{"sub"}) {
		t.Errorf("trusted parent without git: %v, want the folder's own", got)
	}
}

// TestValidationAsCopilot: a hooks file drops a bad entry and keeps its
// siblings; version 2 or a non-array event rejects the whole file; an
// inline settings hooks field with one bad entry is dropped whole; a
// camelCase "*" matcher and a Claude-format "" matcher skip the hook.
func TestValidationAsCopilot(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.copilot/hooks/a.json": `{"hooks": {"preToolUse": [{"type": "bogus", "bash": "bogus"}, {"type": "command"}, ` +
			`{"exec": "x", "bash": "both"}, {"bash": "good", "timeout": 5}, {"bash": "star", "matcher": "*"}], ` +
			`"PreToolUse": [{"matcher": "", "hooks": [{"type": "command", "command": "empty"}]}, {"matcher": "*", "hooks": [{"type": "command", "command": "pascal-star"}]}], "fooBar": [{"bash": "unknown"}]}}`,
		"home/.copilot/hooks/b.json":  `{"version": 2, "hooks": {"preToolUse": [{"bash": "v2"}]}}`,
		"home/.copilot/hooks/c.json":  `{"hooks": {"preToolUse": {"bash": "not-array"}, "agentStop": [{"bash": "sibling-of-not-array"}]}}`,
		"home/.copilot/hooks/d.json":  `{"hooks": {"preToolUse": [{"bash": "broken"}]`,
		"home/.copilot/settings.json": `{"hooks": {"preToolUse": [{"type": "bogus", "bash": "inline-bad"}, {"bash": "inline-good"}]}}`,
		"p/.keep":                     "",
	})
	s := load(t, root, "p", nil)
	if got := commands(s, "preToolUse", "bash"); !slices.Equal(got, []string{"good", "pascal-star"}) {
		t.Errorf("runs %v", got)
	}
	if got := commands(s, "agentStop", ""); len(got) != 0 {
		t.Errorf("a rejected file's other events run: %v", got)
	}
	for _, h := range s.Handlers {
		if h.Hook.Command == "good" && (h.TimeoutSec != 5 || h.Key == "") {
			t.Errorf("timeout alias: %v, key %q", h.TimeoutSec, h.Key)
		}
		if h.Hook.Command == "empty" && h.Hook.Status != statusInvalidMatcher {
			t.Errorf("empty Claude matcher: %s", h.Hook.Status)
		}
	}
	broken := 0
	for _, f := range s.Files {
		if f.Err != nil {
			broken++
			if f.Err.Line == 0 {
				t.Errorf("%s: error without a place: %v", f.Path, f.Err)
			}
		}
	}
	if broken != 4 {
		t.Errorf("%d files with an error, want 4 (b, c, d, settings.json)", broken)
	}
}

// TestDisableSemantics: disableAllHooks in a hooks file or the user
// settings.json switches off that file's hooks; in a repository settings
// file every hook; a disabledHooks key every copy of the hook.
func TestDisableSemantics(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.copilot/hooks/a.json":  hf("a"),
		"home/.copilot/hooks/b.json":  `{"disableAllHooks": true, "hooks": {"preToolUse": [{"bash": "b"}]}}`,
		"home/.copilot/hooks/c.json":  hf("keyed"),
		"home/.copilot/settings.json": `{"disableAllHooks": true, "disabledHooks": ["` + disableKey("preToolUse", canonical{Bash: ptr("keyed")}) + `"], "hooks": {"preToolUse": [{"bash": "inline"}]}}`,
		"p/.github/hooks/r.json":      hf("keyed"),
	})
	s := load(t, root, "p", map[string]string{"COPILOT_ALLOW_ALL": "true"})
	if got := commands(s, "preToolUse", "bash"); !slices.Equal(got, []string{"a"}) {
		t.Errorf("runs %v, want a", got)
	}
	if err := os.WriteFile(filepath.Join(root, "p", ".claude", "settings.json"), nil, 0o644); err == nil {
		t.Fatal("no .claude folder expected")
	}
	_ = os.MkdirAll(filepath.Join(root, "p", ".claude"), 0o755)
	_ = os.WriteFile(filepath.Join(root, "p", ".claude", "settings.json"), []byte(`{"disableAllHooks": true}`), 0o644)
	s = load(t, root, "p", map[string]string{"COPILOT_ALLOW_ALL": "true"})
	if got := commands(s, "preToolUse", "bash"); len(got) != 0 || s.AllOff == "" {
		t.Errorf("disableAllHooks in .claude/settings.json: %v run", got)
	}
	// in an untrusted folder Copilot does not read it
	s = load(t, root, "p", nil)
	if got := commands(s, "preToolUse", "bash"); !slices.Equal(got, []string{"a"}) {
		t.Errorf("untrusted folder: %v", got)
	}
}

func ptr(s string) *string { return &s }

// TestPolicyAndPluginHooksAreNotClean: policy hook files and installed
// plugins, which Copilot runs and Hookwarden does not model, make the
// project unreadable in part (never clean).
func TestPolicyAndPluginHooksAreNotClean(t *testing.T) {
	root := tree(t, map[string]string{
		"etc/policy.d/org.json":                            hf("policy"),
		"home/.copilot/installed-plugins/acme/plugin.json": `{}`,
		"p/.keep": "",
	})
	env := agents.Env{Vars: []string{"HOME=" + filepath.Join(root, "home")}, GOOS: "linux"}
	s, err := Load(options{Cwd: filepath.Join(root, "p"), Getenv: env.Vars.Get, PolicyDir: filepath.Join(root, "etc", "policy.d")})
	if err != nil {
		t.Fatal(err)
	}
	p := &project{env: env, snap: s}
	if n := len(p.Unreadable()); n != 2 {
		t.Errorf("%d unreadable, want the policy file and the plugins: %+v", n, p.Unreadable())
	}
}

// TestDuplicateKeysLastWins: of two members with one name Copilot reads
// the last (observed with hooks.discover: the keys below are the ones it
// gave, and only second-dup and okA fired); of two "preToolUse" keys
// only the last one's hooks run.
func TestDuplicateKeysLastWins(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.copilot/hooks/a.json": `{"version": 1, "hooks": {"preToolUse": [
 {"type": "command", "bash": "copilot-live-log first-dup", "bash": "copilot-live-log second-dup"},
 {"type": "command", "bash": "copilot-live-log okA", "matcher": "nomatch", "matcher": "bash"}
]}}`,
		"home/.copilot/hooks/b.json": `{"hooks": {"preToolUse": [{"bash": "shadowed"}], "preToolUse": [{"bash": "last"}]}}`,
		"p/.keep":                    "",
	})
	s := load(t, root, "p", nil)
	want := []string{"last", "copilot-live-log second-dup", "copilot-live-log okA"}
	if got := commands(s, "preToolUse", "bash"); !slices.Equal(got, want) {
		t.Errorf("runs %v, want %v", got, want)
	}
	keys := map[string]string{}
	for _, h := range s.Handlers {
		keys[h.Hook.Command] = h.Key
	}
	if keys["copilot-live-log second-dup"] != "66380c995895f01acb12b2097ee73b1b59fe6890445593b98bf7b4eb85f0a220" ||
		keys["copilot-live-log okA"] != "3434dc183bd859e2c9a0a7d2e6a464c05ccc01188337ed0168c038ca3f40b949" {
		t.Errorf("keys %v", keys)
	}
}

// The hooks folders are read at any depth (observed with copilot-live
// 1.0.102: .github/hooks/sub/b.json ran and hooks.discover listed it, while
// Hookwarden read only the folder's own files, so a file a pull added to a
// subfolder ran unreviewed): each folder's files in reverse name order,
// then its subfolders in reverse name order, through a link; a hidden
// subfolder is not read.
func TestHookFoldersAreReadAtAnyDepth(t *testing.T) {
	root := tree(t, map[string]string{
		"home/.copilot/config.json":         `{"trustedFolders": ["$ROOT/p"]}`,
		"p/.github/hooks/z.json":            hf("z"),
		"p/.github/hooks/c.json":            hf("c"),
		"p/.github/hooks/a/x.json":          hf("ax"),
		"p/.github/hooks/a/b/deep.json":     hf("deep"),
		"p/.github/hooks/m/y.json":          hf("my"),
		"p/.github/hooks/.hid/h.json":       hf("hidden"),
		"p/other/l.json":                    hf("linked"),
		"home/.copilot/hooks/sub/user.json": hf("user-sub"),
	})
	if err := os.Symlink(filepath.Join("..", "..", "other"), filepath.Join(root, "p", ".github", "hooks", "lnk")); err != nil {
		t.Fatal(err)
	}
	s := load(t, root, "p", nil)
	want := []string{"user-sub", "z", "c", "my", "linked", "ax", "deep"}
	if got := commands(s, "preToolUse", "bash"); !slices.Equal(got, want) {
		t.Errorf("order %v\nwant  %v", got, want)
	}
}
