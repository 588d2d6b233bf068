package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestAuditWithoutAgentSaysWhatOtherAgentsNeed: `hookwarden audit` with no
// --agent reviews the default agent, and said "nothing needs review"
// with exit 0 in a project whose Claude Code hook nobody approved (found
// by review19). A face that reads clean while another agent's hook of the
// project needs review breaks the one promise: now the audit names every
// other agent that needs review, on stderr (stdout, and so --json, stays
// the default agent's document), and exits with the worst code. Fails on
// main (3b88422): exit 0, nothing said.
func TestAuditWithoutAgentSaysWhatOtherAgentsNeed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"project/.claude/settings.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "sh .claude/x.sh"}]}]}}`,
		"project/.claude/x.sh":          "echo hi\n",
	})
	out, errOut, code := f.run(t, "audit")
	if code != ExitNeedsReview {
		t.Fatalf("audit without --agent: exit %d, want %d\n%s%s", code, ExitNeedsReview, out, errOut)
	}
	if !strings.Contains(errOut, "Claude Code") || !strings.Contains(errOut, "--agent claude") {
		t.Errorf("audit without --agent does not name Claude Code's review on stderr:\n%s", errOut)
	}
	jsonOut, _, code := f.run(t, "audit", "--json")
	if code != ExitNeedsReview {
		t.Errorf("audit --json without --agent: exit %d, want %d", code, ExitNeedsReview)
	}
	if !json.Valid([]byte(jsonOut)) {
		t.Errorf("audit --json without --agent: stdout is no JSON document:\n%s", jsonOut)
	}
	// An explicit agent is that agent alone, as before.
	if _, _, code := f.run(t, "audit", "--agent", "gemini"); code != ExitOK {
		t.Errorf("audit --agent gemini: exit %d, want 0 (the project has no Gemini CLI hook)", code)
	}
	if _, _, code := f.run(t, "trust", "--agent", "claude", "--all"); code != ExitOK {
		t.Fatalf("trust --agent claude --all: exit %d", code)
	}
	for _, agent := range []string{"copilot"} { // Copilot CLI reads .claude/settings.json too
		if _, errOut, code := f.run(t, "trust", "--agent", agent, "--all"); code != ExitOK {
			t.Fatalf("trust --agent %s --all: exit %d %s", agent, code, errOut)
		}
	}
	if out, errOut, code := f.run(t, "audit"); code != ExitOK || strings.Contains(errOut, "needs review") {
		t.Errorf("approved: audit without --agent exit %d\n%s%s", code, out, errOut)
	}
}
