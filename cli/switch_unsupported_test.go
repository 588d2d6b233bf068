package cli

import (
	"context"
	"strings"
	"testing"
)

// What an agent does not have is a usage error that says why, never a
// silent no-op: Claude Code has no all-hooks switch and no folder trust
// Hookwarden writes, Gemini CLI has no hooks to migrate.
func TestSwitchCommandsSayWhatAnAgentDoesNotHave(t *testing.T) {
	t.Parallel()
	io, out, errb, _ := claudeEnv(t, map[string]string{"PROJECT/.claude/settings.json": claudeProjectSettings})
	tests := []struct {
		args     []string
		code     int
		out, err string
	}{
		{[]string{"disable-all", "--agent", "claude"}, ExitUsage, "", "Claude Code keeps no list of disabled hooks"},
		{[]string{"enable-all", "--agent", "claude"}, ExitUsage, "", "switch its handlers one by one"},
		{[]string{"disable", "--agent", "claude", "--scope", "user", "git-guard"}, ExitUsage, "", "switched in the file they come from"},
		{[]string{"folder-trust", "--agent", "claude"}, ExitOK, "folder trust  not accepted (read only)", ""},
		{[]string{"folder-trust", "--agent", "claude", "trust"}, ExitUsage, "", "Hookwarden only reads it"},
		{[]string{"migrate", "--agent", "gemini"}, ExitUsage, "", "Gemini CLI has no migration"},
		{[]string{"trust", "--agent", "claude", "--repair"}, ExitUsage, "", "Claude Code has no trust file of its own to repair"},
		{[]string{"trust", "--agent", "claude", "--carry-over", "--all"}, ExitUsage, "", "carries no approval over to a moved handler"},
		{[]string{"trust", "--agent", "gemini", "--carry-over", "--all"}, ExitUsage, "", "a hook that was only moved keeps its approval"},
	}
	for _, tt := range tests {
		out.Reset()
		errb.Reset()
		code := Main(context.Background(), tt.args, io)
		if code != tt.code || !strings.Contains(out.String(), tt.out) || !strings.Contains(errb.String(), tt.err) {
			t.Errorf("%v: exit %d, want %d\nstdout: %s\nwant in it: %s\nstderr: %s\nwant in it: %s", tt.args, code, tt.code, out, tt.out, errb, tt.err)
		}
	}
}
