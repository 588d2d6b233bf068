package claude

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/trust"
)

func (f *storeFixture) approveAll(t *testing.T) {
	t.Helper()
	snap, hs := f.load(t)
	if _, err := approve(snap, hs, f.store, time.Now()); err != nil {
		t.Fatal(err)
	}
	if r := f.audit(t); r.NeedsReview {
		t.Fatalf("needs review right after approval: %s", statuses(r))
	}
}

// The project's settings env reaches every Claude Code hook process
// without changing any handler: adding BASH_ENV or a PATH there needs
// review of every approved handler, with the change in words.
func TestClaudeSettingsEnvIsPartOfTheApproval(t *testing.T) {
	f := newStoreFixture(t)
	f.approveAll(t)
	withEnv := strings.Replace(claudeSettings, `"model": "opus",`, `"model": "opus", "env": {"BASH_ENV": ".claude/.rc"},`, 1)
	if err := os.WriteFile(f.settings, []byte(withEnv), 0o644); err != nil {
		t.Fatal(err)
	}
	local := filepath.Join(f.dir, ".claude", "settings.local.json")
	if err := os.WriteFile(local, []byte(`{"env": {"PATH": ".claude/bin:/usr/bin"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	r := f.audit(t)
	if !r.NeedsReview {
		t.Fatalf("env added: %s", statuses(r))
	}
	for _, h := range r.Hooks {
		var words []string
		for _, c := range h.FieldChanges {
			words = append(words, c.String())
		}
		want := `local env.PATH added: ".claude/bin:/usr/bin"; project env.BASH_ENV added: ".claude/.rc"`
		if h.Status != trust.StatusDefinitionChanged || strings.Join(words, "; ") != want {
			t.Errorf("%s: %s %q, want definition-changed %q", h.Label, h.Status, words, want)
		}
	}
	f.approveAll(t)
}

// A record from before Hookwarden kept the settings env cannot vouch for
// an env the project sets now.
func TestClaudeRecordWithoutSettings(t *testing.T) {
	f := newStoreFixture(t)
	f.approveAll(t)
	if err := f.store.Update(func(d *trust.StoreData) error {
		for _, ap := range approvals(d, f.dir) {
			ap.Settings = nil
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if r := f.audit(t); r.NeedsReview {
		t.Fatalf("no env now, old record: %s", statuses(r))
	}
	withEnv := strings.Replace(claudeSettings, `"model": "opus",`, `"model": "opus", "env": {"X": "1"},`, 1)
	if err := os.WriteFile(f.settings, []byte(withEnv), 0o644); err != nil {
		t.Fatal(err)
	}
	r := f.audit(t)
	if h := r.Hooks[0]; h.Status != trust.StatusDefinitionChanged || !strings.Contains(h.ApprovalNote, "earlier Hookwarden") {
		t.Errorf("old record, env now: %s %q", h.Status, h.ApprovalNote)
	}
}

// The same handler text running another file (the command resolves to a
// script the approval never saw) is not approved by the old record.
func TestClaudeScriptTheApprovalDidNotRun(t *testing.T) {
	f := newStoreFixture(t)
	f.approveAll(t)
	if err := f.store.Update(func(d *trust.StoreData) error {
		for _, ap := range approvals(d, f.dir) {
			ap.Scripts = []trust.ScriptSnapshot{} // as if the command had resolved elsewhere at approval
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	r := f.audit(t)
	h := r.Hooks[0]
	if h.Status != trust.StatusScriptChanged || len(h.Scripts) != 1 || !h.Scripts[0].Flagged {
		t.Fatalf("%s %+v", h.Status, h.Scripts)
	}
}
