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
