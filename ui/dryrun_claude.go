package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
)

// allClaudeHooks is the first entry of the hook picker for Claude Code.
const allClaudeHooks = "Every handler Claude Code would run"

// firstClaudePlannedEvent is the first event in Claude Code's order with a
// handler that runs (PreToolUse when none has).
func firstClaudePlannedEvent(c *claudeProject) hooks.Event {
	for _, e := range claude.Events() {
		for _, h := range c.Registry.Hooks {
			if h.Event == e.Name && h.Status == hooks.StatusRuns {
				return e.Name
			}
		}
	}
	return claude.PreToolUse
}

// showClaudeTrust says what Claude Code's folder flag means for a run:
// nothing stops Run, as nothing stops claude -p.
func (v *dryRunView) showClaudeTrust() {
	v.runAnyway.Hide()
	ft := v.project.Claude.Snapshot.FolderTrust
	if ft.Accepted {
		v.trustBox.Hide()
		return
	}
	v.trustNote.SetText("Claude Code's folder trust is not accepted here: an interactive session would ask before " +
		"running any hook; claude -p runs them all without asking, and so does Run.")
	v.trustBox.Show()
}

// claudeEventInfo is the schema of the chosen event.
func (v *dryRunView) claudeEventInfo() claude.EventInfo {
	info, _ := claude.LookupEvent(v.selectedEvent())
	return info
}

// onClaudeEventChanged shows the tool picker (tool events), the value
// picker (events with a closed set of matcher values) or a free value
// (other matcher events), lists the event's handlers and loads its sample.
func (v *dryRunView) onClaudeEventChanged() {
	info := v.claudeEventInfo()
	v.tool.Hide()
	v.trigger.Hide()
	v.contextLabel.SetText("")
	switch {
	case info.Matcher == claude.MatchToolName:
		v.contextLabel.SetText("Tool")
		tools := claude.SampleTools(info.Name)
		if len(tools) == 0 {
			tools = claude.SampleTools(claude.PreToolUse)
		}
		v.tool.SetOptions(tools)
		if !slices.Contains(tools, v.tool.Text) {
			v.tool.SetText(v.likelyClaudeValue(tools, true))
		}
		v.tool.Show()
	case info.Matcher == claude.MatchNone:
	case len(info.Values) > 0:
		v.contextLabel.SetText("Matcher value")
		v.trigger.Options = info.Values
		if !slices.Contains(info.Values, v.trigger.Selected) {
			v.trigger.Selected = v.likelyClaudeValue(info.Values, false)
		}
		v.trigger.Refresh()
		v.trigger.Show()
	default:
		v.contextLabel.SetText("Matcher value")
		v.tool.SetOptions(nil)
		v.tool.SetText("")
		v.tool.Show()
	}
	v.listHookChoices()
	v.loadSample()
}

// likelyClaudeValue is the first option for which a handler runs, else
// the first option (Bash among the tools).
func (v *dryRunView) likelyClaudeValue(options []string, tools bool) string {
	e := v.selectedEvent()
	for _, o := range options {
		tool, value := "", o
		if tools {
			tool, value = o, ""
		}
		if pctx, err := claude.ContextFor(e, tool, value); err == nil && v.project.Claude.Registry.Plan(e, pctx) != nil {
			return o
		}
	}
	if tools && slices.Contains(options, "Bash") {
		return "Bash"
	}
	if len(options) > 0 {
		return options[0]
	}
	return ""
}

// claudeContextValues are the tool and the matcher value of the chosen
// event.
func (v *dryRunView) claudeContextValues() (tool, value string) {
	info := v.claudeEventInfo()
	switch {
	case info.Matcher == claude.MatchToolName:
		return strings.TrimSpace(v.tool.Text), ""
	case info.Matcher == claude.MatchNone:
		return "", ""
	case len(info.Values) > 0:
		return "", v.trigger.Selected
	}
	return "", strings.TrimSpace(v.tool.Text)
}

// claudeHookChoices lists every handler of event for the hook picker.
func claudeHookChoices(p *project, event hooks.Event, options []string) ([]*hooks.Hook, []string) {
	names := pathNamer{project: p.Dir, home: p.Home}
	var choices []*hooks.Hook
	for _, h := range p.Claude.Registry.Hooks {
		if h.Event == event {
			choices = append(choices, h)
			options = append(options, fmt.Sprintf("%s  (%s, %s)", hookTitle(h), names.name(h.Origin.File), h.Status))
		}
	}
	return choices, options
}

// claudePlanContext is the planning context of the chosen event, with the
// payload's tool_input for "if" rules; nil lists every handler.
func (v *dryRunView) claudePlanContext(input *hooks.Object) (*claude.Context, error) {
	tool, value := v.claudeContextValues()
	pctx, err := claude.ContextFor(v.selectedEvent(), tool, value)
	if err != nil || pctx == nil || pctx.ToolName == "" || input == nil {
		return pctx, err
	}
	if raw := hooks.AppendJSON(nil, input.Value("tool_input")); len(raw) > 0 {
		_ = json.Unmarshal(raw, &pctx.ToolInput) // not an object: "if" rules see no input
	}
	return pctx, nil
}

// claudePlanPreview says which handlers Run would start.
func (v *dryRunView) claudePlanPreview() string {
	e := v.selectedEvent()
	if h := v.pickedHook(); h != nil {
		s := "Run starts " + hookTitle(h) + " alone."
		if h.Status != hooks.StatusRuns {
			s += " Claude Code would not run it: " + h.Reason
		}
		return s
	}
	input, _ := parsePayload(v.payload.Text)
	pctx, err := v.claudePlanContext(input)
	if err != nil {
		return err.Error()
	}
	label := string(e) + claudeContextLabel(pctx)
	plan := v.project.Claude.Registry.Plan(e, pctx)
	if plan == nil {
		return "Claude Code runs no handler for " + label + "."
	}
	var names []string
	for _, h := range plan.Hooks {
		names = append(names, hookTitle(h)+" ("+string(h.Origin.Layer)+")")
	}
	if len(names) == 1 {
		return "For " + label + " Claude Code runs " + names[0] + "."
	}
	return fmt.Sprintf("For %s Claude Code runs %d handlers at once: %s.", label, len(names), strings.Join(names, ", "))
}

// claudeContextLabel is " Bash" or " startup" ("" without context).
func claudeContextLabel(c *claude.Context) string {
	switch {
	case c == nil:
		return ""
	case c.ToolName != "":
		return " " + c.ToolName
	case c.MatcherValue != "":
		return " " + c.MatcherValue
	}
	return ""
}

// loadClaudeSample fills the payload editor with the Claude Code sample
// input of the chosen event and tool or value (real captures), its base
// fields filled for the project.
func (v *dryRunView) loadClaudeSample() {
	p := v.project
	tool, value := v.claudeContextValues()
	snap := p.Claude.Snapshot
	home := snap.Paths.Home
	if home == "" {
		home = p.Home
	}
	in, err := claude.SampleInput(claude.SampleOptions{Event: v.selectedEvent(), Tool: tool, Trigger: value,
		ProjectDir: snap.ProjectDir, Home: home, ConfigDir: snap.Paths.ConfigDir})
	text := ""
	if err == nil {
		text, err = indentJSON(hooks.AppendJSON(nil, in))
	}
	if err != nil {
		text = "{}"
		v.status.SetText("No sample input: " + shown(err.Error()))
	}
	v.payload.SetText(text)
	v.validatePayload()
	v.showPlanPreview()
}
