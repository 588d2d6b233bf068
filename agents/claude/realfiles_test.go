package claude

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookwarden/hookwarden/hooks"
)

// EffortlessMetrics/perl-lsp .claude/settings.json: its handler uses no
// variable Claude Code leaves unset; the same file with the
// $CLAUDE_FILE_PATH that posts about Claude Code hooks use gets a warning
// (2.1.332 sets no such variable, as a live run shows).
func TestRealClaudeUnsetVariables(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "real", "EffortlessMetrics-perl-lsp.claude-settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	r := newFixture(t, map[string]string{"PROJECT/.claude/settings.json": string(data)}).build()
	if hasDiag(r.Diagnostics, hooks.SeverityWarning, "is not set by Claude Code") {
		t.Errorf("warned about a variable in %s: %v", data, r.Diagnostics)
	}
	r = newFixture(t, map[string]string{"PROJECT/.claude/settings.json": hooksJSON("PostToolUse", "Edit|Write",
		cmd(`npx prettier --write "$CLAUDE_FILE_PATH"`), cmd(`echo "$CLAUDE_PROJECT_DIR" "$CLAUDE_PLUGIN_ROOT"`))}).build()
	if !hasDiag(r.Diagnostics, hooks.SeverityWarning, "$CLAUDE_FILE_PATH is not set by Claude Code") {
		t.Errorf("no warning for $CLAUDE_FILE_PATH: %v", r.Diagnostics)
	}
	if hasDiag(r.Diagnostics, hooks.SeverityWarning, "$CLAUDE_PROJECT_DIR is not set") || hasDiag(r.Diagnostics, hooks.SeverityWarning, "$CLAUDE_PLUGIN_ROOT is not set") {
		t.Errorf("warned about a variable Claude Code sets: %v", r.Diagnostics)
	}
}
