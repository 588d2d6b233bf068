package codex

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/trust"
)

// The demo comes with its Codex hooks approved as `hookwarden trust`
// approves them, one of them changed since: the Review tab shows a
// modified Codex hook with a diff of its definition.
func TestDemoHasAModifiedCodexHook(t *testing.T) {
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	d, err := assets.MaterializeDemo(root)
	if err != nil {
		t.Fatal(err)
	}
	a := agent{SystemDir: filepath.Join(root, "system", "codex")}
	if err := a.ApproveDemo(context.Background(), d, "linux", time.Now()); err != nil {
		t.Fatal(err)
	}
	p, err := a.Open(context.Background(), agents.Env{Vars: d.Env, GOOS: "linux", Home: d.Home}, d.ProjectDir)
	if err != nil {
		t.Fatal(err)
	}
	if ft := p.Summary().FolderTrust; !ft.Trusted {
		t.Errorf("the demo project is not trusted in Codex: %+v", ft)
	}
	r, err := p.Review(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]trust.HookStatus{}
	var modified agents.HookReview
	for _, h := range r.Hooks {
		got[string(h.Layer)+" "+strings.Fields(h.Command)[0]] = h.Status
		if h.Status == trust.StatusChanged {
			modified = h
		}
	}
	want := map[string]trust.HookStatus{"user echo": trust.StatusTrusted, "project .codex/hooks/guard.sh": trust.StatusTrusted, "project npx": trust.StatusChanged}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %s, want %s (all: %v)", k, got[k], v, got)
		}
	}
	fields := map[string]bool{}
	for _, c := range modified.FieldChanges {
		fields[c.Field] = true
	}
	if !fields["command"] || !fields["timeout"] || len(fields) != 2 || !trust.Changed(modified.CommandDiff) {
		t.Errorf("modified hook's changes: %+v, diff %+v", modified.FieldChanges, modified.CommandDiff)
	}
	if !r.NeedsReview {
		t.Error("the demo does not need review")
	}
}
