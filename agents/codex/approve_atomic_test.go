package codex

import (
	"context"
	"os"
	"path/filepath"
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
