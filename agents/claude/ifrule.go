package claude

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// ifRule is a handler's "if": one permission rule, "Tool" or
// "Tool(pattern)".
type ifRule struct {
	Raw        string
	Tool       string
	Pattern    string
	HasPattern bool
}

var ifRuleRe = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_\-]*)\s*(?:\((.*)\))?\s*$`)

// parseIfRule parses a permission rule; an error says why the text is not
// one rule (Claude Code has no &&/|| between rules).
func parseIfRule(raw string) (ifRule, error) {
	r := ifRule{Raw: raw}
	if strings.TrimSpace(raw) == "" {
		return r, fmt.Errorf("the rule is empty")
	}
	m := ifRuleRe.FindStringSubmatch(raw)
	if m == nil {
		if strings.Contains(raw, "&&") || strings.Contains(raw, "||") || strings.Count(raw, "(") > 1 {
			return r, fmt.Errorf("%q is not one permission rule: \"if\" takes a single rule such as Bash(git *), no && or ||", raw)
		}
		return r, fmt.Errorf("%q is not a permission rule of the form Tool or Tool(pattern)", raw)
	}
	r.Tool = m[1]
	if strings.Contains(raw, "(") {
		r.Pattern, r.HasPattern = m[2], true
	}
	return r, nil
}

// ifCall is the tool call an "if" rule is checked against.
type ifCall struct {
	ToolName   string
	ToolInput  map[string]any
	ProjectDir string
	Home       string
}

// ifMatch is the outcome of an "if" rule for one tool call.
type ifMatch struct {
	Match bool
	// Why says in words what decided.
	Why string
}

// Check evaluates the rule for a call as Claude Code does before spawning
// the handler: the tool must match, then the pattern against the tool's
// input (Bash: every subcommand, leading VAR=val stripped, inside $() and
// backticks too; an unparsable command fails open).
func (r ifRule) Check(call ifCall) ifMatch {
	if !r.toolMatches(call.ToolName) {
		return ifMatch{false, fmt.Sprintf("if %q: the tool is %s", r.Raw, call.ToolName)}
	}
	if !r.HasPattern || r.Pattern == "" || r.Pattern == "*" {
		return ifMatch{true, fmt.Sprintf("if %q: the tool is %s", r.Raw, call.ToolName)}
	}
	if call.ToolInput == nil {
		return ifMatch{true, fmt.Sprintf("if %q not checked: no tool input given", r.Raw)}
	}
	switch call.ToolName {
	case "Bash", "PowerShell":
		cmd, _ := call.ToolInput["command"].(string)
		return r.checkCommand(cmd)
	case "Read", "Edit", "Write", "MultiEdit", "NotebookEdit", "NotebookRead", "Glob", "Grep", "LS":
		p := firstString(call.ToolInput, "file_path", "notebook_path", "path")
		if p == "" {
			return ifMatch{false, fmt.Sprintf("if %q: the input has no path", r.Raw)}
		}
		ok := matchPathRule(r.Pattern, p, call.ProjectDir, call.Home)
		return ifMatch{ok, fmt.Sprintf("if %q: path %s %s", r.Raw, p, matchWord(ok))}
	case "WebFetch":
		u, _ := call.ToolInput["url"].(string)
		ok := matchDomainRule(r.Pattern, u)
		return ifMatch{ok, fmt.Sprintf("if %q: URL %s %s", r.Raw, u, matchWord(ok))}
	}
	v := firstString(call.ToolInput, "subagent_type", "skill", "command", "query", "prompt")
	ok := wildcardMatch(r.Pattern, v)
	return ifMatch{ok, fmt.Sprintf("if %q: %q %s", r.Raw, v, matchWord(ok))}
}

func matchWord(ok bool) string {
	if ok {
		return "matches"
	}
	return "does not match"
}

func firstString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := m[k].(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// toolMatches compares the rule's tool with a tool name; "mcp__server"
// (and "mcp__server__*") cover every tool of that server.
func (r ifRule) toolMatches(tool string) bool {
	if r.Tool == tool {
		return true
	}
	if strings.HasPrefix(r.Tool, "mcp__") {
		server := strings.TrimSuffix(strings.TrimSuffix(r.Tool, "*"), "__")
		return strings.HasPrefix(tool, server+"__")
	}
	return r.Tool == "Task" && tool == "Agent" || r.Tool == "Agent" && tool == "Task"
}

// checkCommand matches a Bash pattern against each subcommand.
func (r ifRule) checkCommand(cmd string) ifMatch {
	subs, err := subcommands(cmd)
	if err != nil {
		return ifMatch{true, fmt.Sprintf("if %q: the command cannot be parsed, Claude Code fails open and runs the hook", r.Raw)}
	}
	for _, s := range subs {
		if commandPatternMatch(r.Pattern, s) {
			return ifMatch{true, fmt.Sprintf("if %q: subcommand %q matches", r.Raw, s)}
		}
	}
	return ifMatch{false, fmt.Sprintf("if %q: no subcommand of %q matches", r.Raw, cmd)}
}

// subcommands lists the simple commands of a shell command line, each
// without its leading assignments, including those inside $() and
// backticks.
func subcommands(cmd string) ([]string, error) {
	f, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
	if err != nil {
		return nil, err
	}
	var out []string
	printer := syntax.NewPrinter()
	syntax.Walk(f, func(n syntax.Node) bool {
		call, ok := n.(*syntax.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		words := make([]string, 0, len(call.Args))
		for _, w := range call.Args {
			var b bytes.Buffer
			if err := printer.Print(&b, w); err != nil {
				return true
			}
			words = append(words, unquoteWord(b.String()))
		}
		out = append(out, strings.Join(words, " "))
		return true
	})
	return out, nil
}

// unquoteWord drops the quotes of a fully quoted word ("x" or 'x').
func unquoteWord(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// commandPatternMatch is a Bash permission pattern: "*" matches anything,
// a trailing " *" also matches the bare command, a trailing ":*" is the
// legacy prefix form ("npm run:*").
func commandPatternMatch(pattern, cmd string) bool {
	if prefix, ok := strings.CutSuffix(pattern, ":*"); ok {
		return cmd == prefix || strings.HasPrefix(cmd, prefix+" ")
	}
	if base, ok := strings.CutSuffix(pattern, " *"); ok && cmd == base {
		return true
	}
	return wildcardMatch(pattern, cmd)
}

// wildcardMatch matches s against a pattern whose only special character
// is "*" (any run of characters).
func wildcardMatch(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return strings.HasSuffix(s, parts[len(parts)-1])
}

// matchPathRule is a file permission pattern in gitignore style: "//x" is
// absolute, "~/x" in the home folder, "/x" and "x/y" relative to the
// project, a pattern without "/" matches the file name at any depth.
func matchPathRule(pattern, file, projectDir, home string) bool {
	file = path.Clean(strings.ReplaceAll(file, `\`, "/"))
	var full string
	switch {
	case strings.HasPrefix(pattern, "//"):
		full = pattern[1:]
	case strings.HasPrefix(pattern, "~/"):
		full = strings.TrimSuffix(home, "/") + pattern[1:]
	case strings.HasPrefix(pattern, "/") || strings.Contains(strings.TrimPrefix(pattern, "./"), "/"):
		full = strings.TrimSuffix(projectDir, "/") + "/" + strings.TrimPrefix(strings.TrimPrefix(pattern, "./"), "/")
	default:
		return globRegex(pattern).MatchString(path.Base(file))
	}
	return globRegex(full).MatchString(file)
}

// globRegex turns a gitignore-style glob into an anchored regex: "**"
// spans folders, "*" and "?" stay within one.
func globRegex(glob string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; {
		case c == '*' && i+1 < len(glob) && glob[i+1] == '*':
			b.WriteString(".*")
			i++
			if i+1 < len(glob) && glob[i+1] == '/' {
				b.WriteString("/?")
				i++
			}
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("(/.*)?$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return regexp.MustCompile(`^$.`)
	}
	return re
}

// matchDomainRule is WebFetch(domain:host), "*." wildcards allowed.
func matchDomainRule(pattern, rawURL string) bool {
	host := ""
	if u, err := url.Parse(rawURL); err == nil {
		host = u.Hostname()
	}
	want, ok := strings.CutPrefix(pattern, "domain:")
	if !ok {
		return wildcardMatch(pattern, rawURL)
	}
	if rest, ok := strings.CutPrefix(want, "*."); ok {
		return host == rest || strings.HasSuffix(host, "."+rest)
	}
	return host == want
}
