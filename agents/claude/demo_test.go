package claude

import (
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/assets"
)

func TestDemoIsTrustedByClaudeCodeToo(t *testing.T) {
	d, err := assets.MaterializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	snap := load(options{ProjectDir: d.ProjectDir, Env: d.Overlay(nil), GOOS: "linux", Home: d.Home})
	if !snap.FolderTrust.Accepted {
		t.Errorf("Claude Code's folder flag for the demo: %+v", snap.FolderTrust)
	}
	var hooks int
	for _, f := range snap.Settings {
		if f.Root != nil && f.Root.Get("hooks") != nil {
			hooks++
		}
	}
	if hooks != 2 {
		t.Errorf("Claude Code layers with hooks: %d, want the user and project files", hooks)
	}
}

// The demo names the managed-settings folder by the variable's text
// (assets cannot import this package): it must be EnvManagedDir.
func TestDemoMovesClaudeManagedSettings(t *testing.T) {
	d, err := assets.MaterializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(d.Env, func(kv string) bool { return strings.HasPrefix(kv, EnvManagedDir+"=") }) {
		t.Errorf("the demo does not set %s: %v", EnvManagedDir, d.Env)
	}
}
