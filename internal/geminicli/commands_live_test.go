package geminicli

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// Issue 21, live: the real Gemini CLI 0.61 runs a workspace
// tools.discoveryCommand and starts a workspace mcpServers command only
// in a trusted folder; in an untrusted one (interactive: Gemini refuses
// to start headless there) it runs neither. Hookwarden lists both with
// Gemini's own gate: runs in the trusted folder, held back by folder
// trust in the untrusted one.
func TestLiveGeminiRunsWorkspaceCommandsOnlyInATrustedFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI twice; skipped with -short")
	}
	bundle := RequireBundle(t)
	for _, trusted := range []bool{true, false} {
		name := "trusted"
		if !trusted {
			name = "untrusted"
		}
		t.Run(name, func(t *testing.T) {
			if !trusted {
				RequireTmux(t)
			}
			f := newFidelityFixture(t, bundle)
			marks := filepath.Join(f.root, "marks")
			if err := os.MkdirAll(marks, 0o755); err != nil {
				t.Fatal(err)
			}
			f.user(t, nil)
			if !trusted {
				writeJSON(t, filepath.Join(f.home, ".gemini", "trustedFolders.json"), map[string]string{f.project: "DO_NOT_TRUST"})
				f.opts.Interactive = true
			}
			// Gemini CLI 0.61 splits discoveryCommand with shell-quote and
			// spawns it without a shell (operators such as ; and > are
			// dropped): the command is a program with arguments.
			writeFile(t, filepath.Join(f.project, "discover.sh"), "#!/bin/sh\necho x > \"$1\"/discovery-ran\necho '[]'\n")
			if err := os.Chmod(filepath.Join(f.project, "discover.sh"), 0o755); err != nil {
				t.Fatal(err)
			}
			writeJSON(t, filepath.Join(f.project, ".gemini", "settings.json"), map[string]any{
				"tools": map[string]any{"discoveryCommand": filepath.Join(f.project, "discover.sh") + " " + marks},
				"mcpServers": map[string]any{"probe": map[string]any{"command": "/usr/bin/python3",
					"args": []any{filepath.Join(f.project, "srv.py"), filepath.Join(marks, "mcp-ran")}}},
			})
			writeFile(t, filepath.Join(f.project, "srv.py"), liveMCPServer)
			res, err := Run(context.Background(), f.opts)
			if err != nil || res.ExitCode != 0 {
				t.Fatalf("gemini CLI: err %v, exit %d\nstdout: %s\nstderr: %s\nscreen: %s", err, res.ExitCode, res.Stdout, res.Stderr, res.Screen)
			}
			ran := map[string]bool{}
			for _, m := range []string{"discovery-ran", "mcp-ran"} {
				_, err := os.Stat(filepath.Join(marks, m))
				ran[m] = err == nil
			}
			_, reg := openProject(t, f.project, f.home, f.opts.Environ())
			listed := map[string]*hooks.Hook{}
			for _, h := range reg.Commands {
				listed[h.Name] = h
			}
			for name, mark := range map[string]string{"tools.discoveryCommand": "discovery-ran", "probe": "mcp-ran"} {
				h := listed[name]
				if h == nil {
					t.Errorf("Hookwarden does not list %s: %v", name, listed)
					continue
				}
				if ran[mark] != trusted {
					t.Errorf("the real Gemini CLI ran %s: %v (trusted folder: %v)", name, ran[mark], trusted)
				}
				want := hooks.StatusRuns
				if !trusted {
					want = hooks.StatusBlockedUntrustedFolder
				}
				if h.Status != want || h.Gate == "" {
					t.Errorf("Hookwarden lists %s as %s (gate %q), want %s", name, h.Status, h.Gate, want)
				}
			}
		})
	}
}

// liveMCPServer marks that it started (the file named by its argument),
// then answers initialize and tools/list with no tools, as an MCP server
// does (one JSON-RPC message a line); notifications get no answer.
const liveMCPServer = `import sys, json
open(sys.argv[1], "w").write("x")
for line in sys.stdin:
    m = json.loads(line)
    if "id" not in m:
        continue
    if m.get("method") == "initialize":
        r = {"protocolVersion": m["params"]["protocolVersion"], "capabilities": {"tools": {}}, "serverInfo": {"name": "probe", "version": "1"}}
    elif m.get("method") == "tools/list":
        r = {"tools": []}
    else:
        r = {}
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": m["id"], "result": r}) + "\n")
    sys.stdout.flush()
`
