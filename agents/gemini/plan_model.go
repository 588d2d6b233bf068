package gemini

import "github.com/hookwarden/hookwarden/hooks"

// source is Gemini CLI's ConfigSource label for a registered hook.
type source string

// Sources that occur for hooks from files.
const (
	// sourceProject is what Gemini labels every settings-file hook, whatever
	// file it came from.
	sourceProject    source = "project"
	sourceExtensions source = "extensions"
)

// hookPlan is what Gemini CLI would run for one event and context.
type hookPlan struct {
	Event      hooks.Event
	Sequential bool
	Hooks      []*hooks.Hook
}

// selectNamed returns the part of the plan whose hooks a selector names
// (run --hook: by display name, name, command, Gemini's name:command key or
// ID), in plan order, and the selectors that named no hook. With no
// selectors it returns the plan.
func (p *hookPlan) selectNamed(selectors []string) (*hookPlan, []string) {
	if p == nil || len(selectors) == 0 {
		return p, nil
	}
	sel := &hookPlan{Event: p.Event, Sequential: p.Sequential}
	used := make([]bool, len(selectors))
	for _, h := range p.Hooks {
		for i, want := range selectors {
			if want == h.DisplayName() || want == h.Name || want == h.Command || want == hookKey(h) || want == h.ID {
				used[i] = true
				sel.Hooks = append(sel.Hooks, h)
				break
			}
		}
	}
	var missing []string
	for i, u := range used {
		if !u {
			missing = append(missing, selectors[i])
		}
	}
	return sel, missing
}
