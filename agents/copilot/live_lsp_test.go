package copilot

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLiveStartsThePulledLanguageServer: the real Copilot CLI starts a
// language server of the project's .github/lsp.json when the model calls
// its lsp tool, in a folder it does not trust, without asking; Hookwarden
// reviews that server.
func TestLiveStartsThePulledLanguageServer(t *testing.T) {
	requireCopilotLive(t)
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for name, text := range map[string]string{
		"project/.github/hooks/a.json": `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "copilot-live-log approved"}]}}`,
		"project/.github/lsp.json":     `{"lspServers": {"py": {"bash": "echo x | copilot-live-log pulled-lsp; exit 1", "fileExtensions": {".py": "python"}}}}`,
		"project/a.py":                 "print(1)\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"COPILOT_LIVE_TOOL": "lsp", "COPILOT_LIVE_FORCE": "1", "COPILOT_LIVE_ARGS": `{"operation": "documentSymbol", "file": "/home/user/project/a.py"}`,
		"COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_HOOKS_LIST": "0", "COPILOT_LIVE_GIT": "1", "COPILOT_LIVE_TRUST": "fixture"}
	rep := runLive(t, project, home, env)
	if !slices.Contains(rep.tags(), "pulled-lsp") {
		t.Fatalf("Copilot CLI did not start the project's language server: %q", rep.tags())
	}
	p, _, _ := modelOf(t, project, home, env)
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, h := range r.Hooks {
		if strings.HasPrefix(h.Label, "language server py:") && strings.HasSuffix(h.File, filepath.Join(".github", "lsp.json")) {
			found = h.NeedsReview()
		}
	}
	if !found || !r.NeedsReview {
		t.Errorf("the review does not need review for the project's language server: %+v", r.Hooks)
	}
}

// TestLiveStartsALanguageServerInItsRootUri: the real Copilot CLI starts a
// language server of .github/lsp.json in the git root joined with its
// rootUri ("sub": sub/srv.sh runs, not the root's srv.sh); Hookwarden's
// review follows the server's script there.
func TestLiveStartsALanguageServerInItsRootUri(t *testing.T) {
	requireCopilotLive(t)
	dir := t.TempDir()
	project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	for name, text := range map[string]string{
		"project/.github/hooks/a.json": `{"version": 1, "hooks": {"sessionStart": [{"type": "command", "bash": "copilot-live-log approved"}]}}`,
		"project/.github/lsp.json":     `{"lspServers": {"py": {"bash": "sh srv.sh; exit 1", "rootUri": "sub", "fileExtensions": {".py": "python"}}}}`,
		"project/srv.sh":               "echo x | copilot-live-log root-srv\n",
		"project/sub/srv.sh":           "echo x | copilot-live-log sub-srv\n",
		"project/a.py":                 "print(1)\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"COPILOT_LIVE_TOOL": "lsp", "COPILOT_LIVE_FORCE": "1", "COPILOT_LIVE_ARGS": `{"operation": "documentSymbol", "file": "/home/user/project/a.py"}`,
		"COPILOT_LIVE_OBSERVE": "0", "COPILOT_LIVE_HOOKS_LIST": "0", "COPILOT_LIVE_GIT": "1", "COPILOT_LIVE_TRUST": "fixture"}
	rep := runLive(t, project, home, env)
	if tags := rep.tags(); !slices.Contains(tags, "sub-srv") || slices.Contains(tags, "root-srv") {
		t.Fatalf("Copilot CLI did not run sub/srv.sh alone: %q", tags)
	}
	p, _, _ := modelOf(t, project, home, env)
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var scripts []string
	for _, h := range r.Hooks {
		if strings.HasPrefix(h.Label, "language server py:") {
			for _, s := range h.Scripts {
				scripts = append(scripts, s.Path)
			}
		}
	}
	if !slices.ContainsFunc(scripts, func(s string) bool { return strings.HasSuffix(s, filepath.Join("project", "sub", "srv.sh")) }) {
		t.Errorf("the review does not follow the server's script in sub/: %q", scripts)
	}
}
