package claude

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

// TestChangedHookTakesTheSameEarlierApprovalEveryTime: when two earlier
// approvals stand at the place of a changed hook (two Hookwarden
// processes approved the hook before and after a change, each keeping
// the other's entry), the review pairs the changed hook with the same one
// on every run, the first in key order: the diff shown and what reads as
// gone do not depend on a map's order.
func TestChangedHookTakesTheSameEarlierApprovalEveryTime(t *testing.T) {
	f := newStoreFixture(t)
	approveAll := func() map[string]any {
		t.Helper()
		snap, hs := f.load(t)
		if _, err := approve(snap, hs, f.store, time.Now()); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(f.store.Path())
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		return doc
	}
	hooksOf := func(doc map[string]any) map[string]any {
		for _, p := range doc["claude"].(map[string]any)["projects"].(map[string]any) {
			return p.(map[string]any)["hooks"].(map[string]any)
		}
		t.Fatal("no project in the store")
		return nil
	}
	first := hooksOf(approveAll())
	os.WriteFile(f.settings, []byte(strings.Replace(claudeSettings, `"echo pre"`, `"echo pre A"`, 1)), 0o644)
	doc := approveAll()
	both := hooksOf(doc)
	var keys []string
	for k, v := range first {
		if v.(map[string]any)["label"] == "echo pre" {
			both[k] = v
		}
	}
	for k, v := range both {
		if l := v.(map[string]any)["label"]; l == "echo pre" || l == "echo pre A" {
			keys = append(keys, k+" "+l.(string))
		}
	}
	if len(keys) != 2 {
		t.Fatalf("want two approvals at the place, have %v", keys)
	}
	b, _ := json.MarshalIndent(doc, "", "  ")
	if err := os.WriteFile(f.store.Path(), b, 0o600); err != nil {
		t.Fatal(err)
	}
	want := "echo pre A"
	if strings.Compare(keys[0], keys[1]) < 0 && strings.HasSuffix(keys[0], "echo pre") || strings.Compare(keys[1], keys[0]) < 0 && strings.HasSuffix(keys[1], "echo pre") {
		want = "echo pre"
	}
	os.WriteFile(f.settings, []byte(strings.Replace(claudeSettings, `"echo pre"`, `"echo pre B"`, 1)), 0o644)
	for i := 0; i < 40; i++ {
		r := f.audit(t)
		if got := r.Hooks[1].PreviousCommand; got != want {
			t.Fatalf("run %d paired the changed hook with the approval of %q, want %q (the first of %v in key order)", i, got, want, keys)
		}
		if len(r.Gone) != 1 || r.Gone[0].Label == want {
			t.Fatalf("run %d: gone %+v, want the other approval", i, r.Gone)
		}
	}
}
