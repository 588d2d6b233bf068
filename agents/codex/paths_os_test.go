package codex

import (
	"path/filepath"
	"testing"
)

// TestSystemDirPerOS: Codex reads its system layer from /etc/codex on Linux
// and macOS and from ProgramData\OpenAI\Codex on Windows, where HOME is
// usually unset and the home folder is USERPROFILE.
func TestSystemDirPerOS(t *testing.T) {
	cwd := t.TempDir()
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, goos := range []string{"linux", "darwin"} {
		p, err := resolvePaths(options{Cwd: cwd, GOOS: goos, Getenv: env(map[string]string{"HOME": "/home/u"})})
		if err != nil {
			t.Fatal(err)
		}
		if p.SystemConfigTOML != "/etc/codex/config.toml" || p.Requirements != "/etc/codex/requirements.toml" {
			t.Errorf("%s: system files %s, %s", goos, p.SystemConfigTOML, p.Requirements)
		}
	}
	p, err := resolvePaths(options{Cwd: cwd, GOOS: "windows", Getenv: env(map[string]string{`ProgramData`: `D:\Data`, "USERPROFILE": `C:\Users\u`})})
	if err != nil {
		t.Fatalf("Windows without HOME: %v", err)
	}
	if want := filepath.Join(`D:\Data`, "OpenAI", "Codex", "hooks.json"); p.SystemHooksJSON != want {
		t.Errorf("Windows system hooks.json = %s, want %s", p.SystemHooksJSON, want)
	}
	if want := filepath.Join(`C:\Users\u`, ".codex"); p.CodexHome != want {
		t.Errorf("Windows CODEX_HOME default = %s, want %s", p.CodexHome, want)
	}
	p, err = resolvePaths(options{Cwd: cwd, GOOS: "windows", Getenv: env(map[string]string{"USERPROFILE": `C:\Users\u`})})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(`C:\ProgramData`, "OpenAI", "Codex", "config.toml"); p.SystemConfigTOML != want {
		t.Errorf("Windows without ProgramData: %s, want %s", p.SystemConfigTOML, want)
	}
}
