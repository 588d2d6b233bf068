package ui

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/agents/gemini"
	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// eventHelp says in a few words when Gemini CLI fires each event.
var eventHelp = map[hooks.Event]string{
	hooks.BeforeTool:          "before a tool runs; can block it or change its input",
	hooks.AfterTool:           "after a tool ran; can add context or replace the result",
	hooks.BeforeAgent:         "when a prompt is sent, before the agent works on it",
	hooks.Notification:        "when Gemini CLI waits for a tool permission",
	hooks.AfterAgent:          "when the agent finished a turn; can make it retry",
	hooks.SessionStart:        "when a session starts, resumes or is cleared",
	hooks.SessionEnd:          "when a session ends or is cleared",
	hooks.PreCompress:         "before the chat history is compressed",
	hooks.BeforeModel:         "before each model request; can change or replace it",
	hooks.AfterModel:          "after each streamed chunk of a model response",
	hooks.BeforeToolSelection: "before the model picks tools; can narrow the tool list",
}

// eventSubtitle describes an event group.
func eventSubtitle(e hooks.Event) string {
	if !gemini.ValidEvent(e) {
		return "not a Gemini CLI event: these hooks never run"
	}
	switch gemini.MatcherKindOf(e) {
	case gemini.MatchToolName:
		return eventHelp[e] + " · matcher: tool name (regex)"
	case gemini.MatchTrigger:
		return eventHelp[e] + " · matcher: exact trigger"
	}
	return eventHelp[e] + " · matchers are ignored"
}

// statusText is the badge text of a hook status.
func statusText(s hooks.Status) string {
	switch s {
	case hooks.StatusBlockedUntrustedFolder:
		return "BLOCKED"
	case hooks.StatusHooksOff:
		return "HOOKS OFF"
	case "":
		return "UNKNOWN"
	}
	return strings.ToUpper(strings.ReplaceAll(string(s), "-", " "))
}

// layerText is the badge text of a layer.
func layerText(l settingsio.Layer) string {
	return strings.ToUpper(strings.ReplaceAll(string(l), "-", " "))
}

// hookDetails is the matcher, timeout and flags of a hook in one line.
func hookDetails(h *hooks.Hook) string {
	if claude.Is(h) {
		return claudeHookDetails(h)
	}
	var parts []string
	if h.Type != "command" && h.Type != "" {
		parts = append(parts, "type "+h.Type)
	}
	switch {
	case !h.HasMatcher:
	case gemini.ValidEvent(h.Event) && gemini.MatcherKindOf(h.Event) == gemini.MatchNone:
		parts = append(parts, fmt.Sprintf("matcher %q (ignored for %s)", h.Matcher, h.Event))
	case strings.TrimSpace(h.Matcher) == "" || strings.TrimSpace(h.Matcher) == "*":
		parts = append(parts, fmt.Sprintf("matcher %q (everything)", h.Matcher))
	default:
		parts = append(parts, "matcher "+h.Matcher)
	}
	if h.HasTimeout {
		parts = append(parts, "timeout "+formatMS(h.TimeoutMS))
	}
	if h.Sequential {
		parts = append(parts, "sequential")
	}
	return strings.Join(parts, " · ")
}

// formatMS writes milliseconds as seconds where that is exact.
func formatMS(ms int64) string {
	if ms%1000 == 0 {
		return strconv.FormatInt(ms/1000, 10) + " s"
	}
	return strconv.FormatInt(ms, 10) + " ms"
}

// pathNamer shortens paths for display: relative to the project folder
// ("./…") or the home folder ("~/…"), absolute otherwise.
type pathNamer struct {
	project, home string
}

func (n pathNamer) name(p string) string {
	if p == "" {
		return ""
	}
	for _, base := range []struct{ dir, prefix string }{{n.project, "."}, {n.home, "~"}} {
		if base.dir == "" {
			continue
		}
		if rel, err := filepath.Rel(base.dir, p); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			if rel == "." {
				return base.prefix
			}
			return base.prefix + string(filepath.Separator) + rel
		}
	}
	return p
}

// place is "file:line" or "file:line:column" with the file shortened.
func (n pathNamer) place(file string, line, column int) string {
	s := n.name(file)
	if line > 0 {
		s += ":" + strconv.Itoa(line)
		if column > 0 {
			s += ":" + strconv.Itoa(column)
		}
	}
	return s
}

// plural writes "1 hook" or "3 hooks".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
