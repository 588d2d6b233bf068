package qwen

import (
	"fmt"

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
		key := map[string]string{"tool name": "tool_name", "source": "source", "trigger": "trigger", "agent type": "agent_type",
			"notification type": "notification_type", "file path": "file_path", "error": "error", "reason": "reason"}[e.label]
		subject, _ = in.Value(key).(string)
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
	label := e.name
	if subject != "" {
		label += " " + subject
	}
	ctx := agents.Query{Tool: subject}
	if e.context != agents.ContextTool {
		ctx = agents.Query{Trigger: subject}
	}
	p := &agents.Plan{Event: hooks.Event(e.name), Context: ctx, Label: label, Order: "in parallel (all start together)", Noun: "hook",
		Names: map[string]string{}, Notes: map[string]string{}}
	seen := map[string]string{}
	for _, c := range s.handlers {
		h := c.Hook
		if c.Event != e.name {
			continue
		}
		skip := ""
		ok, merr := c.matches(e, subject)
		key := c.Name + ":" + h.Command
		switch {
		case h.Status != hooks.StatusRuns:
			skip = string(h.Status) + ": " + h.Reason
		case merr != nil:
			skip = fmt.Sprintf("the matcher %q is not a valid regular expression: Qwen Code skips it (debug log: Invalid regex in hook matcher)", c.Matcher)
		case !ok:
			skip = fmt.Sprintf("the matcher %q does not match %q", c.Matcher, subject)
		case seen[key] != "":
			skip = "duplicate of " + seen[key] + " (same name and command): Qwen Code runs it once, at its first place"
		}
		if skip != "" {
			p.Skipped = append(p.Skipped, agents.Skip{Hook: h, ID: h.ID, Reason: skip})
			continue
		}
		seen[key] = agents.OriginLabel(h)
		p.Hooks = append(p.Hooks, h)
		p.Names[h.ID] = title(h)
		if c.Sequential {
			p.Sequential = true
		}
		if n := planNote(c); n != "" {
			p.Notes[h.ID] = n
		}
	}
	if p.Sequential {
		p.Order = "one after another (a sequential definition makes the whole event sequential)"
	}
	p.Document = planDoc(p)
	return p, nil
}

func planNote(c *handler) string {
	switch {
	case c.Async:
		return "async: runs in the background, its answer is unused"
	case c.Hook.Origin.Layer == layerProject:
		return "project hook: runs unprompted, with Qwen's whole environment (OPENAI_API_KEY included)"
	}
	return ""
}

func planDoc(p *agents.Plan) map[string]any {
	hs, sk := []map[string]any{}, []map[string]any{}
	for _, h := range p.Hooks {
		hs = append(hs, map[string]any{"id": h.ID, "command": h.Command, "layer": h.Origin.Layer, "file": h.Origin.File, "line": h.Origin.Line, "note": p.Notes[h.ID]})
	}
	for _, s := range p.Skipped {
		sk = append(sk, map[string]any{"id": s.ID, "command": s.Hook.Command, "layer": s.Hook.Origin.Layer, "reason": s.Reason})
	}
	return map[string]any{"agent": string(name), "event": p.Event, "context": p.Context, "sequential": p.Sequential, "hooks": hs, "skipped": sk}
}
