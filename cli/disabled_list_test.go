package cli

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
)

// A handler disabled by Hookwarden leaves the settings file but stays in
// the list, with status disabled, until it is enabled again.
func TestClaudeDisabledHandlerStaysListed(t *testing.T) {
	t.Parallel()
	io, out, errb, _ := claudeEnv(t, map[string]string{"PROJECT/.claude/settings.json": claudeProjectSettings})
	io.Env = append(io.Env, "HOOKWARDEN_CONFIG_DIR="+filepath.Join(t.TempDir(), "store"))
	statuses := func() map[string]string {
		t.Helper()
		out.Reset()
		if code := Main(context.Background(), []string{"list", "--agent", "claude", "--json"}, io); code != 0 {
			t.Fatalf("list: exit %d: %s", code, errb)
		}
		var doc struct {
			Hooks []struct{ Command, Status string }
		}
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for _, h := range doc.Hooks {
			m[h.Command] = h.Status
		}
		return m
	}
	if s := statuses()["git-guard"]; s != "runs" {
		t.Fatalf("before: git-guard %q", s)
	}
	if code := Main(context.Background(), []string{"disable", "--agent", "claude", "git-guard"}, io); code != 0 {
		t.Fatalf("disable: exit %d: %s", code, errb)
	}
	if s := statuses(); s["git-guard"] != "disabled" || s["guard.sh; exit 1"] != "runs" {
		t.Errorf("after disable: %v", s)
	}
	if code := Main(context.Background(), []string{"enable", "--agent", "claude", "git-guard"}, io); code != 0 {
		t.Fatalf("enable: exit %d: %s", code, errb)
	}
	if s := statuses()["git-guard"]; s != "runs" {
		t.Errorf("after enable: git-guard %q", s)
	}
}
