package qwen

import (
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/claudeschema"
	"github.com/hookwarden/hookwarden/hooks"
)

// matcher is Qwen's matcher rule (source hook-matcher.ts; observed with
// the kit's matchers example): trimmed; "", "*" and ".*" match all; the
// tool id or one of its aliases matches exactly; a "|" list not starting
// with "^" or "(" is a list; else an unanchored JavaScript regex.
var matcher = claudeschema.Matcher{Wildcards: []string{"", "*", ".*"}, TrimSpace: true, Lists: true, Regex: true, Cache: &hooks.RegexCache{}}

// toolAliases are the names a tool-event matcher may use for a tool
// (source: TOOL_NAME_ALIASES, ToolDisplayNames; observed: Bash and Shell
// match run_shell_command, Write and WriteFile write_file, Edit does not).
var toolAliases = map[string][]string{
	"run_shell_command": {"Shell", "ShellTool", "Bash"},
	"write_file":        {"WriteFile", "WriteFileTool", "Write"},
	"edit":              {"Edit", "EditTool"},
	"read_file":         {"ReadFile", "ReadFileTool", "Read"},
	"grep_search":       {"Grep", "GrepTool", "search_file_content", "SearchFiles"},
	"glob":              {"Glob", "GlobTool", "FindFiles"},
	"list_directory":    {"ListFiles", "ListFilesTool", "ReadFolder"},
	"todo_write":        {"TodoList", "TodoWrite", "TodoWriteTool"},
	"web_fetch":         {"WebFetch", "WebFetchTool"},
	"web_search":        {"WebSearch", "WebSearchTool"},
	"agent":             {"Agent", "AgentTool", "task", "Task", "TaskTool"},
	"skill":             {"Skill", "SkillTool"},
	"notebook_edit":     {"NotebookEdit", "NotebookEditTool"},
	"exec":              {"Exec", "ExecTool"},
}

// matches reports whether the handler's matcher matches the query's
// subject; err is a matcher that does not compile (Qwen skips the hook).
func (c *handler) matches(e event, subject string) (bool, error) {
	if !c.HasMatcher || e.context == agents.ContextNone || subject == "" {
		return true, nil
	}
	var aliases []string
	if e.context == agents.ContextTool {
		aliases = toolAliases[subject]
	}
	return matcher.Match(c.Matcher, subject, aliases)
}

// subjectKeys are the payload members a matcher is compared with, by
// what the event's matcher sees.
var subjectKeys = map[string]string{"tool name": "tool_name", "source": "source", "trigger": "trigger", "agent type": "agent_type",
	"notification type": "notification_type", "file path": "file_path", "error": "error", "reason": "reason"}

// planQuery checks the event and picks the matcher's subject.
func planQuery(ev hooks.Event, q agents.Query) (event, string, error) {
	e, ok := lookupEvent(string(ev))
	if !ok {
		return e, "", &agents.ContextError{Event: ev, Msg: "is not one of Qwen Code's 22 hook events"}
	}
	subject := q.Tool
	if e.context != agents.ContextTool {
		subject = q.Trigger
	}
	if q.Input != nil && subject == "" {
		in, err := agents.ParseObject(q.Input, "input")
		if err != nil {
			return e, "", &agents.RequestError{Msg: err.Error()}
		}
		subject, _ = in.Value(subjectKeys[e.label]).(string)
	}
	switch {
	case q.Tool != "" && e.context != agents.ContextTool:
		return e, "", &agents.ContextError{Event: ev, Msg: "takes no --tool: it is not about a tool call"}
	case q.Trigger != "" && e.context != agents.ContextTrigger:
		return e, "", &agents.ContextError{Event: ev, Msg: "takes no --trigger"}
	}
	return e, subject, nil
}

// plan is what Qwen runs for the event (source hookPlanner.ts; observed):
// every valid hook of every loaded layer whose matcher matches, in the
// order project, user, system-defaults, system; the same name and command
// runs once, at its first place; one sequential definition makes the
// whole event sequential.
func (s *snapshot) plan(ev hooks.Event, q agents.Query) (*agents.Plan, error) {
	e, subject, err := planQuery(ev, q)
	if err != nil {
		return nil, err
	}
	p := &agents.Plan{Event: hooks.Event(e.name), Context: agents.Query{Tool: subject}, Label: strings.TrimSpace(e.name + " " + subject),
		Order: "in parallel (all start together)", Noun: "hook"}
	if e.context != agents.ContextTool {
		p.Context = agents.Query{Trigger: subject}
	}
	var entries []*claudeschema.Entry
	for _, c := range s.handlers {
		entries = append(entries, c.Entry)
	}
	claudeschema.Planner{Agent: string(name), Title: agentTitle, Label: title,
		Match:   func(x *claudeschema.Entry) (bool, error) { return (&handler{Entry: x}).matches(e, subject) },
		Invalid: "Qwen Code skips it (debug log: Invalid regex in hook matcher)",
		Key:     func(x *claudeschema.Entry) string { return x.Name + ":" + x.Hook.Command },
		Dup:     "same name and command: Qwen Code runs it once, at its first place",
		Note: func(x *claudeschema.Entry) string {
			switch {
			case x.Async:
				return "async: runs in the background, its answer is unused"
			case x.Hook.Origin.Layer == layerProject:
				return "project hook: runs unprompted, with Qwen's whole environment (OPENAI_API_KEY included)"
			}
			return ""
		}}.Fill(p, entries, subject)
	if p.Sequential {
		p.Order = "one after another (a sequential definition makes the whole event sequential)"
	}
	return p, nil
}
