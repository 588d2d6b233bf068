package ui

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/settingsio"
)

// isolatedOptions are Options with an empty home of their own and the
// system settings pointed into it, so tests never read the machine's files.
func isolatedOptions(t *testing.T) Options {
	t.Helper()
	home := t.TempDir()
	sys := filepath.Join(t.TempDir(), "settings.json")
	return Options{
		Agents: testAgents(),
		Env: settingsio.Env{
			"HOME=" + home,
			"GEMINI_CLI_SYSTEM_SETTINGS_PATH=" + sys,
			"GEMINI_CLI_SYSTEM_DEFAULTS_PATH=" + filepath.Join(filepath.Dir(sys), "system-defaults.json"),
			"GEMINI_CLI_TRUST_WORKSPACE=true",
		},
		GOOS:          runtime.GOOS,
		Home:          home,
		DemoDir:       func() (string, error) { return t.TempDir(), nil },
		DemoWhenEmpty: true,
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestOpenProjectFallsBackToTheDemoOnlyWhenThereIsNothingToShow(t *testing.T) {
	tests := []struct {
		name      string
		workspace string // "" for no .gemini/settings.json
		wantDemo  bool
	}{
		{"no settings file", "", true},
		{"settings without hooks", `{"general": {"vimMode": true}}`, true},
		{"one hook", `{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hi"}]}]}}`, false},
		{"a file that does not parse", "{\n  \"hooks\": {\n    \"BeforeTool\": [,]\n  }\n}", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := isolatedOptions(t)
			dir := t.TempDir()
			if tt.workspace != "" {
				writeFile(t, filepath.Join(dir, ".gemini", "settings.json"), tt.workspace)
			}
			p, err := openProject(opts, dir, true)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Demo != nil; got != tt.wantDemo {
				t.Fatalf("demo = %v, want %v (hooks %d, diagnostics %v)", got, tt.wantDemo, len(geminiRegistry(p).Hooks), geminiRegistry(p).Diagnostics)
			}
			if p.Requested != dir {
				t.Errorf("requested folder %q, want %q", p.Requested, dir)
			}
			if !tt.wantDemo && p.Dir != dir {
				t.Errorf("project folder %q, want %q", p.Dir, dir)
			}
		})
	}
}

func TestDemoNeverReadsTheUsersFiles(t *testing.T) {
	opts := isolatedOptions(t)
	// A user file with a hook that must not show up in the demo.
	writeFile(t, filepath.Join(opts.Home, ".gemini", "settings.json"),
		`{"hooks": {"BeforeAgent": [{"hooks": [{"type": "command", "name": "real-user-hook", "command": "true"}]}]}}`)
	p, err := openDemo(opts, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if len(geminiRegistry(p).Hooks) == 0 {
		t.Fatal("the demo has no hooks")
	}
	for _, h := range geminiRegistry(p).Hooks {
		if h.Name == "real-user-hook" {
			t.Errorf("the demo shows the user's own hook from %s", h.Origin.File)
		}
		if !strings.HasPrefix(h.Origin.File, p.Demo.Root+string(filepath.Separator)) {
			t.Errorf("hook %q comes from %s, outside the demo copy %s", h.DisplayName(), h.Origin.File, p.Demo.Root)
		}
	}
	for _, f := range geminiRegistry(p).Snapshot.Settings {
		if f.Exists && !strings.HasPrefix(f.Path, p.Demo.Root+string(filepath.Separator)) {
			t.Errorf("the demo read %s layer %s, outside the demo copy", f.Layer, f.Path)
		}
	}
}
