package cli

import (
	"encoding/json"
	"testing"
)

// audit --json without --agent carries the other agents it audited in
// its one document: "other_agents", each with its identity under "agent"
// (as the document's own "agent" object), its state and its exit code,
// so that the document says why the exit code is not 0. On main the
// JSON said needs_review false with nothing of Claude Code's hook while
// audit exited 3: the exit code and the document disagreed.
func TestAuditJSONWithoutAgentCarriesTheOtherAgents(t *testing.T) {
	t.Parallel()
	f := newFixture(t, map[string]string{
		"project/.claude/settings.json": `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "sh .claude/x.sh"}]}]}}`,
		"project/.claude/x.sh":          "echo hi\n",
	})
	type other struct {
		Agent struct {
			Name  string `json:"name"`
			Title string `json:"title"`
		} `json:"agent"`
		State    string `json:"state"`
		ExitCode int    `json:"exit_code"`
		Audit    string `json:"audit"`
	}
	read := func(out string) (map[string]json.RawMessage, []other) {
		t.Helper()
		var doc map[string]json.RawMessage
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("audit --json: %v\n%s", err, out)
		}
		raw, ok := doc["other_agents"]
		if !ok {
			t.Fatalf("audit --json without --agent has no other_agents:\n%s", out)
		}
		var others []other
		if err := json.Unmarshal(raw, &others); err != nil {
			t.Fatalf("other_agents: %v\n%s", err, raw)
		}
		return doc, others
	}
	out, _, code := f.run(t, "audit", "--json")
	if code != ExitNeedsReview {
		t.Fatalf("audit --json without --agent: exit %d, want %d\n%s", code, ExitNeedsReview, out)
	}
	_, others := read(out)
	found := false
	for _, o := range others {
		if o.Agent.Name == "claude" {
			found = true
			if o.Agent.Title != "Claude Code" || o.State != "needs-review" || o.ExitCode != ExitNeedsReview || o.Audit != "hookwarden audit --agent claude" {
				t.Errorf("other_agents' Claude Code: %+v", o)
			}
		}
		if o.ExitCode == ExitOK {
			t.Errorf("other_agents lists an agent whose audit is clean: %+v", o)
		}
	}
	if !found {
		t.Errorf("other_agents does not name Claude Code: %+v\n%s", others, out)
	}
	// once every agent that reads the hook approved it: an empty list
	// (every other agent audited, none needs anything) and exit 0
	for _, agent := range []string{"claude", "copilot"} {
		if _, errOut, code := f.run(t, "trust", "--agent", agent, "--all"); code != ExitOK {
			t.Fatalf("trust --agent %s --all: exit %d %s", agent, code, errOut)
		}
	}
	out, _, code = f.run(t, "audit", "--json")
	if _, others := read(out); code != ExitOK || len(others) != 0 {
		t.Errorf("approved: audit --json exit %d, other_agents %+v", code, others)
	}
	// an explicit agent is that agent's document alone
	out, _, _ = f.run(t, "audit", "--json", "--agent", "gemini")
	var doc map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if _, ok := doc["other_agents"]; ok {
		t.Errorf("audit --json --agent gemini has other_agents:\n%s", out)
	}
}
