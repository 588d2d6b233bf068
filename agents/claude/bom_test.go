package claude

import (
	"strings"
	"testing"
)

// Claude Code 2.1.332 (claude-live) ran the hook of a .claude/settings.json
// that starts with a UTF-8 byte order mark. Hookwarden called the file
// unreadable and said "Claude Code skips this settings file entirely":
// the hook was not shown and the message was false.
func TestSettingsWithByteOrderMarkAreRead(t *testing.T) {
	fx := newFixture(t, map[string]string{
		projectFile: "\xEF\xBB\xBF" + hooksJSON("PreToolUse", "Bash", cmd("claude-live-log bom")),
	})
	r := fx.build()
	if len(r.Hooks) != 1 || Label(r.Hooks[0]) != "claude-live-log bom" {
		t.Fatalf("hooks %d, want the one of the file with a byte order mark", len(r.Hooks))
	}
	for _, d := range r.Diagnostics {
		if strings.Contains(d.Message, "skips this settings file") {
			t.Errorf("false diagnostic: %s", d.Message)
		}
	}
}
