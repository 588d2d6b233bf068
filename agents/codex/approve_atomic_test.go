package codex

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/internal/testenv"
)

// TestApprovalFailingConfigWritePutsTheStoreBack: Codex's approval writes
// Hookwarden's store first and trusted_hash in config.toml (what makes
// Codex run the hook) last; when that write fails (here the file turned
// unreadable as TOML after it was read), the store is put back byte for
// byte and config.toml is left as it was.
func TestApprovalFailingConfigWritePutsTheStoreBack(t *testing.T) {
	f := newFixture(t, "proj")
	testenv.WriteFile(t, f.projectHooks(), `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"echo one"}]}]}}`)
	f.trustProject()
	storePath := filepath.Join(f.root, "store", "approvals.json")
	before := "{\"version\": 1,\n  \"projects\": {}}\n"
	testenv.WriteFile(t, storePath, before)
	p := f.open()
	broken := f.read(f.config()) + "\n[[[ not toml\n"
	testenv.WriteFile(t, f.config(), broken)
	_, err := p.Approve(context.Background(), agents.ApproveRequest{All: true})
	if err == nil || !strings.Contains(err.Error(), "nothing was approved") {
		t.Fatalf("Approve with config.toml failing: %v", err)
	}
	if got, _ := os.ReadFile(storePath); string(got) != before {
		t.Fatalf("the store was not put back byte for byte:\n%s", got)
	}
	if got := f.read(f.config()); got != broken {
		t.Fatalf("config.toml changed:\n%s", got)
	}
}

// TestCommandsAndHooksApproveAllOrNothing: an approval of a project's MCP
// server and its hooks together is one store update, written before
// config.toml's trusted_hash: when the hooks' part fails — config.toml
// cannot be written, or a hook is partly unwatched and not accepted —
// the server is not approved either (before, its approval was a store
// update of its own, made first and kept).
func TestCommandsAndHooksApproveAllOrNothing(t *testing.T) {
	for _, tc := range []struct {
		name, hook   string
		breakConfig  bool
		wantErrWords string
	}{
		{name: "config.toml write fails", hook: "echo one", breakConfig: true, wantErrWords: "nothing was approved"},
		{name: "a hook partly unwatched", hook: "perl .codex/hooks/x.pl", wantErrWords: "watch"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, "proj")
			testenv.WriteFile(t, f.projectHooks(), `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":`+strconv.Quote(tc.hook)+`}]}]}}`)
			testenv.WriteFile(t, filepath.Join(f.project, ".codex", "config.toml"), "[mcp_servers.probe]\ncommand = \"sh\"\nargs = [\"-c\", \"exec cat >/dev/null\"]\n")
			testenv.WriteFile(t, filepath.Join(f.project, ".codex", "hooks", "x.pl"), "require './lib.pl';\n")
			f.trustProject()
			storePath := filepath.Join(f.root, "store", "approvals.json")
			before := "{\"version\": 1,\n  \"projects\": {}}\n"
			testenv.WriteFile(t, storePath, before)
			p := f.open()
			if n := len(reviewOf(t, p).Hooks); n < 2 {
				t.Fatalf("the review holds %d entries, want the hook and the MCP server", n)
			}
			config := f.read(f.config())
			if tc.breakConfig {
				config += "\n[[[ not toml\n"
				testenv.WriteFile(t, f.config(), config)
			}
			_, err := p.Approve(context.Background(), agents.ApproveRequest{All: true})
			if err == nil || !strings.Contains(err.Error(), tc.wantErrWords) {
				t.Fatalf("Approve: %v, want an error saying %q", err, tc.wantErrWords)
			}
			if got, _ := os.ReadFile(storePath); string(got) != before {
				t.Fatalf("the hooks' approval failed, but the store changed (the MCP server approved alone?):\n%s", got)
			}
			if got := f.read(f.config()); got != config {
				t.Fatalf("config.toml changed:\n%s", got)
			}
		})
	}
}
