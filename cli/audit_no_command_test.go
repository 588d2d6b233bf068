package cli

import (
	"strings"
	"testing"
)

// A command entry without a command runs nothing (Gemini CLI discards
// it; only its trust key, "name:undefined", is weighed): the review must
// not read the word "undefined" as a program Hookwarden does not know —
// that made the demo's summarize-turn "partly unwatched", its approval
// asking to accept what cannot be watched — and the text says it runs
// nothing.
func TestCommandEntryWithoutACommandRunsNothing(t *testing.T) {
	t.Parallel()
	e := newTrustEnv(t)
	e.settings(`{"hooks": {"AfterAgent": [{"hooks": [{"type": "command", "name": "summarize-turn"}]}]}}`)
	code, out, errOut := e.run("audit")
	if code != 3 {
		t.Fatalf("audit: exit %d, want 3 (the entry's key is still unreviewed)\n%s%s", code, out, errOut)
	}
	if strings.Contains(out, "runs undefined") || strings.Contains(out, "cannot see") || !strings.Contains(out, "runs      nothing") {
		t.Errorf("audit reads the missing command as a program:\n%s", out)
	}
	if code, out, errOut := e.run("trust", "--all"); code != 0 {
		t.Fatalf("trust --all of an entry that runs nothing: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := e.run("audit", "--strict"); code != 0 {
		t.Errorf("audit --strict after approval: exit %d (partly unwatched?)\n%s%s", code, out, errOut)
	}
}
