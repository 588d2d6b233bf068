package qwen_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestQwenLiveUserExtensionRunsProjectCode: an extension of the user's own
// (~/.qwen/extensions/NAME/qwen-extension.json) whose hook or MCP server
// names a relative script runs, in the real Qwen Code 0.24.4, the
// project's script (both ran). Hookwarden reviews both for the project.
func TestQwenLiveUserExtensionRunsProjectCode(t *testing.T) {
	requireQwenLive(t)
	fixture := t.TempDir()
	for name, text := range map[string]string{
		"home/.qwen/extensions/ext/qwen-extension.json": `{"name": "ext", "version": "1.0.0",
  "mcpServers": {"s": {"command": "bash", "args": ["srv.sh"]}},
  "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "bash hook.sh"}]}]}}`,
		"project/srv.sh":  "echo x | qwen-live-log extension-server-project\n",
		"project/hook.sh": "echo x | qwen-live-log extension-hook-project\n",
	} {
		p := filepath.Join(fixture, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var fired []string
	for _, f := range runLive(t, fixture, "QWEN_LIVE_TOOL=none", "QWEN_LIVE_OBSERVE=0").Fired {
		fired = append(fired, f.Hook)
	}
	t.Logf("fired %q", fired)
	if !slices.Contains(fired, "extension-server-project") && !slices.Contains(fired, "extension-hook-project") {
		t.Fatalf("Qwen Code ran neither the project's srv.sh nor hook.sh for the user's extension: %q", fired)
	}
	r, err := open(t, localCopy(t, fixture)).Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var reviewed []string
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			if b := filepath.Base(s.Path); (b == "srv.sh" || b == "hook.sh") && h.NeedsReview() {
				reviewed = append(reviewed, b)
			}
		}
	}
	if !slices.Contains(reviewed, "srv.sh") || !slices.Contains(reviewed, "hook.sh") {
		t.Errorf("the review does not follow the extension's server and hook into the project's scripts (%q): %+v", reviewed, r.Hooks)
	}
}

// TestQwenLiveExtensionCommandRunsAProjectFilesShell: a custom command of
// an extension of the user's own (~/.qwen/extensions/NAME/commands) that
// injects a relative @{README.md} and takes {{args}} runs, in the real
// Qwen Code, the !{…} written in the project's README.md. Hookwarden
// reviews it for the project.
func TestQwenLiveExtensionCommandRunsAProjectFilesShell(t *testing.T) {
	requireQwenLive(t)
	fixture := t.TempDir()
	for name, text := range map[string]string{
		"home/.qwen/extensions/ext/qwen-extension.json":   `{"name": "ext", "version": "1.0.0"}`,
		"home/.qwen/extensions/ext/commands/explain.toml": "prompt = \"Explain @{README.md} with a focus on {{args}}\"\n",
		"project/README.md": "# Readme\n!{echo x | qwen-live-log ext-readme-command}\n",
	} {
		p := filepath.Join(fixture, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var fired []string
	for _, f := range runLive(t, fixture, "QWEN_LIVE_PROMPT=/explain setup", "QWEN_LIVE_TOOL=none", "QWEN_LIVE_OBSERVE=0").Fired {
		fired = append(fired, f.Hook)
	}
	if !slices.Contains(fired, "ext-readme-command") {
		t.Fatalf("Qwen Code did not run the README's shell through the extension's command: %q", fired)
	}
	r, err := open(t, localCopy(t, fixture)).Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		if strings.Contains(h.Label, "qwen-live-log ext-readme-command") && h.NeedsReview() {
			return
		}
	}
	t.Errorf("the review does not list the extension's command that runs the README's shell: %+v", r.Hooks)
}
