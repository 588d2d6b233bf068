package agents

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/trust"
)

// TestRevokingANullApprovalDoesNotCrash: a store whose commands section
// holds an approval written as null (a hand edit, another tool) is
// revoked like any other key: removed, nothing recorded as its history.
// On main `trust --revoke --all` of such a store panicked (a nil
// record's RevokedAt set), leaving the user with no way out but an edit.
func TestRevokingANullApprovalDoesNotCrash(t *testing.T) {
	store := trust.Store{Dir: t.TempDir()}
	data := `{"version":1,"projects":{},"commands":{"agents":{"x":{"/p":{"approved":{"k1":null,"k2":{"kind":"mcp","name":"s","file":"f","label":"l","fields":{},"approved_at":"2026-01-01T00:00:00Z","scripts":[]}}}}}}}`
	if err := os.WriteFile(store.Path(), []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	removed, err := RevokeCommands(store, "x", "/p", nil, true)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(removed, []string{"k1", "k2"}) {
		t.Errorf("removed %q, want both keys", removed)
	}
	got, _ := os.ReadFile(store.Path())
	if strings.Contains(string(got), `"k1"`) || !strings.Contains(string(got), `"revoked"`) {
		t.Errorf("the store after the revoke:\n%s", got)
	}
}
