package copilot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// planOrder says how Copilot runs an event's hooks (observed).
const planOrder = "one after another (each waits for the previous), in layer order; a preToolUse deny stops the hooks after it"

// Plan is what Copilot runs for the event: every enabled hook of every
// loaded file whose matcher matches, one after another, in Copilot's
// order (no de-duplication); the event's other hooks are Skipped with
// Copilot's reason.
func (p *project) Plan(event hooks.Event, q agents.Query) (*agents.Plan, error) {
	info, tool, err := planQuery(event, q)
	if err != nil {
		return nil, err
	}
	label := string(info.Name)
	if tool != "" {
		label += " " + tool
	}
	out := &agents.Plan{Event: info.Name, Context: agents.Query{Tool: tool}, Label: label, Sequential: true, Order: planOrder,
		Noun: "hook", Names: map[string]string{}, Notes: map[string]string{}}
	for _, h := range p.Handlers {
		if h.Event.Name != info.Name {
			continue
		}
		reason := ""
		switch {
		case !h.Valid || !h.Runs:
			reason = string(h.Hook.Status) + ": " + h.Hook.Reason
		case !h.MatchesTool(tool):
			reason = fmt.Sprintf("the matcher %q does not match %q", *h.Matcher, toolSeen(h, tool))
		}
		if reason != "" {
			out.Skipped = append(out.Skipped, agents.Skip{Hook: h.Hook, ID: h.Hook.ID, Reason: reason})
			continue
		}
		out.Hooks = append(out.Hooks, h.Hook)
		if h.Pascal {
			out.Notes[h.Hook.ID] = pascalNote(info, h, tool)
		}
	}
	out.SetDocument(string(Name), title, func(h *hooks.Hook, it *agents.PlanItem) {
		c := handlerOf(h)
		it.Name, it.Key, it.Agent = p.Title(h), c.Key, agents.Document{agents.Member("event_as_written", c.Written)}
	})
	return out, nil
}

// planQuery is the event and tool of q.
func planQuery(event hooks.Event, q agents.Query) (eventInfo, string, error) {
	info, _, ok := lookupEvent(string(event))
	if !ok {
		return eventInfo{}, "", &agents.ContextError{Event: event, Msg: "is not one of Copilot CLI's 14 hook events"}
	}
	tool := q.Tool
	if q.Input != nil && tool == "" && q.Trigger == "" {
		in, err := agents.ParseObject(q.Input, "input")
		if err != nil {
			return info, "", &agents.RequestError{Msg: err.Error()}
		}
		if s, ok := in.Value("toolName").(string); ok {
			tool = s
		} else if s, ok := in.Value("tool_name").(string); ok {
			tool = s
		}
	}
	if alias := copilotToolOf(tool); alias != "" {
		return info, "", &agents.ContextError{Event: event, Msg: fmt.Sprintf("--tool %q: Copilot CLI fires its events with its own tool names (%s); %q is what hooks configured under a PascalCase name see and match", tool, alias, tool)}
	}
	switch {
	case q.Trigger != "":
		return info, "", &agents.ContextError{Event: event, Msg: "takes no --trigger: Copilot CLI's matchers compare tool names only"}
	case tool != "" && !info.Tool:
		return info, "", &agents.ContextError{Event: event, Msg: "takes no --tool: it is not about a tool call"}
	}
	return info, tool, nil
}

// pascalNote says how a hook configured under the event's PascalCase name
// runs: the Claude-format payload and output rules (observed).
func pascalNote(info eventInfo, h *handler, tool string) string {
	note := "as " + h.Written + ": Claude-format payload"
	if info.Name == "permissionRequest" {
		note = "as " + h.Written + ": the camelCase payload"
	}
	if tool != "" && claudeToolName(tool) != tool {
		note += fmt.Sprintf(" (tool %q)", claudeToolName(tool))
	}
	if info.Name == "preToolUse" {
		note += "; hookSpecificOutput honoured"
	}
	return note
}

// copilotToolOf is the Copilot tool name(s) behind a Claude-format tool
// name that Copilot itself never uses ("" when tool is not one).
func copilotToolOf(tool string) string {
	var names []string
	for copilotName, claudeName := range claudeToolNames {
		if claudeName == tool && copilotName != tool {
			names = append(names, strconv.Quote(copilotName))
		}
	}
	slices.Sort(names)
	return strings.Join(names, " or ")
}

// toolSeen is the tool name a hook's matcher is compared with.
func toolSeen(h *handler, tool string) string {
	if h.Pascal {
		return claudeToolName(tool)
	}
	return tool
}
