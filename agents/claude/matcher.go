package claude

import (
	"fmt"
	"strings"

	"github.com/hookwarden/hookwarden/hooks"
)

// matcher is a matcher group's "matcher" as Claude Code reads it.
type matcher struct {
	// Raw is the matcher as written.
	Raw string
	// All is true for "", "*" or no matcher.
	All bool
	// Exact lists the names of an exact matcher (split on "|" and ",",
	// trimmed); nil for a regex.
	Exact []string
	// Regex is the pattern of a regex matcher (unanchored, JavaScript).
	Regex string
}

// ParseMatcher classifies a matcher: everything, a list of exact names
// (only letters, digits, "_", "-", space, "," and "|"; FileChanged and
// StopFailure allow only letters, digits, "_" and "|"), or an unanchored
// JavaScript regular expression.
func ParseMatcher(kind matcherKind, raw string) matcher {
	m := matcher{Raw: raw}
	t := strings.TrimSpace(raw)
	if t == "" || t == "*" {
		m.All = true
		return m
	}
	exactSet := isExactChar
	if kind == matchNarrow {
		exactSet = isNarrowExactChar
	}
	for i := 0; i < len(raw); i++ {
		if !exactSet(raw[i]) {
			m.Regex = raw
			return m
		}
	}
	for _, part := range strings.FieldsFunc(raw, func(r rune) bool { return r == '|' || r == ',' }) {
		if p := strings.TrimSpace(part); p != "" {
			m.Exact = append(m.Exact, p)
		}
	}
	return m
}

func isExactChar(c byte) bool {
	return isNarrowExactChar(c) || c == '-' || c == ' ' || c == ','
}

func isNarrowExactChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '|'
}

// Describe says in words what the matcher matches.
func (m matcher) Describe() string {
	switch {
	case m.All:
		return "everything"
	case m.Exact != nil:
		return "exactly " + strings.Join(quoteAll(m.Exact), " or ")
	}
	return fmt.Sprintf("the regular expression /%s/ (unanchored)", m.Regex)
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// regexCache compiles each distinct regex matcher once (JavaScript
// semantics, shared with the other agents).
type regexCache = hooks.RegexCache

func newRegexCache() *regexCache { return &regexCache{} }

// Matches reports whether the matcher matches value. An invalid regex
// matches nothing.
func (m matcher) matches(c *regexCache, value string) bool {
	switch {
	case m.All:
		return true
	case m.Exact != nil:
		for _, e := range m.Exact {
			if e == value {
				return true
			}
		}
		return false
	}
	re, err := c.Compile(m.Regex)
	if err != nil {
		return false
	}
	ok, err := re.MatchString(value)
	return err == nil && ok
}

// knownTools are Claude Code's built-in tool names.
var knownTools = []string{"Bash", "PowerShell", "Edit", "MultiEdit", "Write", "Read", "Glob", "Grep", "Agent", "Task",
	"WebFetch", "WebSearch", "AskUserQuestion", "ExitPlanMode", "NotebookEdit", "NotebookRead", "TodoWrite",
	"Skill", "LS", "BashOutput", "KillShell", "KillBash", "SlashCommand", "ListMcpResourcesTool", "ReadMcpResourceTool"}

// geminiTools maps Gemini CLI tool names to Claude Code's.
var geminiTools = map[string]string{
	"run_shell_command": "Bash", "write_file": "Write", "replace": "Edit", "read_file": "Read",
	"read_many_files": "Read", "glob": "Glob", "search_file_content": "Grep", "grep_search": "Grep",
	"list_directory": "LS", "web_fetch": "WebFetch", "google_web_search": "WebSearch", "write_todos": "TodoWrite",
}

// matcherDiagnostics points out matchers that do not do what they seem to.
func matcherDiagnostics(c *regexCache, info eventInfo, known bool, m matcher) []string {
	if m.All || !known {
		return nil
	}
	var out []string
	if info.Matcher == MatchNone {
		return []string{fmt.Sprintf("%s has no matcher support: Claude Code ignores the matcher %q and runs the hooks on every %s", info.Name, m.Raw, info.Name)}
	}
	if m.Exact == nil {
		if _, err := c.Compile(m.Regex); err != nil {
			return []string{fmt.Sprintf("matcher %q is not a valid JavaScript regular expression (%v); it matches nothing", m.Raw, err)}
		}
		if strings.Contains(m.Regex, "==") || strings.Contains(m.Regex, "&&") {
			out = append(out, fmt.Sprintf("matcher %q looks like a condition, but Claude Code matches it as a regular expression against the %s and it matches nothing real; filter on the input with \"if\" (e.g. Bash(git *)) or in the script", m.Raw, matchedWhat(info)))
		}
		if strings.HasPrefix(m.Regex, "/") && strings.HasSuffix(m.Regex, "/") && len(m.Regex) > 1 {
			out = append(out, fmt.Sprintf("matcher %q: the slashes are matched literally, not taken as regex delimiters", m.Raw))
		}
		return out
	}
	for _, name := range m.Exact {
		out = append(out, exactNameDiagnostics(info, name)...)
	}
	return out
}

// exactNameDiagnostics checks one exact matcher name.
func exactNameDiagnostics(info eventInfo, name string) []string {
	switch info.Matcher {
	case matchToolName:
		if strings.HasPrefix(name, "mcp__") && strings.Count(name, "__") == 1 {
			return []string{fmt.Sprintf("matcher %q is an exact name and matches no tool (MCP tools are named mcp__<server>__<tool>); use \"%s__.*\" for every tool of the server", name, name)}
		}
		if claudeName, ok := geminiTools[name]; ok {
			return []string{fmt.Sprintf("matcher %q is a Gemini CLI tool name; Claude Code calls the tool %q", name, claudeName)}
		}
		for _, t := range knownTools {
			if t != name && strings.EqualFold(t, name) {
				return []string{fmt.Sprintf("matcher %q matches nothing: matchers are case-sensitive, the tool is %q", name, t)}
			}
		}
	case matchValue, matchNarrow:
		if info.Values == nil {
			return nil
		}
		for _, v := range info.Values {
			if v == name {
				return nil
			}
		}
		return []string{fmt.Sprintf("%s never sends %q, so this matcher name matches nothing (values: %s)", info.Name, name, strings.Join(info.Values, ", "))}
	}
	return nil
}

// matchesAll reports whether a handler's matcher matches every value of
// its event (no matcher, "", "*", or an event without matcher support).
func matchesAll(h *hooks.Hook) bool {
	info, ok := LookupEvent(h.Event)
	if ok && info.Matcher == MatchNone {
		return true
	}
	return ParseMatcher(info.Matcher, h.Matcher).All
}

func matchedWhat(info eventInfo) string {
	if info.Matcher == matchToolName {
		return "tool name"
	}
	return string(info.Name) + " value"
}
