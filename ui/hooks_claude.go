package ui

import (
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
)

// hookTitle names a hook in lists and cards: Gemini's display name, or a
// Claude Code handler's command, URL, MCP tool or prompt.
func hookTitle(h *hooks.Hook) string {
	if claude.Is(h) {
		return claude.Label(h)
	}
	return h.DisplayName()
}

// groupClaudeByEvent groups Claude Code handlers by event in Claude Code's
// lifecycle order, then unknown event names in the order they were first
// seen; within a group handlers keep the registry's order (settings layers,
// then plugins, then the ones Hookwarden disabled).
func groupClaudeByEvent(c *claudeProject, names pathNamer, act rowActions) []*eventGroup {
	byEvent := map[hooks.Event][]*hooks.Hook{}
	var order []hooks.Event
	for _, e := range claude.Events() {
		order = append(order, e.Name)
	}
	for _, h := range c.Registry.Hooks {
		if _, seen := byEvent[h.Event]; !seen {
			if _, ok := claude.LookupEvent(h.Event); !ok {
				order = append(order, h.Event)
			}
		}
		byEvent[h.Event] = append(byEvent[h.Event], h)
	}
	var groups []*eventGroup
	for _, e := range order {
		hs := byEvent[e]
		if len(hs) == 0 {
			continue
		}
		groups = append(groups, newEventGroup(e, claudeEventSubtitle(e), hs,
			func(h *hooks.Hook) hookSwitch { return claudeSwitchOf(h) }, names, act))
	}
	return groups
}

// claudeEventSubtitle describes a Claude Code event group: when it fires
// and what its matcher is compared with.
func claudeEventSubtitle(e hooks.Event) string {
	info, ok := claude.LookupEvent(e)
	if !ok {
		s := "not a Claude Code event: these hooks never run"
		if sug := claude.SuggestEvent(string(e)); sug != "" {
			s += " (did you mean " + string(sug) + "?)"
		}
		return s
	}
	s := claude.Describe(e)
	switch info.Matcher {
	case claude.MatchToolName:
		s += " · matcher: tool name"
	case claude.MatchValue, claude.MatchNarrow:
		s += " · matcher: " + matcherValueName(e)
	case claude.MatchNone:
		s += " · matchers are ignored"
	}
	if info.BlocksOnExit2 {
		s += " · exit 2 blocks"
	}
	return s
}

// matcherValueName is what a value matcher of e is compared with.
func matcherValueName(e hooks.Event) string {
	switch e {
	case claude.SessionStart:
		return "source"
	case claude.SessionEnd:
		return "reason"
	case claude.PreCompact, claude.PostCompact, claude.Setup:
		return "trigger"
	case claude.Notification:
		return "notification type"
	case claude.SubagentStart, claude.SubagentStop:
		return "agent type"
	case claude.InstructionsLoaded:
		return "load reason"
	case claude.StopFailure:
		return "error"
	case claude.FileChanged:
		return "file names"
	case claude.Elicitation, claude.ElicitationResult:
		return "MCP server"
	case claude.UserPromptExpansion:
		return "command name"
	}
	return "value"
}

// claudeSwitchOf is a Claude Code handler's switch. Claude Code has no
// per-hook switch: off means Hookwarden moved the handler out of its file
// into its store (claude.Disable), on that it is in its file. Plugin
// and managed handlers cannot be moved; the lock says why in the domain's
// words. A handler Claude Code rejects has no switch.
func claudeSwitchOf(h *hooks.Hook) hookSwitch {
	if _, off := claude.DisabledID(h); off {
		return hookSwitch{switchable: true}
	}
	sw := hookSwitch{switchable: h.Status != hooks.StatusInvalid, enabled: h.Status != hooks.StatusDisabled}
	if lock := claude.SwitchLock(h); lock != "" && sw.switchable {
		sw.locked = "Locked: " + lock
	}
	return sw
}

// claudeHookDetails is a handler's type, matcher, rule, timeout and flags
// in one line.
func claudeHookDetails(h *hooks.Hook) string {
	var parts []string
	if h.Type != claude.TypeCommand {
		parts = append(parts, "type "+orNone(h.Type))
	}
	if h.HasMatcher {
		info, _ := claude.LookupEvent(h.Event)
		m := claude.ParseMatcher(info.Matcher, h.Matcher)
		switch {
		case info.Matcher == claude.MatchNone:
			parts = append(parts, "matcher "+strconv.Quote(h.Matcher)+" (ignored for "+string(h.Event)+")")
		case m.All:
			parts = append(parts, "matcher "+strconv.Quote(h.Matcher)+" (everything)")
		default:
			parts = append(parts, "matcher "+h.Matcher)
		}
	}
	c := h.Claude
	if c == nil {
		return strings.Join(parts, " · ")
	}
	if c.HasIf {
		parts = append(parts, "if "+c.If)
	}
	if c.HasTimeout {
		parts = append(parts, "timeout "+formatSeconds(c.TimeoutSec))
	}
	if c.Async {
		parts = append(parts, "async")
	}
	if c.AsyncRewake {
		parts = append(parts, "asyncRewake")
	}
	if c.Shell != "" {
		parts = append(parts, "shell "+c.Shell)
	}
	if c.Model != "" {
		parts = append(parts, "model "+c.Model)
	}
	if c.StatusMessage != "" {
		parts = append(parts, "status “"+c.StatusMessage+"”")
	}
	return strings.Join(parts, " · ")
}

// formatSeconds writes a timeout in seconds as Claude Code's files do.
func formatSeconds(sec float64) string {
	return strconv.FormatFloat(sec, 'f', -1, 64) + " s"
}

// claudeCommandText is what a handler runs or sends: the command (with
// its args), the URL, the MCP tool and its input, or the prompt.
func claudeCommandText(h *hooks.Hook) string {
	c := h.Claude
	switch {
	case h.Command != "" && c != nil && c.HasArgs:
		args := make([]string, len(c.Args))
		for i, a := range c.Args {
			args[i] = strconv.Quote(a)
		}
		return h.Command + "\nargs: " + strings.Join(args, ", ")
	case h.Command != "":
		return h.Command
	case c == nil:
		return ""
	case c.URL != "":
		return "POST " + c.URL
	case c.Server != "" || c.Tool != "":
		s := "MCP server " + c.Server + ", tool " + c.Tool
		if c.Input != "" {
			s += "\ninput " + c.Input
		}
		return s
	}
	return c.Prompt
}
