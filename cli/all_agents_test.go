package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestAuditAndListForEveryAgent(t *testing.T) {
	t.Parallel()
	e := newGitEnv(t)
	_, clone := e.upstreamAndClone() // Gemini: approved
	claudeSettings := filepath.Join(clone, ".claude", "settings.json")
	writeFile(t, claudeSettings, `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo new-claude-hook"}]}]}}`, 0o644)

	code, out, errOut := e.hookwarden(clone, "audit", "--agent", "all")
	if code != ExitNeedsReview || !strings.Contains(out, "== Gemini CLI ==") || !strings.Contains(out, "== Claude Code ==") || !strings.Contains(out, "new-claude-hook") {
		t.Fatalf("audit --agent all with a new Claude Code handler: exit %d, want 3 with both agents\n%s%s", code, out, errOut)
	}
	code, out, _ = e.hookwarden(clone, "audit", "--agent", "all", "--json")
	var doc struct {
		Agents map[string]struct {
			NeedsReview bool `json:"needs_review"`
		} `json:"agents"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != ExitNeedsReview {
		t.Fatalf("audit --agent all --json: exit %d, %v\n%s", code, err, out)
	}
	if doc.Agents["gemini"].NeedsReview || !doc.Agents["claude"].NeedsReview {
		t.Errorf("per agent needs_review: %+v", doc.Agents)
	}

	// One agent's file that cannot be read outranks the other's review.
	writeFile(t, claudeSettings, "{\"hooks\": [", 0o644)
	if code, out, errOut := e.hookwarden(clone, "audit", "--agent", "all"); code != ExitUnreadable {
		t.Errorf("audit --agent all with a broken Claude Code file: exit %d, want %d\n%s%s", code, ExitUnreadable, out, errOut)
	}
	if code, _, _ := e.hookwarden(clone, "list", "--agent", "all"); code != ExitFailure {
		t.Errorf("list --agent all with a broken file: exit %d, want 1", code)
	}
	if code, _, errOut := e.hookwarden(clone, "trust", "--agent", "all", "--all"); code != ExitUsage || !strings.Contains(errOut, "audit and list") {
		t.Errorf("trust --agent all: exit %d, %q", code, errOut)
	}
}

func TestWorseExit(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ a, b, want int }{
		{ExitOK, ExitNeedsReview, ExitNeedsReview},
		{ExitNeedsReview, ExitOK, ExitNeedsReview},
		{ExitNeedsReview, ExitFailure, ExitFailure},
		{ExitUnreadable, ExitFailure, ExitUnreadable},
		{ExitOK, ExitUsage, ExitUsage},
	} {
		if got := worseExit(tt.a, tt.b); got != tt.want {
			t.Errorf("worseExit(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
