package cli

import (
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
)

// The face lays out what every agent's approval and revocation wrote, in
// one layout: a line per store, the keys under it (a key that shows other
// than it runs warned about), keys that did not read back, the notes, and
// why nothing was approved.
func TestTrustTextIsOneLayoutForEveryAgent(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	err := writeApproval(&b, &agents.ApproveResult{
		Written: []agents.Written{
			{Count: 1, What: "command", Store: "/s/approvals.json"},
			{Count: 2, What: "hook key", For: "/p", Store: "/h/trusted_hooks.json", Keys: []string{"a:x", "b:\u202ey"}, New: true},
			{Count: 1, What: "Codex hook", Store: "/c/config.toml", Also: "/s/approvals.json", Lost: []string{"k1"}},
		},
		Notes:   []string{"a note"},
		Nothing: "every hook is approved",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"approved 1 command(s) in /s/approvals.json\n",
		"approved 2 hook key(s) for /p in /h/trusted_hooks.json (2 new)\n  + a:x\n  + b:",
		"    WARNING holds ",
		"approved 1 Codex hook(s) in /c/config.toml (recorded in /s/approvals.json)\nLOST: k1 did not read back from /c/config.toml: not approved\n",
		"a note\nnothing to approve: every hook is approved\n",
	}
	got := b.String()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("approval text lacks %q:\n%s", w, got)
		}
	}
	if strings.Count(got, "WARNING") != 1 {
		t.Errorf("want one warning (for the key with a bidi control), got:\n%s", got)
	}
	b.Reset()
	if err := writeRevocation(&b, &agents.RevokeResult{Written: []agents.Written{
		{Count: 3, What: "approval", Store: "/c/config.toml", Removed: "trusted_hash"},
		{Count: 1, What: "key", For: "/p", Store: "/h/trusted_hooks.json", Keys: []string{"a:x"}},
		{What: "approval"},
	}, Notes: []string{"n"}}); err != nil {
		t.Fatal(err)
	}
	if want := "revoked 3 approval(s): trusted_hash removed from /c/config.toml\nrevoked 1 key(s) for /p in /h/trusted_hooks.json\n  - a:x\nrevoked 0 approval(s)\nn\n"; b.String() != want {
		t.Errorf("revocation text:\n%s\nwant:\n%s", b.String(), want)
	}
}
