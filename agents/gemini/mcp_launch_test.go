package gemini

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// MCPLaunch starts a workspace server as Gemini CLI 0.61 does
// (createTransport): GEMINI_CLI=1, the redacted environment with the .env
// it loaded, the server's env expanded in it, and the variables Gemini
// refuses to take from a server's env (NODE_OPTIONS, LD_PRELOAD) left out
// with a note.
func TestMCPLaunchIsGeminisOwnStart(t *testing.T) {
	f := newFixture(t)
	if err := os.WriteFile(filepath.Join(f.home, ".gemini", "trustedFolders.json"), []byte(`{"`+f.project+`": "TRUST_FOLDER"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	f.settings(`{"mcpServers": {"db": {"command": "./srv", "args": ["--dsn", "$DB_URL"], "cwd": "tools",
	  "env": {"DB": "${DB_URL}/x", "NODE_OPTIONS": "--require ./evil.js", "LD_PRELOAD": "/tmp/x.so"}}}}`)
	f.write(".env", "DB_URL=postgres://localhost/app\nGITHUB_TOKEN=ghp_secret\n", 0o644)
	env := agents.Env{Vars: f.env(), GOOS: "linux", Home: f.home}
	p, err := agent{}.Open(context.Background(), env, f.project)
	if err != nil {
		t.Fatal(err)
	}
	h, err := agents.FindMCPServer(p, "db")
	if err != nil {
		t.Fatal(err)
	}
	if h.Status != hooks.StatusRuns {
		t.Fatalf("server status %s: %s", h.Status, h.Reason)
	}
	l, err := p.(agents.MCPStarter).MCPLaunch(h)
	if err != nil {
		t.Fatal(err)
	}
	if l.Dir != filepath.Join(f.project, "tools") || l.Program != filepath.Join(f.project, "tools", "srv") {
		t.Errorf("program %q in %q", l.Program, l.Dir)
	}
	has := func(kv string) bool { return slices.Contains(l.Env, kv) }
	for _, want := range []string{"GEMINI_CLI=1", "DB=postgres://localhost/app/x", "DB_URL=postgres://localhost/app"} {
		if !has(want) {
			t.Errorf("env lacks %s: %v", want, l.Env)
		}
	}
	for _, kv := range l.Env {
		if strings.HasPrefix(kv, "NODE_OPTIONS=") || strings.HasPrefix(kv, "LD_PRELOAD=") || strings.HasPrefix(kv, "GITHUB_TOKEN=") {
			t.Errorf("env has %s, which Gemini CLI leaves out (blocked, or redacted)", kv)
		}
	}
	if len(l.Notes) != 2 {
		t.Errorf("notes %q, want one per variable left out", l.Notes)
	}
}
