package claude

import (
	"fmt"
	"regexp"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// exit1Re finds an "exit 1" statement in a shell command.
var exit1Re = regexp.MustCompile(`(^|[;&|{(\s])exit\s+1(\s*[;)}]|\s*$|\s+#)`)

// checkExit1 flags the classic policy bug: a guard on an event that blocks
// on exit 2 that exits 1, which Claude Code treats as a non-blocking error
// (the action goes ahead).
func (r *registry) checkExit1(f *settingsio.File, info eventInfo, h *hooks.Hook, n *settingsio.Node) {
	if !info.BlocksOnExit2 || HandlerOf(h).HasArgs || !exit1Re.MatchString(h.Command) || exit2Re.MatchString(h.Command) {
		return
	}
	h.Diagnostics = append(h.Diagnostics, diagAt(f, n, hooks.SeverityWarning, fmt.Sprintf(
		"the command exits 1, and exit 1 never blocks: Claude Code reports it as a non-blocking error and %s goes ahead; use exit 2 (with the reason on stderr) to block", whatBlocks(info.Name))))
}

var exit2Re = regexp.MustCompile(`(^|[;&|{(\s])exit\s+2(\s*[;)}]|\s*$|\s+#)`)

func whatBlocks(e hooks.Event) string {
	switch e {
	case PreToolUse:
		return "the tool call"
	case UserPromptSubmit, userPromptExpansion:
		return "the prompt"
	case Stop, subagentStop:
		return "the stop"
	case PreCompact:
		return "the compaction"
	}
	return string(e)
}
