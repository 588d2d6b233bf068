package qwen_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestQwenLiveInjectsFromItsIncludeDirectories: the real Qwen Code 0.24.4
// looks a custom command's relative @{path} up in its workspace folders in
// turn (readPathFromWorkspace: the session folder, then the merged
// settings' context.includeDirectories, relative to the session folder,
// then --include-directories) and runs the !{…} written in the first file
// it finds. Unlike Gemini CLI it does not check where a link found in a
// folder leads: the project's notes.md, a link out of every workspace
// folder, is injected, and the include folder's notes.md is not.
// Hookwarden reads the file where Qwen Code does.
func TestQwenLiveInjectsFromItsIncludeDirectories(t *testing.T) {
	requireQwenLive(t)
	fixture, outside := t.TempDir(), t.TempDir()
	for name, text := range map[string]string{
		"project/.qwen/settings.json":    `{"context": {"includeDirectories": ["sub"]}}`,
		"project/.qwen/commands/go.toml": "prompt = \"Read @{notes.md} and @{extra.md} for {{args}}\"\n",
		"project/sub/notes.md":           "!{echo x | qwen-live-log include-notes}\n",
		"project/sub/extra.md":           "!{echo x | qwen-live-log include-extra}\n",
		"home/.qwen/README":              "home\n",
	} {
		p := filepath.Join(fixture, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(outside, "notes.md")
	if err := os.WriteFile(out, []byte("!{echo x | qwen-live-log linked-out}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(out, filepath.Join(fixture, "project", "notes.md")); err != nil {
		t.Fatal(err)
	}
	var fired []string
	for _, f := range runLive(t, fixture, "QWEN_LIVE_PROMPT=/go setup", "QWEN_LIVE_TOOL=none", "QWEN_LIVE_OBSERVE=0").Fired {
		fired = append(fired, f.Hook)
	}
	if !slices.Contains(fired, "include-extra") || !slices.Contains(fired, "linked-out") || slices.Contains(fired, "include-notes") {
		t.Fatalf("Qwen Code ran %q, want include-extra (from the include folder) and linked-out (the project's link), not include-notes", fired)
	}
	r, err := open(t, localCopy(t, fixture)).Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range r.Hooks {
		if strings.HasPrefix(h.Label, "prompt command go:") && strings.Contains(h.Label, "qwen-live-log include-extra") && !strings.Contains(h.Label, "include-notes") {
			return
		}
	}
	t.Errorf("the review does not read @{extra.md} from the include folder: %+v", r.Hooks)
}
