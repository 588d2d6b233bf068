package all

import (
	"context"
	"encoding/json"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/hooks"
)

// runDocTop are the members of `run --json`, in order, for every agent.
var runDocTop = []string{"agent", "project", "event", "label", "plan", "input", "verdict", "sequential", "hooks",
	"held", "held_note", "notes", "warnings", "summary", "sandbox", "duration_ms"}

// runDocOf is the `run --json` document of res, as a face writes it.
func runDocOf(t *testing.T, res *agents.RunResult) (map[string]json.RawMessage, []string, []byte) {
	t.Helper()
	raw, err := json.Marshal(res.Document)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	var order []string
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		t.Fatalf("run --json is no object: %s", raw)
	}
	for dec.More() {
		k, _ := dec.Token()
		order = append(order, k.(string))
		var skip json.RawMessage
		dec.Decode(&skip)
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return doc, order, raw
}

// Every agent's `run --json` is one schema, the kit's (agents.RunDocument):
// the same members in the same order; "agent" an object of the agent's
// name and title and what only it says of the run; each hook the kit's
// run of it (what only the agent says of it in the hook's "agent"). What
// the run did is in it: the hook's ID, its exit code and stdout, the
// verdict; a hook held back is named in "held" with why. (Before, Gemini
// CLI, Claude Code and Codex CLI each wrote a document of their own, and
// the kit's had four members.)
func TestEveryAgentsRunDocumentIsOneSchema(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX shell")
	}
	kitHook := []string{"id", "label", "where", "ran", "exit_code", "has_exit_code", "stdout", "stderr", "has_streams", "timeout_ns", "duration_ns", "verdict", "summary"}
	for _, a := range Registry().All() {
		name, title := a.Info().Name, a.Info().Title
		t.Run(name, func(t *testing.T) {
			fx := planFixture[name]
			p := openPlanFixture(t, a)
			req := agents.RunRequest{Event: hooks.Event(fx.event), Query: agents.Query{Tool: fx.tool}, Confirmed: true}
			if name == "codex" {
				req.Select = []string{"echo one"} // Codex skips a hook it does not trust; --hook runs it
			}
			res, err := p.DryRun(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			doc, order, raw := runDocOf(t, res)
			if !slices.Equal(order, runDocTop) {
				t.Errorf("members %v, want %v:\n%s", order, runDocTop, raw)
			}
			if _, ok := res.Document.(agents.RunDocument); !ok {
				t.Errorf("document %T, want agents.RunDocument", res.Document)
			}
			var agent struct{ Name, Title string }
			if json.Unmarshal(doc["agent"], &agent); agent.Name != name || agent.Title != title {
				t.Errorf("agent %s, want an object of name %q and title %q", doc["agent"], name, title)
			}
			var event string
			var plan struct {
				Agent          any
				Hooks, Skipped []struct{ ID string }
			}
			json.Unmarshal(doc["event"], &event)
			json.Unmarshal(doc["plan"], &plan)
			if event != fx.event || len(plan.Hooks)+len(plan.Skipped) == 0 || len(res.Gate.Planned) != 1 ||
				!slices.ContainsFunc(append(plan.Hooks, plan.Skipped...), func(h struct{ ID string }) bool { return h.ID == res.Gate.Planned[0].ID }) {
				t.Errorf("event %q, plan %s, want the plan document of the one planned hook", event, doc["plan"])
			}
			var input map[string]any
			if err := json.Unmarshal(doc["input"], &input); err != nil || len(input) == 0 {
				t.Errorf("input %s: want the payload as an object", doc["input"])
			}
			var runs []map[string]json.RawMessage
			json.Unmarshal(doc["hooks"], &runs)
			if len(runs) != 1 {
				t.Fatalf("%d hook runs, want 1:\n%s", len(runs), raw)
			}
			for _, k := range kitHook {
				if _, ok := runs[0][k]; !ok {
					t.Errorf("hook run lacks %q:\n%s", k, raw)
				}
			}
			var run struct {
				ID       string
				Ran      bool
				ExitCode *int `json:"exit_code"`
				Stdout   string
			}
			json.Unmarshal(doc["hooks"][1:len(doc["hooks"])-1], &run)
			if run.ID != res.Gate.Planned[0].ID || !run.Ran || run.ExitCode == nil || *run.ExitCode != 0 || run.Stdout != "one\n" {
				t.Errorf("the hook's run %+v, want ID %s, exit 0, stdout one:\n%s", run, res.Gate.Planned[0].ID, raw)
			}
			var verdict agents.Verdict
			if json.Unmarshal(doc["verdict"], &verdict); verdict.Effect != res.Verdict.Effect || verdict.Headline != res.Verdict.Headline {
				t.Errorf("verdict %s, want %+v", doc["verdict"], res.Verdict)
			}
		})
	}
}

// `run --json` names the hooks the gate held back, each with why, and the
// exit message, for every agent whose project hooks need review (before,
// Claude Code's listed labels only, Copilot CLI's and Qwen Code's none).
func TestEveryAgentsRunDocumentNamesTheHeldHooks(t *testing.T) {
	for _, a := range Registry().All() {
		t.Run(a.Info().Name, func(t *testing.T) {
			fx := gateFixture[a.Info().Name]
			p, dir := openGateFixture(t, a)
			res, err := p.DryRun(context.Background(), agents.RunRequest{Event: hooks.Event(fx.event), Query: agents.Query{Tool: fx.tool}})
			if err != nil {
				t.Fatal(err)
			}
			if exists(dir, "one") || exists(dir, "two") {
				t.Fatal("an unconfirmed hook ran")
			}
			doc, _, raw := runDocOf(t, res)
			var held []agents.HeldHook
			var note string
			json.Unmarshal(doc["held"], &held)
			json.Unmarshal(doc["held_note"], &note)
			if len(held) != 2 || note == "" || note != res.HeldNote {
				t.Fatalf("held %+v, held_note %q:\n%s", held, note, raw)
			}
			for i, h := range held {
				if h.ID != res.Gate.Held[i].ID || h.Reason == "" || h.Name == "" || h.Origin == "" {
					t.Errorf("held hook %d %+v, want %s with its name, layer and why", i, h, res.Gate.Held[i].ID)
				}
			}
		})
	}
}

// The plan in `run --json` is the plan the run followed: a run that picks
// one of the two planned hooks by ID (as a face leaves its own observer
// out of a replay) lists that one alone, not the hook it left out; the
// hooks the agent does not run are `plan --json`'s, not the run's (the
// replay of a recorded event names only what the agent ran).
func TestEveryAgentsRunDocumentPlansWhatTheRunTook(t *testing.T) {
	for _, a := range Registry().All() {
		t.Run(a.Info().Name, func(t *testing.T) {
			fx := gateFixture[a.Info().Name]
			p, dir := openGateFixture(t, a)
			plan, err := p.Plan(hooks.Event(fx.event), agents.Query{Tool: fx.tool})
			if err != nil || len(plan.Hooks) != 2 {
				t.Fatalf("plan: %v, %d hooks", err, len(plan.Hooks))
			}
			res, err := p.DryRun(context.Background(), agents.RunRequest{Event: hooks.Event(fx.event), Query: agents.Query{Tool: fx.tool},
				HookIDs: []string{plan.Hooks[0].ID}, Confirmed: true})
			if err != nil {
				t.Fatal(err)
			}
			if !exists(dir, "one") || exists(dir, "two") {
				t.Fatal("the run did not run the picked hook alone")
			}
			doc, _, raw := runDocOf(t, res)
			if strings.Contains(string(doc["plan"]), plan.Hooks[1].ID) {
				t.Errorf("the plan in run --json lists a hook the run left out:\n%s", raw)
			}
			if !strings.Contains(string(doc["plan"]), plan.Hooks[0].ID) {
				t.Errorf("the plan in run --json lacks the hook the run took:\n%s", raw)
			}
			for _, sk := range plan.Skipped {
				if strings.Contains(string(doc["plan"]), sk.ID) {
					t.Errorf("the plan in run --json lists %s, which the agent does not run:\n%s", sk.ID, raw)
				}
			}
		})
	}
}
