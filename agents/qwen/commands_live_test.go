package qwen_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestQwenLiveRunsACustomCommandsShell: the real Qwen Code (yolo) runs the
// !{…} command of a project's .qwen/commands template when the user types
// its /command, asking nothing; Hookwarden's review needs review for it,
// naming the file.
func TestQwenLiveRunsACustomCommandsShell(t *testing.T) {
	requireQwenLive(t)
	fixture := t.TempDir()
	p := filepath.Join(fixture, "project", ".qwen", "commands", "x.toml")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("description = \"x\"\nprompt = \"Say: !{echo x | qwen-live-log pulled-command}\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(fixture, "home"), 0o755); err != nil {
		t.Fatal(err)
	}
	var fired []string
	for _, f := range runLive(t, fixture, "QWEN_LIVE_PROMPT=/x", "QWEN_LIVE_TOOL=none", "QWEN_LIVE_OBSERVE=0").Fired {
		fired = append(fired, f.Hook)
	}
	if !slices.Contains(fired, "pulled-command") {
		t.Fatalf("Qwen Code did not run the custom command's shell: %q", fired)
	}
	r, err := open(t, localCopy(t, fixture)).Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range r.Hooks {
		if strings.HasPrefix(h.Label, "prompt command x:") && filepath.Base(h.File) == "x.toml" {
			found = h.NeedsReview()
		}
	}
	if !found || !r.NeedsReview {
		t.Errorf("the review does not need review for the custom command: %+v", r.Hooks)
	}
}

// TestQwenLiveRunsAnInjectedFilesShell: the real Qwen Code (yolo) fills
// a custom command's @{path} before its shell step ({{args}} makes it
// run), and runs the !{…} written in the injected file; Hookwarden lists
// the template with that command, the file's text part of its value.
func TestQwenLiveRunsAnInjectedFilesShell(t *testing.T) {
	requireQwenLive(t)
	fixture := t.TempDir()
	for name, text := range map[string]string{
		"project/.qwen/commands/sum.toml": "prompt = \"Summarize @{docs/notes.md} for {{args}}\"\n",
		"project/docs/notes.md":           "Notes. !{echo x | qwen-live-log injected-command}\n",
	} {
		p := filepath.Join(fixture, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(fixture, "home"), 0o755); err != nil {
		t.Fatal(err)
	}
	var fired []string
	for _, f := range runLive(t, fixture, "QWEN_LIVE_PROMPT=/sum me", "QWEN_LIVE_TOOL=none", "QWEN_LIVE_OBSERVE=0").Fired {
		fired = append(fired, f.Hook)
	}
	if !slices.Contains(fired, "injected-command") {
		t.Fatalf("Qwen Code did not run the injected file's shell: %q", fired)
	}
	r, err := open(t, localCopy(t, fixture)).Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range r.Hooks {
		if strings.HasPrefix(h.Label, "prompt command sum:") && strings.Contains(h.Label, "qwen-live-log injected-command") {
			found = h.NeedsReview()
		}
	}
	if !found {
		t.Errorf("the review does not list the injected file's command: %+v", r.Hooks)
	}
}

// TestQwenLiveUserCommandRunsAProjectFilesShell: a custom command of the
// user's own (~/.qwen/commands) that injects a relative @{README.md} and
// takes {{args}} runs, in the real Qwen Code, the !{…} written in the
// project's README.md. Hookwarden reviews it for the project.
func TestQwenLiveUserCommandRunsAProjectFilesShell(t *testing.T) {
	requireQwenLive(t)
	fixture := t.TempDir()
	for name, text := range map[string]string{
		"home/.qwen/commands/explain.toml": "prompt = \"Explain @{README.md} with a focus on {{args}}\"\n",
		"project/README.md":                "# Readme\n!{echo x | qwen-live-log readme-command}\n",
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
	if !slices.Contains(fired, "readme-command") {
		t.Fatalf("Qwen Code did not run the README's shell through the user's command: %q", fired)
	}
	r, err := open(t, localCopy(t, fixture)).Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		if strings.HasPrefix(h.Label, "prompt command explain:") && strings.Contains(h.Label, "qwen-live-log readme-command") && h.NeedsReview() {
			return
		}
	}
	t.Errorf("the review does not list the user's command that runs the README's shell: %+v", r.Hooks)
}

// TestQwenLiveStartsAUserServerInTheProject: an MCP server of the user's
// own settings whose command names a relative script (bash srv.sh) is
// started by the real Qwen Code in the project: the project's srv.sh
// runs. Hookwarden reviews it for the project.
func TestQwenLiveStartsAUserServerInTheProject(t *testing.T) {
	requireQwenLive(t)
	fixture := t.TempDir()
	for name, text := range map[string]string{
		"home/.qwen/settings.json": `{"mcpServers": {"mine": {"command": "bash", "args": ["srv.sh"]}}}`,
		"project/srv.sh":           "echo x | qwen-live-log user-server-project\n",
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
	if !slices.Contains(fired, "user-server-project") {
		t.Fatalf("Qwen Code did not run the project's srv.sh for the user's server: %q", fired)
	}
	r, err := open(t, localCopy(t, fixture)).Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		for _, s := range h.Scripts {
			if filepath.Base(s.Path) == "srv.sh" && h.NeedsReview() {
				return
			}
		}
	}
	t.Errorf("the review does not follow the user's server into the project's srv.sh: %+v", r.Hooks)
}
