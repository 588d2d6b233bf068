package assets

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

func TestMaterializeDemoLaysOutEveryLayer(t *testing.T) {
	d, err := MaterializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		exec bool
	}{
		{filepath.Join(d.ProjectDir, ".gemini", "settings.json"), false},
		{filepath.Join(d.ProjectDir, ".gemini", "hooks", "security-check.sh"), true},
		{filepath.Join(d.ProjectDir, ".gemini", "hooks", "session-context.sh"), true},
		{filepath.Join(d.Home, ".gemini", "settings.json"), false},
		{filepath.Join(d.Home, ".gemini", "hooks", "log-tool-call.sh"), true},
		{filepath.Join(d.Home, ".gemini", "extensions", "secret-guard", "gemini-extension.json"), false},
		{filepath.Join(d.Home, ".gemini", "extensions", "secret-guard", "hooks", "hooks.json"), false},
		{filepath.Join(d.Home, ".gemini", "extensions", "secret-guard", "scripts", "guard-read.sh"), true},
		{d.SystemSettings, false},
		{d.SystemDefaults, false},
		{filepath.Join(d.Root, "system", "policy", "check-shell.sh"), true},
		{filepath.Join(d.ProjectDir, ".codex", "hooks.json"), false},
		{filepath.Join(d.ProjectDir, ".codex", "hooks", "guard.sh"), true},
		{filepath.Join(d.Home, ".codex", "hooks.json"), false},
		{d.CodexConfig, false},
	}
	for _, tt := range tests {
		fi, err := os.Stat(tt.path)
		if err != nil {
			t.Errorf("demo file missing: %v", err)
			continue
		}
		if got := fi.Mode().Perm()&0o100 != 0; got != tt.exec {
			t.Errorf("%s: executable = %v, want %v", tt.path, got, tt.exec)
		}
	}
	if filepath.Base(d.ProjectDir) != DemoProjectName {
		t.Errorf("project folder %s, want base name %s", d.ProjectDir, DemoProjectName)
	}
}

func TestMaterializeDemoTrustsOnlyItsOwnProject(t *testing.T) {
	d, err := MaterializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var folders map[string]string
	readJSON(t, d.TrustedFolders, &folders)
	if len(folders) != 1 || folders[d.ProjectDir] != "TRUST_FOLDER" {
		t.Errorf("trustedFolders.json = %v, want only %s: TRUST_FOLDER", folders, d.ProjectDir)
	}
	var approved map[string][]string
	readJSON(t, filepath.Join(d.Home, ".gemini", "trusted_hooks.json"), &approved)
	if !slices.Equal(approved[d.ProjectDir], approvedDemoHooks) {
		t.Errorf("trusted_hooks.json = %v, want %v under %s", approved, approvedDemoHooks, d.ProjectDir)
	}
	fi, err := os.Stat(d.TrustedFolders)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("trustedFolders.json mode %v, want 0600 as Gemini CLI writes it", fi.Mode().Perm())
	}
}

func TestDemoOverlayReplacesGeminiVariables(t *testing.T) {
	d, err := MaterializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	base := settingsio.Env{
		"PATH=/usr/bin",
		"HOME=/home/real",
		"GEMINI_CLI_HOME=/home/real",
		"GEMINI_CLI_TRUST_WORKSPACE=false",
		"GEMINI_API_KEY=secret",
		"CLAUDE_CONFIG_DIR=/home/real/.claude",
		"CODEX_HOME=/home/real/.codex",
		"XDG_CONFIG_HOME=/home/real/.config",
	}
	env := d.Overlay(base)
	tests := []struct {
		key, want string
		set       bool
	}{
		{"PATH", "/usr/bin", true},
		{"HOME", d.Home, true},
		{"GEMINI_CLI_HOME", d.Home, true},
		{"GEMINI_CLI_SYSTEM_SETTINGS_PATH", d.SystemSettings, true},
		{"GEMINI_CLI_SYSTEM_DEFAULTS_PATH", d.SystemDefaults, true},
		{"GEMINI_CLI_TRUSTED_FOLDERS_PATH", d.TrustedFolders, true},
		{"GEMINI_CLI_TRUST_WORKSPACE", "", false},
		{"GEMINI_API_KEY", "", false},
		{"CLAUDE_CONFIG_DIR", "", false},
		{"CODEX_HOME", filepath.Join(d.Home, ".codex"), true},
		{"XDG_CONFIG_HOME", "", false},
		{"HOOKWARDEN_CONFIG_DIR", filepath.Join(d.Home, ".config", "hookwarden"), true},
	}
	for _, tt := range tests {
		got, ok := env.Lookup(tt.key)
		if ok != tt.set || got != tt.want {
			t.Errorf("%s = %q (set %v), want %q (set %v)", tt.key, got, ok, tt.want, tt.set)
		}
	}
}

func TestIconIsA256PixelPNG(t *testing.T) {
	cfg, err := png.DecodeConfig(bytes.NewReader(Icon))
	if err != nil {
		t.Fatalf("Icon is not a PNG: %v", err)
	}
	if cfg.Width != 256 || cfg.Height != 256 {
		t.Errorf("icon is %dx%d, want 256x256", cfg.Width, cfg.Height)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// The demo's Codex config.toml trusts the demo project exactly as `codex
// exec --trust` writes it, and nothing else (hook trust is written by
// approving the hooks).
func TestDemoIsTrustedByCodexToo(t *testing.T) {
	root := filepath.Join(t.TempDir(), `odd "dir" \ name`)
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	d, err := MaterializeDemo(root)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(d.CodexConfig)
	if err != nil {
		t.Fatal(err)
	}
	doc, perr := settingsio.ParseTOML(d.CodexConfig, data)
	if perr != nil {
		t.Fatalf("config.toml does not parse: %v\n%s", perr, data)
	}
	lvl, ok, err := doc.Table("projects", d.ProjectDir).String("trust_level")
	if err != nil || !ok || lvl != "trusted" {
		t.Errorf("trust_level of %s = %q, %v, %v:\n%s", d.ProjectDir, lvl, ok, err, data)
	}
	if !bytes.HasSuffix(data, []byte("]\ntrust_level = \"trusted\"\n")) || !bytes.HasPrefix(data, []byte("[projects.\"")) {
		t.Errorf("not what codex exec --trust writes:\n%s", data)
	}
	if fi, err := os.Stat(d.CodexConfig); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("config.toml mode: %v %v", fi, err)
	}
}
