package agents

import (
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/trust"
)

// TestSharedWordsFillOnlyWhatIsEmpty: the words every review shares fill
// what an agent leaves empty and never replace its own (Gemini's
// "Command", "Trusted before: "), nor change the map it passed.
func TestSharedWordsFillOnlyWhatIsEmpty(t *testing.T) {
	own := map[trust.HookStatus]string{trust.StatusNew: "mine"}
	w := SharedWords(ReviewWords{Meaning: own, RunsTitle: "Command"})
	if w.RunsTitle != "Command" || w.Before != "Approved before: " || w.Meaning[trust.StatusNew] != "mine" ||
		!strings.HasPrefix(w.Meaning[trust.StatusPartlyUnwatched], "Approved, partly unwatched") {
		t.Errorf("shared words: %+v", w)
	}
	if len(own) != 1 {
		t.Errorf("the agent's map changed: %v", own)
	}
	if w := SharedWords(ReviewWords{Meaning: map[trust.HookStatus]string{trust.StatusPartlyUnwatched: "its own"}}); w.Meaning[trust.StatusPartlyUnwatched] != "its own" {
		t.Errorf("an agent's own meaning was replaced: %q", w.Meaning[trust.StatusPartlyUnwatched])
	}
	if w := SharedWords(ReviewWords{}); w.Meaning[trust.StatusPartlyUnwatched] == "" {
		t.Error("no meaning for a partly unwatched approval without a map of the agent's")
	}
}
