package guard

import (
	"strings"
	"testing"
)

// exec refuses approved entries that are partly unwatched; their block
// must say that, not that they need review (they are approved).
func TestUnwatchedBlockSaysApprovedPartlyUnwatched(t *testing.T) {
	items := []Item{
		{Agent: "Agent A", Status: "approved, partly unwatched", Label: "MCP server s: perl srv.pl"},
		{Agent: "Agent A", Status: "approved, partly unwatched", Label: "sh x.sh", Where: "PreToolUse"},
	}
	b := UnwatchedBlock("/p", items, "hookwarden audit --strict", nil)
	if strings.Contains(b, "need review") || strings.Contains(b, "needs review") {
		t.Errorf("the block says review for approved entries:\n%s", b)
	}
	for _, want := range []string{"2 approved entries", "partly unwatched", "perl srv.pl", "sh x.sh", "review: hookwarden audit --strict"} {
		if !strings.Contains(b, want) {
			t.Errorf("the block lacks %q:\n%s", want, b)
		}
	}
	one := UnwatchedBlock("/p", items[:1], "r", nil)
	if !strings.Contains(one, "1 approved entry in /p is partly unwatched") {
		t.Errorf("one entry's headline:\n%s", one)
	}
	if UnwatchedBlock("/p", nil, "r", nil) != "" {
		t.Error("no entries, yet a block")
	}
}
