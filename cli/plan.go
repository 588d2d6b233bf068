package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// planCommand prints which hooks the agent would run for an event, in the
// agent's order, with what decided beyond the matcher.
func planCommand(ctx context.Context, io *IO, a agents.Agent, args []string) error {
	fs := newFlags("plan")
	dir := io.projectFlag(fs)
	eventName := fs.String("event", "", "the hook event, in the agent's words ("+toolEvents(io.Agents)+", …); required")
	tool := fs.String("tool", "", "for a tool event: the tool the agent is about to call, which the matchers are tried on")
	trigger := fs.String("trigger", "", "for the other events: the value their matchers are tried on (startup for a session start, …)")
	input := fs.String("input", "", "JSON file with the tool input, for rules that look at it (- for stdin)")
	asJSON := jsonFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	event, err := lookupEvent(a, *eventName)
	if err != nil {
		return err
	}
	q := agents.Query{Tool: *tool, Trigger: *trigger}
	if *input != "" {
		if q.ToolInput, err = readToolInput(io, *input); err != nil {
			return err
		}
	}
	p, err := io.open(ctx, a, *dir)
	if err != nil {
		return err
	}
	plan, err := p.Plan(event, q)
	if err != nil {
		return runUsage(err)
	}
	if *asJSON {
		return writeJSON(io.Stdout, plan.Document)
	}
	if len(plan.Hooks) == 0 {
		printf(io.Stdout, "%s: no hook runs\n", plan.Label)
		return nil
	}
	printf(io.Stdout, "%s: %d hook(s) run %s\n", plan.Label, len(plan.Hooks), plan.Order)
	tw := tabwriter.NewWriter(io.Stdout, 2, 4, 2, ' ', 0)
	for i, h := range plan.Hooks {
		printf(tw, "  %d.\t%s\t%s", i+1, plan.Name(h), agents.OriginLabel(h))
		if plan.Notes != nil {
			printf(tw, "\t%s", plan.Notes[h.ID])
		}
		printf(tw, "\n")
	}
	return tw.Flush()
}

// lookupEvent checks --event against the agent's events.
func lookupEvent(a agents.Agent, name string) (hooks.Event, error) {
	info, err := agents.CheckEvent(a, name)
	if err != nil {
		return "", usagef("%s", err.Error())
	}
	return info.Name, nil
}

// runUsage turns a context or request the agent cannot take into a usage
// error.
func runUsage(err error) error {
	var ce *agents.ContextError
	var re *agents.RequestError
	switch {
	case errors.As(err, &ce):
		return usagef("%s", ce.Error())
	case errors.As(err, &re):
		return usagef("%s", re.Msg)
	}
	return err
}

// readToolInput reads a JSON object from a file or stdin.
func readToolInput(cio *IO, name string) ([]byte, error) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(cio.Stdin)
	} else {
		if !filepath.IsAbs(name) {
			name = filepath.Join(cio.Dir, name)
		}
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, fmt.Errorf("reading tool input %s: %w", name, err)
	}
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("tool input %s: not a JSON object: %w", name, err)
	}
	return data, nil
}

// toolEvents names, for a flag's help, each registered agent's first
// event whose matcher is compared with a tool name ("" for none).
func toolEvents(reg *agents.Registry) string {
	var names []string
	if reg == nil {
		return ""
	}
	for _, a := range reg.All() {
		for _, e := range a.Events() {
			if e.Context == agents.ContextTool {
				if n := string(e.Name); !slices.Contains(names, n) {
					names = append(names, n)
				}
				break
			}
		}
	}
	return strings.Join(names, ", ")
}
