package claude

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/internal/testenv"
	"github.com/hookwarden/hookwarden/settingsio"
)

// claudeFixture is a home with user settings, a plugin and ~/.claude.json,
// and a git repository whose subfolder "app" is the project.
func claudeFixture(t *testing.T) (home, repo, project string) {
	t.Helper()
	tmp := t.TempDir()
	home = filepath.Join(tmp, "home")
	repo = filepath.Join(tmp, "repo")
	project = filepath.Join(repo, "app")
	testenv.WriteFile(t, filepath.Join(home, ".claude", "settings.json"),
		`{"enabledPlugins": {"fmt@market": true, "off@market": true, "gone@market": true}}`)
	testenv.WriteFile(t, filepath.Join(repo, ".git", "HEAD"), "ref: refs/heads/main\n")
	testenv.WriteFile(t, filepath.Join(project, ".claude", "settings.json"),
		`{"enabledPlugins": {"off@market": false}, "hooks": {"Stop": []}}`)
	testenv.WriteFile(t, filepath.Join(repo, ".claude", "settings.local.json"), "{\n  // personal\n  \"hooks\": {}\n}\n")
	root := filepath.Join(home, ".claude", "plugins", "cache", "market", "fmt", "1.2.0")
	testenv.WriteFile(t, filepath.Join(home, ".claude", "plugins", "installed_plugins.json"),
		`{"version": 2, "plugins": {"fmt@market": [{"scope": "user", "installPath": "`+root+`", "version": "1.2.0"}]}}`)
	testenv.WriteFile(t, filepath.Join(root, "hooks", "hooks.json"),
		`{"description": "formatting", "hooks": {"PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/fmt.sh"}]}]}}`)
	testenv.WriteFile(t, filepath.Join(root, ".claude-plugin", "plugin.json"),
		`{"name": "fmt", "hooks": ["./hooks/hooks.json", "./extra.json"]}`)
	testenv.WriteFile(t, filepath.Join(root, "extra.json"), `{"hooks": {"Stop": []}}`)
	testenv.WriteFile(t, filepath.Join(home, ".claude.json"),
		`{"projects": {"`+repo+`": {"hasTrustDialogAccepted": true}}}`)
	return home, repo, project
}

func TestLoadClaudeLayers(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	home, repo, project := claudeFixture(t)
	s := load(options{ProjectDir: project, Env: settingsio.Env{"HOME=" + home, EnvManagedDir + "=" + filepath.Join(home, "no-managed")}, GOOS: runtime.GOOS})

	if s.RepoRoot != repo {
		t.Errorf("RepoRoot = %q, want %q", s.RepoRoot, repo)
	}
	wantLayers := []struct {
		layer  settingsio.Layer
		path   string
		exists bool
		broken bool
	}{
		{settingsio.LayerUser, filepath.Join(home, ".claude", "settings.json"), true, false},
		{LayerProject, filepath.Join(project, ".claude", "settings.json"), true, false},
		{LayerLocal, filepath.Join(repo, ".claude", "settings.local.json"), true, true},
		{layerManaged, s.Paths.ManagedFile, fileExists(s.Paths.ManagedFile), false},
	}
	if len(s.Settings) < len(wantLayers) {
		t.Fatalf("got %d layers", len(s.Settings))
	}
	for i, w := range wantLayers {
		f := s.Settings[i]
		if f.Layer != w.layer || f.Path != w.path || f.Exists != w.exists || (f.Err != nil) != w.broken {
			t.Errorf("layer %d = {%s %s exists=%v err=%v}, want {%s %s %v broken=%v}", i, f.Layer, f.Path, f.Exists, f.Err, w.layer, w.path, w.exists, w.broken)
		}
	}
	if e := s.Settings[2].Err; e == nil || e.Line != 2 || e.Column != 3 || !strings.Contains(e.Msg, "strict JSON") {
		t.Errorf("local file error = %v, want a strict-JSON error at 2:3", e)
	}

	byID := map[string]*plugin{}
	for _, p := range s.Plugins {
		byID[p.ID] = p
	}
	if p := byID["off@market"]; p == nil || p.Enabled || p.EnabledBy.Layer != LayerProject {
		t.Errorf("off@market should be disabled by the project file: %+v", p)
	}
	if p := byID["gone@market"]; p == nil || !p.Enabled || p.Root != "" || !strings.Contains(p.Missing, "not installed") {
		t.Errorf("gone@market should be enabled and missing: %+v", p)
	}
	fmtPlugin := byID["fmt@market"]
	if fmtPlugin == nil || fmtPlugin.Root == "" || fmtPlugin.Version != "1.2.0" || fmtPlugin.Located != "installed_plugins.json" {
		t.Fatalf("fmt@market not located: %+v", fmtPlugin)
	}
	if len(fmtPlugin.Hooks) != 2 {
		t.Fatalf("fmt@market hook sources = %d, want 2 (hooks.json once, extra.json)", len(fmtPlugin.Hooks))
	}
	if src := fmtPlugin.Hooks[0]; src.Description != "formatting" || src.Hooks.Get("PostToolUse") == nil {
		t.Errorf("hooks.json source = %+v", src)
	}
	if !s.FolderTrust.Accepted || s.FolderTrust.Key != repo {
		t.Errorf("folder trust = %+v, want accepted for the repository root", s.FolderTrust)
	}
}

func TestLoadClaudeConfigDirAndInlineHooks(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths in the fixture")
	}
	tmp := t.TempDir()
	cfg := filepath.Join(tmp, "cfg")
	project := filepath.Join(tmp, "p")
	testenv.WriteFile(t, filepath.Join(cfg, "settings.json"), `{"enabledPlugins": {"inl@m": true}}`)
	testenv.WriteFile(t, filepath.Join(cfg, "plugins", "cache", "m", "inl", "0.9.0", "x"), "")
	testenv.WriteFile(t, filepath.Join(cfg, "plugins", "cache", "m", "inl", "0.10.0", ".claude-plugin", "plugin.json"),
		`{"name": "inl", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}}`)
	testenv.WriteFile(t, filepath.Join(project, ".claude", "settings.json"), `[]`)
	s := load(options{ProjectDir: project, Env: settingsio.Env{"HOME=" + filepath.Join(tmp, "h"), "CLAUDE_CONFIG_DIR=" + cfg, EnvManagedDir + "=" + filepath.Join(tmp, "no-managed")}, GOOS: runtime.GOOS})
	if s.Paths.User != filepath.Join(cfg, "settings.json") || s.Paths.GlobalConfig != filepath.Join(cfg, ".claude.json") {
		t.Errorf("paths = %+v", s.Paths)
	}
	if e := s.Settings[1].Err; e == nil || !strings.Contains(e.Msg, "JSON object") {
		t.Errorf("project error = %v, want not-an-object", e)
	}
	if s.RepoRoot != "" || s.Paths.Local != filepath.Join(project, ".claude", "settings.local.json") {
		t.Errorf("outside git the local file sits in the project: %q %q", s.RepoRoot, s.Paths.Local)
	}
	if len(s.Plugins) != 1 || s.Plugins[0].Version != "0.10.0" || s.Plugins[0].Located != "plugin cache" {
		t.Fatalf("plugins = %+v", s.Plugins)
	}
	if hs := s.Plugins[0].Hooks; len(hs) != 1 || !hs[0].Inline || hs[0].Hooks.Get("Stop") == nil {
		t.Errorf("inline hooks = %+v", hs)
	}
	if s.FolderTrust.Accepted || s.FolderTrust.Reason == "" {
		t.Errorf("folder trust = %+v", s.FolderTrust)
	}
}

func TestResolveClaudePathsPerOS(t *testing.T) {
	tests := []struct{ goos, managed string }{
		{"linux", "/etc/claude-code/managed-settings.json"},
		{"darwin", "/Library/Application Support/ClaudeCode/managed-settings.json"},
		{"windows", `C:\Program Files\ClaudeCode\managed-settings.json`},
	}
	for _, tt := range tests {
		home, project := "/home/u", "/home/u/p"
		if tt.goos == "windows" {
			home, project = `C:\Users\u`, `C:\Users\u\p`
		}
		p := resolvePaths(project, "", nil, tt.goos, home)
		if p.ManagedFile != tt.managed {
			t.Errorf("%s: managed = %q, want %q", tt.goos, p.ManagedFile, tt.managed)
		}
	}
}

func TestGitWorktreeMainRoot(t *testing.T) {
	tmp := t.TempDir()
	main := filepath.Join(tmp, "main")
	wt := filepath.Join(tmp, "wt")
	testenv.WriteFile(t, filepath.Join(main, ".git", "worktrees", "wt", "HEAD"), "x")
	testenv.WriteFile(t, filepath.Join(wt, ".git"), "gitdir: "+filepath.Join(main, ".git", "worktrees", "wt")+"\n")
	work, mainRoot := gitRoots(filepath.Join(wt))
	if work != wt || mainRoot != main {
		t.Errorf("gitRoots = %q, %q; want %q, %q", work, mainRoot, wt, main)
	}
}

func TestClaudeManagedDirOverride(t *testing.T) {
	p := resolvePaths("/home/u/p", "", settingsio.Env{EnvManagedDir + "=/tmp/managed"}, "linux", "/home/u")
	if p.ManagedFile != "/tmp/managed/managed-settings.json" || p.ManagedDropIns != "/tmp/managed/managed-settings.d" {
		t.Errorf("managed paths with %s: %s, %s", EnvManagedDir, p.ManagedFile, p.ManagedDropIns)
	}
}
