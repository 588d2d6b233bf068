package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2/widget"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// hookPicker is the Dry run tab's hook picker: every hook the agent plans
// for the event and context, or one hook of the event alone (planned or
// not, enabled or not).
type hookPicker struct {
	hookPick *widget.Select
	// choices are the hooks offered after the first entry ("every hook
	// the agent would run").
	choices []*hooks.Hook
}

func newHookPicker(changed func()) *hookPicker {
	return &hookPicker{hookPick: widget.NewSelect(nil, func(string) { changed() })}
}

// pickedHook is the single hook chosen, or nil for the event's plan.
func (p *hookPicker) pickedHook() *hooks.Hook {
	i := p.hookPick.SelectedIndex()
	if i <= 0 || i > len(p.choices) {
		return nil
	}
	return p.choices[i-1]
}

// listHookChoices offers every hook of the chosen event.
func (v *dryRunView) listHookChoices() {
	v.choices = nil
	options := []string{"Every hook the agent would run"}
	if v.agent != nil {
		options[0] = fmt.Sprintf("Every %s %s would run", v.noun(), v.agentTitle())
		names := pathNamer{project: v.project.Dir, home: v.project.Home}
		for _, h := range v.agent.Hooks() {
			if h.Event == v.selectedEvent() {
				v.choices = append(v.choices, h)
				options = append(options, fmt.Sprintf("%s  (%s, %s)", v.agent.Title(h), names.name(h.Origin.File), h.Status))
			}
		}
	}
	v.hookPick.Options = options
	v.hookPick.SetSelectedIndex(0)
}

// noun is what the agent calls a hook ("hook", "handler"), as its plans
// say it.
func (v *dryRunView) noun() string {
	for _, e := range v.events {
		if plan, err := v.agent.Plan(e.Name, agents.Query{}); err == nil && plan.Noun != "" {
			return plan.Noun
		}
	}
	return "hook"
}

// plan is the agent's plan for the chosen event and context, the "if"
// rules checked against the tool_input of input (nil: none).
func (v *dryRunView) plan(input *hooks.Object) (*agents.Plan, error) {
	tool, trigger := v.contextValues()
	q := agents.Query{Tool: tool, Trigger: trigger}
	if input != nil && tool != "" {
		if ti := input.Value("tool_input"); ti != nil {
			q.ToolInput = hooks.AppendJSON(nil, ti)
		}
	}
	return v.agent.Plan(v.selectedEvent(), q)
}

// showPlanPreview says which hooks Run would start.
func (v *dryRunView) showPlanPreview() {
	if v.agent == nil || v.run != nil || v.refreshing {
		return
	}
	v.status.SetText(v.planPreview())
}

func (v *dryRunView) planPreview() string {
	title := v.agentTitle()
	if h := v.pickedHook(); h != nil {
		s := "Run starts " + v.agent.Title(h) + " alone."
		if h.Status != hooks.StatusRuns {
			s += " " + title + " would not run it: " + h.Reason
		}
		return s
	}
	input, _ := parsePayload(v.payload.Text)
	plan, err := v.plan(input)
	if err != nil {
		return err.Error()
	}
	if len(plan.Hooks) == 0 {
		return title + " runs no " + plan.Noun + " for " + plan.Label + "."
	}
	var names []string
	for _, h := range plan.Hooks {
		names = append(names, v.agent.Title(h)+" ("+strings.ToLower(layerText(h.Origin.Layer))+")")
	}
	if len(names) == 1 {
		return "For " + plan.Label + " " + title + " runs " + names[0] + "."
	}
	return fmt.Sprintf("For %s %s runs %s %s: %s.", plan.Label, title, plural(len(names), plan.Noun), together(plan), strings.Join(names, ", "))
}

// together says how a plan's hooks run, for a sentence.
func together(plan *agents.Plan) string {
	if plan.Sequential {
		return "one after another"
	}
	return "at once"
}
