package agents

import (
	"testing"

	"github.com/hookwarden/hookwarden/trust"
)

// TestStoreWordsKeepTheWordsTheAgentsHad: the words two agents without a
// per-hook trust of their own wrote out in full before StoreWords, byte
// for byte, and what an agent writes itself wins.
func TestStoreWordsKeepTheWordsTheAgentsHad(t *testing.T) {
	for _, c := range []struct{ title, short string }{{"Qwen Code", "Qwen Code"}, {"Copilot CLI", "Copilot"}} {
		w := StoreWords(c.title, c.short, ReviewWords{Noun: "n", Meaning: map[trust.HookStatus]string{trust.StatusNew: "new"}})
		want := map[string]string{
			"changed":        "Changed since it was approved: " + c.short + " runs the new version without a word. The diff is against what was approved.",
			"script changed": "Approved, but a script it runs changed since: " + c.short + " runs the new version without a word.",
			"trusted":        "Approved in Hookwarden, and no script it runs changed since.",
			"new":            "new",
			"approve all":    "Hookwarden records them, with the scripts they run, in its store; " + c.title + " itself keeps no per-hook trust.",
			"runs":           "Runs",
			"changed title":  "Definition — changes since it was approved",
			"before":         "Approved before: ",
			"unrecorded":     "Hookwarden has no record of this script: it was not read when the hook was approved.",
			"store error":    "Hookwarden's store cannot be read",
			"noun":           "n",
		}
		got := map[string]string{"changed": w.Meaning[trust.StatusChanged], "script changed": w.Meaning[trust.StatusScriptChanged],
			"trusted": w.Meaning[trust.StatusTrusted], "new": w.Meaning[trust.StatusNew], "approve all": w.ApproveAll, "runs": w.RunsTitle,
			"changed title": w.ChangedTitle, "before": w.Before, "unrecorded": w.Unrecorded, "store error": w.StoreError, "noun": w.Noun}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s is %q, want %q", c.title, k, got[k], v)
			}
		}
	}
	own := StoreWords("A", "A", ReviewWords{RunsTitle: "Command", Meaning: map[trust.HookStatus]string{trust.StatusTrusted: "mine"}})
	if own.RunsTitle != "Command" || own.Meaning[trust.StatusTrusted] != "mine" {
		t.Errorf("StoreWords replaced the agent's own words: %q, %q", own.RunsTitle, own.Meaning[trust.StatusTrusted])
	}
}
