package geminicli

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/hookwarden/hookwarden/agents"
	"github.com/hookwarden/hookwarden/agents/gemini"

	"github.com/hookwarden/hookwarden/hooks"
	"github.com/hookwarden/hookwarden/settingsio"
)

// Acceptance test of issue 2: for the events one prompt fires (SessionStart,
// BeforeAgent, BeforeTool and AfterTool of read_file), the hooks the real
// Gemini CLI 0.61 runs are exactly those the plan of Hookwarden's Gemini CLI agent
// lists — same set, same count, and the same order where the plan is
// sequential.

// checkedEvent is an event the fixture's conversation fires once, the
// planner context the CLI passes for it, and the id prefix of its hooks.
type checkedEvent struct {
	event  hooks.Event
	ctx    agents.Query
	prefix string
}

var checkedEvents = []checkedEvent{
	{"SessionStart", agents.Query{Trigger: "startup"}, "ss."},
	{"BeforeAgent", agents.Query{}, "ba."},
	{"BeforeTool", agents.Query{Tool: "read_file"}, "bt."},
	{"AfterTool", agents.Query{Tool: "read_file"}, "at."},
}

// openProject opens the fixture's project through the contract, as
// Hookwarden's faces do, with the registry Gemini CLI's agent merged.
func openProject(t *testing.T, project, home string, environ []string) (agents.Project, *gemini.Registry) {
	t.Helper()
	p, err := gemini.New().Open(context.Background(), agents.Env{Vars: settingsio.Env(environ), GOOS: runtime.GOOS, Home: home}, project)
	if err != nil {
		t.Fatal(err)
	}
	return p, p.(*gemini.Project).Registry()
}

// planOf is the project's plan of the checked event.
func planOf(t *testing.T, p agents.Project, c checkedEvent) *agents.Plan {
	t.Helper()
	plan, err := p.(agents.Planner).Plan(c.event, c.ctx)
	if err != nil {
		t.Fatal(err)
	}
	return plan
}

// hookIDPattern pulls the fixture id out of a hook command.
var hookIDPattern = regexp.MustCompile(`echo ([a-z]{2}\.\S*) >> `)

func TestPlanMatchesRealGemini(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the real Gemini CLI nine times (~15-40 s); skipped with -short")
	}
	bundle := RequireBundle(t)
	allLayers := []settingsio.Layer{settingsio.LayerSystemDefaults, settingsio.LayerUser,
		settingsio.LayerWorkspace, settingsio.LayerSystem, settingsio.LayerExtension}
	variants := []struct {
		fixtureVariant
		// wantLayers must each contribute at least one hook that runs, so
		// that an empty agreement cannot pass.
		wantLayers []settingsio.Layer
		// wantSequential: the fixture makes BeforeTool sequential.
		wantSequential bool
	}{
		{fixtureVariant{name: "trusted-by-trustedFolders.json", trust: "TRUST_FOLDER"},
			allLayers, true},
		{fixtureVariant{name: "trusted-by-GEMINI_CLI_TRUST_WORKSPACE", trustEnv: true},
			allLayers, true},
		{fixtureVariant{name: "system-files-in-insecure-folder", trust: "TRUST_FOLDER", insecureSystem: true},
			[]settingsio.Layer{settingsio.LayerUser, settingsio.LayerWorkspace, settingsio.LayerExtension}, true},
		{fixtureVariant{name: "untrusted-folder-interactive", trust: "DO_NOT_TRUST", interactive: true},
			[]settingsio.Layer{settingsio.LayerExtension}, false},
		{fixtureVariant{name: "trusted-by-TRUST_PARENT-rule", trust: "TRUST_PARENT", trustKey: "sub"},
			allLayers, true},
		{fixtureVariant{name: "folder-trust-feature-off", edit: func(s map[string]map[string]any) {
			setIn(s, "user", "security", "folderTrust", map[string]any{"enabled": false})
		}}, allLayers, true},
		// hooksConfig.enabled is a scalar: the workspace (trusted) beats the user.
		{fixtureVariant{name: "hooks-off-in-user-on-in-workspace", trust: "TRUST_FOLDER", edit: func(s map[string]map[string]any) {
			setIn(s, "user", "hooksConfig", "enabled", false)
			setIn(s, "workspace", "hooksConfig", "enabled", true)
		}}, allLayers, true},
		// The system file beats the workspace; no hooks run, not even the
		// extensions' (if the system file is skipped as insecure, they all run).
		{fixtureVariant{name: "hooks-off-in-system", trust: "TRUST_FOLDER", edit: func(s map[string]map[string]any) {
			setIn(s, "workspace", "hooksConfig", "enabled", true)
			setIn(s, "system", "hooksConfig", "enabled", false)
		}}, nil, false},
		// In an untrusted folder the workspace's enabled:true does not count.
		{fixtureVariant{name: "hooks-off-in-user-untrusted-interactive", trust: "DO_NOT_TRUST", interactive: true,
			edit: func(s map[string]map[string]any) {
				setIn(s, "user", "hooksConfig", "enabled", false)
				setIn(s, "workspace", "hooksConfig", "enabled", true)
			}}, nil, false},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			if v.interactive {
				RequireTmux(t)
			}
			f := newPlanFixture(t, bundle, v.fixtureVariant)
			wantLayers := v.wantLayers
			if !f.systemSecure && !v.insecureSystem {
				t.Logf("not running as root: Gemini skips the system files of this fixture (%s)", f.sysDir)
				wantLayers = slices.DeleteFunc(slices.Clone(wantLayers), func(l settingsio.Layer) bool {
					return l == settingsio.LayerSystem || l == settingsio.LayerSystemDefaults
				})
			}
			res, err := Run(context.Background(), f.opts)
			if err != nil || res.ExitCode != 0 {
				t.Fatalf("gemini CLI: err %v, exit %d (%s)\nstdout: %s\nstderr: %s\nscreen:\n%s",
					err, res.ExitCode, f, res.Stdout, res.Stderr, res.Screen)
			}
			t.Logf("gemini CLI run: %s", res.Duration.Round(1e6))
			if out := res.Stderr + res.Screen; strings.Contains(out, "failed for event") {
				t.Errorf("fixture check: a hook failed in the real CLI (%s)\nstderr: %s\nscreen:\n%s", f, res.Stderr, res.Screen)
			}
			fired := firedByEvent(t, readLines(t, f.log))
			modes := readLines(t, f.modes)

			p, reg := openProject(t, f.project, f.home, f.opts.Environ())
			layersRun := map[settingsio.Layer]bool{}
			for _, c := range checkedEvents {
				plan := planOf(t, p, c)
				planned := plannedIDs(t, plan)
				for _, h := range planHooks(plan) {
					layersRun[h.Origin.Layer] = true
				}
				comparePlan(t, reg, c.event, plan, planned, fired[c.prefix])
				compareMode(t, c.event, plan, modes)
				if c.event == "BeforeTool" && (plan != nil && plan.Sequential) != v.wantSequential {
					t.Errorf("fixture check: BeforeTool plan sequential = %v, the fixture makes it %v",
						plan != nil && plan.Sequential, v.wantSequential)
				}
			}
			for _, l := range wantLayers {
				if !layersRun[l] {
					t.Errorf("fixture check: no planned hook from layer %s, the fixture has some that run (%s)", l, f)
				}
			}
		})
	}
}

// firedByEvent groups the logged ids by their event prefix.
func firedByEvent(t *testing.T, lines []string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, id := range lines {
		known := false
		for _, c := range checkedEvents {
			if strings.HasPrefix(id, c.prefix) {
				out[c.prefix] = append(out[c.prefix], id)
				known = true
			}
		}
		if !known {
			t.Errorf("log line %q is not a fixture hook id", id)
		}
	}
	return out
}

func planHooks(p *agents.Plan) []*hooks.Hook {
	if p == nil {
		return nil
	}
	return p.Hooks
}

// plannedIDs returns the fixture ids of the plan's hooks, in plan order.
func plannedIDs(t *testing.T, p *agents.Plan) []string {
	t.Helper()
	var ids []string
	for _, h := range planHooks(p) {
		m := hookIDPattern.FindStringSubmatch(h.Command)
		if m == nil {
			t.Fatalf("planned hook %s has command %q, which no fixture hook has", describeHook(h), h.Command)
		}
		ids = append(ids, m[1])
	}
	return ids
}

// comparePlan reports every difference between the plan and what fired.
func comparePlan(t *testing.T, reg *gemini.Registry, event hooks.Event, plan *agents.Plan, planned, fired []string) {
	t.Helper()
	sortedPlanned, sortedFired := slices.Sorted(slices.Values(planned)), slices.Sorted(slices.Values(fired))
	if !slices.Equal(sortedPlanned, sortedFired) {
		var b strings.Builder
		fmt.Fprintf(&b, "%s: the plan and the real CLI disagree\n  planned: %v\n  fired:   %v\n", event, planned, fired)
		for _, id := range multisetMinus(sortedPlanned, sortedFired) {
			fmt.Fprintf(&b, "  planned but not run by Gemini: %s\n", describeID(reg, event, id))
		}
		for _, id := range multisetMinus(sortedFired, sortedPlanned) {
			fmt.Fprintf(&b, "  run by Gemini but not planned: %s\n", describeID(reg, event, id))
		}
		t.Error(b.String())
		return
	}
	if plan != nil && plan.Sequential && !slices.Equal(planned, fired) {
		t.Errorf("%s: sequential plan order %v, the real CLI ran %v", event, planned, fired)
	}
}

// multisetMinus returns the elements of a (sorted) not matched in b (sorted).
func multisetMinus(a, b []string) []string {
	var out []string
	i := 0
	for _, x := range a {
		for i < len(b) && b[i] < x {
			i++
		}
		if i < len(b) && b[i] == x {
			i++
			continue
		}
		out = append(out, x)
	}
	return out
}

// describeID names the registry hooks of event with fixture id, with their
// origin and status, for a failure message.
func describeID(reg *gemini.Registry, event hooks.Event, id string) string {
	var found []string
	for _, h := range reg.Hooks {
		if h.Event != event {
			continue
		}
		if m := hookIDPattern.FindStringSubmatch(h.Command); m != nil && m[1] == id {
			found = append(found, describeHook(h))
		}
	}
	if len(found) == 0 {
		return id + " (not in the registry)"
	}
	return id + ": " + strings.Join(found, "; ")
}

func describeHook(h *hooks.Hook) string {
	return fmt.Sprintf("{name %q, layer %s, %s:%d %s, status %s %q}", h.Name, h.Origin.Layer,
		h.Origin.File, h.Origin.Line, h.Origin.Path, h.Status, h.Reason)
}

// compareMode checks the plan's sequential flag against what the
// rendezvous hooks of event saw ("<event>:parallel" or
// "<event>:sequential"), when the event has them in this variant.
func compareMode(t *testing.T, event hooks.Event, plan *agents.Plan, modes []string) {
	t.Helper()
	rendezvous := slices.ContainsFunc(planHooks(plan), func(h *hooks.Hook) bool {
		return strings.Contains(h.Command, string(event)+":parallel >> ")
	})
	seen := false
	for _, line := range modes {
		ev, mode, _ := strings.Cut(line, ":")
		if ev != string(event) {
			continue
		}
		seen = true
		sequential := plan != nil && plan.Sequential
		if (mode == "sequential") != sequential {
			t.Errorf("%s: plan sequential = %v, but the real CLI ran the hooks %s", event, sequential, mode)
		}
	}
	if rendezvous && !seen {
		t.Errorf("fixture check: %s's rendezvous hook is planned but reported no mode", event)
	}
}
