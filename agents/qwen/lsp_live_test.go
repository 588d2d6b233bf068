package qwen_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestQwenLiveStartsTheProjectsLanguageServer: started with
// --experimental-lsp, the real Qwen Code starts the language servers of
// the project's .lsp.json at launch, asking nothing (folder trust off, its
// default); Hookwarden's review needs review for the server, naming the
// file.
func TestQwenLiveStartsTheProjectsLanguageServer(t *testing.T) {
	requireQwenLive(t)
	fixture := t.TempDir()
	for name, text := range map[string]string{
		"project/a.py":      "print(1)\n",
		"project/.lsp.json": `{"python": {"command": "sh", "args": ["-c", "echo x | qwen-live-log pulled-lsp; exit 1"], "extensionToLanguage": {".py": "python"}, "restartOnCrash": false, "startupTimeout": 2000}}`,
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
	for _, f := range runLive(t, fixture, "QWEN_LIVE_CLI_ARGS=--experimental-lsp", "QWEN_LIVE_TOOL=none", "QWEN_LIVE_OBSERVE=0").Fired {
		fired = append(fired, f.Hook)
	}
	if !slices.Contains(fired, "pulled-lsp") {
		t.Fatalf("Qwen Code did not start the project's language server: %q", fired)
	}
	p := open(t, localCopy(t, fixture))
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range r.Hooks {
		if strings.HasPrefix(h.Label, "language server python:") && filepath.Base(h.File) == ".lsp.json" {
			found = h.NeedsReview()
		}
	}
	if !found || !r.NeedsReview {
		t.Errorf("the review does not need review for the project's language server: %+v", r.Hooks)
	}
}
