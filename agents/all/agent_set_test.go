package all

import (
	"context"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/assets"
	"github.com/hookwarden/hookwarden/hooks"
)

// Every hook an agent reads carries that agent (an empty Agent is no
// agent's): the entries of Project.Hooks (hooks and the other commands) and
// those of every plan, in the demo project, which has hooks of every agent.
func TestEveryAgentsHooksCarryTheirAgent(t *testing.T) {
	demo, err := assets.MaterializeDemo(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	env := agents.Env{Vars: demo.Overlay(nil), GOOS: "linux", Home: demo.Home}
	for _, a := range Registry().All() {
		name := hooks.Agent(a.Info().Name)
		p, err := a.Open(context.Background(), env, demo.ProjectDir)
		if err != nil {
			t.Fatalf("%s: Open: %v", name, err)
		}
		if len(p.Hooks()) == 0 {
			t.Fatalf("%s: the demo has no hooks", name)
		}
		for _, h := range p.Hooks() {
			if h.Agent != name {
				t.Errorf("%s: hook %s (%s) carries agent %q", name, h.ID, h.Kind, h.Agent)
			}
		}
		for _, e := range a.Events() {
			plan, err := p.Plan(e.Name, agents.Query{})
			if err != nil {
				continue // the event needs a context; its hooks are in Hooks above
			}
			for _, h := range plan.Hooks {
				if h.Agent != name {
					t.Errorf("%s: planned hook %s of %s carries agent %q", name, h.ID, e.Name, h.Agent)
				}
			}
		}
	}
}
