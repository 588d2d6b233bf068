package cli

import (
	"context"
	"errors"
	"text/tabwriter"

	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
)

// runPlan prints which hooks Gemini CLI would run for an event, in order.
func runPlan(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("plan")
	dir := io.projectFlag(fs)
	eventName := fs.String("event", "", "hook event (e.g. BeforeTool)")
	tool := fs.String("tool", "", "tool name for BeforeTool/AfterTool")
	trigger := fs.String("trigger", "", "trigger for SessionStart/SessionEnd/PreCompress")
	asJSON := jsonFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	event, pctx, err := eventAndContext(*eventName, *tool, *trigger)
	if err != nil {
		return err
	}
	p := io.loadProject(*dir)
	plan := p.reg.Plan(event, pctx)
	if *asJSON {
		return writeJSON(io.Stdout, planDocument(event, plan))
	}
	if plan == nil {
		printf(io.Stdout, "%s%s: no hook runs\n", event, contextLabel(pctx))
		return nil
	}
	mode := "in parallel"
	if plan.Sequential {
		mode = "one after another"
	}
	printf(io.Stdout, "%s%s: %d hook(s) run %s\n", event, contextLabel(pctx), len(plan.Hooks), mode)
	tw := tabwriter.NewWriter(io.Stdout, 2, 4, 2, ' ', 0)
	for i, h := range plan.Hooks {
		printf(tw, "  %d.\t%s\t%s\n", i+1, h.DisplayName(), originLabel(h))
	}
	return tw.Flush()
}

// eventAndContext checks --event, --tool and --trigger together.
func eventAndContext(name, tool, trigger string) (hooks.Event, *hooks.PlanContext, error) {
	if name == "" {
		return "", nil, usagef("--event is required (one of %s)", eventList())
	}
	event := hooks.Event(name)
	if !gemini.ValidEvent(event) {
		return "", nil, usagef("unknown event %q (one of %s)", name, eventList())
	}
	pctx, err := gemini.ContextFor(event, tool, trigger)
	var ce *gemini.ContextError
	if errors.As(err, &ce) {
		return "", nil, usagef("%s", ce.Error())
	}
	return event, pctx, err
}

func eventList() string {
	s := ""
	for i, e := range gemini.Events() {
		if i > 0 {
			s += ", "
		}
		s += string(e)
	}
	return s
}

func contextLabel(c *hooks.PlanContext) string {
	switch {
	case c == nil:
		return ""
	case c.ToolName != "":
		return " " + c.ToolName
	}
	return " " + c.Trigger
}

type planDoc struct {
	Event      hooks.Event   `json:"event"`
	Sequential bool          `json:"sequential"`
	Hooks      []planHookDoc `json:"hooks"`
}

type planHookDoc struct {
	Name    string `json:"name"`
	Command string `json:"command"`
	Origin  string `json:"origin"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Key     string `json:"key"`
	ID      string `json:"id"`
}

func planDocument(event hooks.Event, plan *hooks.Plan) planDoc {
	doc := planDoc{Event: event, Hooks: []planHookDoc{}}
	if plan == nil {
		return doc
	}
	doc.Sequential = plan.Sequential
	for _, h := range plan.Hooks {
		doc.Hooks = append(doc.Hooks, planHookDoc{
			Name: h.Name, Command: h.Command, Origin: string(h.Origin.Layer),
			File: h.Origin.File, Line: h.Origin.Line, Key: h.Key(), ID: h.ID,
		})
	}
	return doc
}
