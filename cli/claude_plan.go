package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/hookwarden/hookwarden/agents/claude"
	"github.com/hookwarden/hookwarden/hooks"
)

// runClaudePlan prints which hooks Claude Code would run for an event.
func runClaudePlan(ctx context.Context, io *IO, args []string) error {
	fs := newFlags("plan")
	dir := io.projectFlag(fs)
	eventName := fs.String("event", "", "hook event (e.g. PreToolUse)")
	tool := fs.String("tool", "", "tool name for the tool events (e.g. Bash)")
	trigger := fs.String("trigger", "", "matcher value for the other events (e.g. startup)")
	input := fs.String("input", "", "JSON file with the tool input, for \"if\" rules (- for stdin)")
	asJSON := jsonFlag(fs)
	if err := parseNoArgs(fs, args); err != nil {
		return err
	}
	if *eventName == "" {
		return usagef("--event is required (one of %s)", claudeEventList())
	}
	event := hooks.Event(*eventName)
	if _, ok := claude.LookupEvent(event); !ok {
		hint := ""
		if s := claude.SuggestEvent(*eventName); s != "" {
			hint = fmt.Sprintf(" (did you mean %s?)", s)
		}
		return usagef("unknown Claude Code event %q%s", *eventName, hint)
	}
	pctx, err := claude.ContextFor(event, *tool, *trigger)
	var ce *claude.ContextError
	if errors.As(err, &ce) {
		return usagef("%s", ce.Error())
	}
	if *input != "" {
		if pctx == nil || pctx.ToolName == "" {
			return usagef("--input is the tool input of a tool event; give --tool too")
		}
		if pctx.ToolInput, err = readToolInput(io, *input); err != nil {
			return err
		}
	}
	p := io.loadClaudeProject(*dir)
	plan := p.reg.Plan(event, pctx)
	if *asJSON {
		return writeJSON(io.Stdout, claudePlanDocument(event, pctx, plan))
	}
	label := claudeContextLabel(pctx)
	if plan == nil {
		printf(io.Stdout, "%s%s: no hook runs\n", event, label)
		return nil
	}
	printf(io.Stdout, "%s%s: %d hook(s) run in parallel\n", event, label, len(plan.Hooks))
	tw := tabwriter.NewWriter(io.Stdout, 2, 4, 2, ' ', 0)
	for i, h := range plan.Hooks {
		printf(tw, "  %d.\t[%s] %s\t%s\t%s\n", i+1, h.Type, claude.Label(h), originLabel(h), plan.Notes[h.ID])
	}
	return tw.Flush()
}

// readToolInput reads a JSON object from a file or stdin.
func readToolInput(cio *IO, name string) (map[string]any, error) {
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
	return v, nil
}

func claudeEventList() string {
	var names []string
	for _, e := range claude.Events() {
		names = append(names, string(e.Name))
	}
	return strings.Join(names, ", ")
}

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

// claudePlanDoc mirrors the Gemini plan document (sequential is always
// false: Claude Code runs an event's hooks in parallel).
type claudePlanDoc struct {
	Agent      hooks.Agent         `json:"agent"`
	Event      hooks.Event         `json:"event"`
	Context    *claude.Context     `json:"context"`
	Sequential bool                `json:"sequential"`
	Hooks      []claudePlanHookDoc `json:"hooks"`
}

type claudePlanHookDoc struct {
	Name    string `json:"name"`
	Type    string `json:"type"`
	Command string `json:"command"`
	Origin  string `json:"origin"`
	Plugin  string `json:"plugin,omitempty"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	ID      string `json:"id"`
	Note    string `json:"note,omitempty"`
}

func claudePlanDocument(event hooks.Event, ctx *claude.Context, plan *claude.Plan) claudePlanDoc {
	doc := claudePlanDoc{Agent: claude.Name, Event: event, Context: ctx, Hooks: []claudePlanHookDoc{}}
	if plan == nil {
		return doc
	}
	for _, h := range plan.Hooks {
		doc.Hooks = append(doc.Hooks, claudePlanHookDoc{
			Name: claude.Label(h), Type: h.Type, Command: h.Command, Origin: string(h.Origin.Layer),
			Plugin: h.Origin.Extension, File: h.Origin.File, Line: h.Origin.Line, ID: h.ID, Note: plan.Notes[h.ID],
		})
	}
	return doc
}
